import { describe, expect, it } from 'vitest';
import { parseApiEnv } from './env.ts';

describe('parseApiEnv', () => {
  it('allows the site’s own origins by default, on the site’s port', () => {
    expect(parseApiEnv({}, '/srv').corsOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(parseApiEnv({ PORT: '4100' }, '/srv').corsOrigins).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100']);
    expect(parseApiEnv({ PORT: '4100', CORS_ORIGINS: 'https://openpool.example' }, '/srv').corsOrigins).toEqual([
      'https://openpool.example',
    ]);
  });

  it('believes no proxy by default, and lists a bad TRUST_PROXY entry', () => {
    expect(parseApiEnv({}, '/srv').trustProxy).toEqual([]);
    expect(parseApiEnv({ TRUST_PROXY: '10.0.0.1, loopback' }, '/srv').trustProxy).toEqual(['10.0.0.1', 'loopback']);
    const bad = () => parseApiEnv({ TRUST_PROXY: 'yes', PORT: '0' }, '/srv');
    expect(bad).toThrow(/TRUST_PROXY: 'yes' is not an IP address/);
    expect(bad).toThrow(/PORT: /);
  });

  it('reads the notification settings, with demo mail under DATA_DIR, and lists every bad one', () => {
    const env = parseApiEnv({ DATA_DIR: 'var', PORT: '4100' }, '/srv').notify;
    expect(env).toMatchObject({
      mailDir: '/srv/var/mail',
      offlineAfterS: 1200,
      maxPerHour: 10,
      siteUrl: 'http://localhost:4100',
    });
    expect(env.smtpUrl).toBeUndefined();
    expect(env.telegram).toBeUndefined();
    const bot = parseApiEnv(
      { TELEGRAM_BOT_TOKEN: '123456:abcdefghijklmnopqrstuvwxyz', TELEGRAM_API_ROOT: 'http://127.0.0.1:9/' },
      '/srv',
    );
    expect(bot.notify.telegram).toEqual({ token: '123456:abcdefghijklmnopqrstuvwxyz', apiRoot: 'http://127.0.0.1:9' });
    const bad = () =>
      parseApiEnv(
        { SMTP_URL: 'http://mail', NOTIFY_OFFLINE_AFTER_S: '5', TELEGRAM_WEBHOOK_URL: 'https://pool.example/tg' },
        '/srv',
      );
    expect(bad).toThrow(/SMTP_URL: /);
    expect(bad).toThrow(/NOTIFY_OFFLINE_AFTER_S: /);
    // The global mail budget (decision 016).
    expect(env).toMatchObject({ mailPerMinute: 60, mailPerHour: 1000 });
    expect(parseApiEnv({ NOTIFY_MAIL_PER_MINUTE: '600', NOTIFY_MAIL_PER_HOUR: '20000' }, '/srv').notify).toMatchObject({
      mailPerMinute: 600,
      mailPerHour: 20000,
    });
    expect(() => parseApiEnv({ NOTIFY_MAIL_PER_MINUTE: '0', NOTIFY_MAIL_PER_HOUR: 'lots' }, '/srv')).toThrow(
      /NOTIFY_MAIL_PER_MINUTE: [\s\S]*NOTIFY_MAIL_PER_HOUR: /,
    );
  });

  it('refuses Telegram settings without a bot token', () => {
    expect(() => parseApiEnv({ TELEGRAM_WEBHOOK_URL: 'https://pool.example/tg' }, '/srv')).toThrow(
      /TELEGRAM_BOT_TOKEN: set TELEGRAM_BOT_TOKEN too/,
    );
  });

  it('pays ltc from a node when LTC_RPC_URL is set, and refuses one without credentials or a bad fee mode', () => {
    expect(parseApiEnv({}, '/srv').nodes).toEqual([]);
    expect(parseApiEnv({ LTC_RPC_URL: 'http://u:p@127.0.0.1:9332/wallet/pool' }, '/srv').nodes).toEqual([
      { coin: 'ltc', rpcUrl: 'http://u:p@127.0.0.1:9332/wallet/pool', payoutFee: 'pool' },
    ]);
    expect(parseApiEnv({ LTC_RPC_URL: 'http://u:p@127.0.0.1:9332', LTC_PAYOUT_FEE: 'miners' }, '/srv').nodes[0]?.payoutFee).toBe(
      'miners',
    );
    expect(parseApiEnv({ STRATUM_LTC_URL: '127.0.0.1:3333' }, '/srv').stratumUrls).toEqual([
      { coin: 'ltc', url: '127.0.0.1:3333' },
    ]);
    expect(() => parseApiEnv({ STRATUM_LTC_URL: 'stratum+tcp://x' }, '/srv')).toThrow(/STRATUM_LTC_URL: host:port/);
    expect(() => parseApiEnv({ LTC_RPC_URL: 'http://127.0.0.1:9332' }, '/srv')).toThrow(/LTC_RPC_URL: http:\/\/user:pass/);
    expect(() => parseApiEnv({ LTC_RPC_URL: 'http://u:p@h:1', LTC_PAYOUT_FEE: 'nobody' }, '/srv')).toThrow(/LTC_PAYOUT_FEE: /);
  });

  it('takes REFERRAL_SECRET of 32 characters or more, or none (no referral recorded)', () => {
    expect(parseApiEnv({}, '/srv').referralSecret).toBeUndefined();
    expect(parseApiEnv({ REFERRAL_SECRET: 'r'.repeat(32) }, '/srv').referralSecret).toBe('r'.repeat(32));
    expect(() => parseApiEnv({ REFERRAL_SECRET: 'short' }, '/srv')).toThrow(/REFERRAL_SECRET: at least 32 characters/);
  });

  it('keeps metrics off unless a port is set, on loopback, and lists bad operation values', () => {
    expect(parseApiEnv({}, '/srv')).toMatchObject({ metrics: undefined, drainMs: 0, migrationsDir: undefined });
    expect(parseApiEnv({ API_METRICS_PORT: '9464', API_DRAIN_SECONDS: '2.5', MIGRATIONS_DIR: 'next' }, '/srv')).toMatchObject({
      metrics: { host: '127.0.0.1', port: 9464 },
      drainMs: 2500,
      migrationsDir: '/srv/next',
    });
    expect(() => parseApiEnv({ API_METRICS_PORT: '70000', API_DRAIN_SECONDS: '-1' }, '/srv')).toThrow(
      /API_METRICS_PORT[\s\S]*API_DRAIN_SECONDS/,
    );
  });

  it('freezes the clock only at a FIXED_NOW instant, and refuses a date that is not one', () => {
    expect(parseApiEnv({}, '/srv').fixedNow).toBeUndefined();
    expect(parseApiEnv({ FIXED_NOW: '2026-11-21T12:00:00Z' }, '/srv').fixedNow).toBe(Date.UTC(2026, 10, 21, 12));
    expect(parseApiEnv({ FIXED_NOW: '2026-11-21T13:30:00+01:30' }, '/srv').fixedNow).toBe(Date.UTC(2026, 10, 21, 12));
    expect(() => parseApiEnv({ FIXED_NOW: 'yesterday' }, '/srv')).toThrow(/FIXED_NOW: an ISO 8601 instant/);
    expect(() => parseApiEnv({ FIXED_NOW: '2026-11-21' }, '/srv')).toThrow(/FIXED_NOW: /);
  });
});
