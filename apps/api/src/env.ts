/**
 * The API's environment, parsed once at start-up; nothing else reads process.env.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { referralSecretSchema } from '@openpool/domain/referral-landing';
import { trustProxySchema } from '@openpool/domain/trust-proxy';
import { OFFLINE_AFTER_S } from '@openpool/domain/miner-rules';
import {
  DEFAULT_PORTS,
  localOrigin,
  loopbackOrigin,
  metricsHostSchema,
  metricsPortSchema,
  nodeRpcUrlSchema,
  originSchema,
  parseEnvironment,
  portSchema,
} from '@openpool/domain/env-pieces';

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((value) => ['on', 'true', '1'].includes(value));

const schema = z
  .object({
    API_HOST: z.string().min(1).default('0.0.0.0'),
    API_PORT: portSchema.default(DEFAULT_PORTS.api),
    DATA_DIR: z.string().min(1).default('.data'),
    CONTENT_DIR: z.string().min(1).default('content'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
      .optional(),
    INGEST_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    /** The web server's port: the default CORS origins are the site's own (decision 008). */
    PORT: portSchema.default(DEFAULT_PORTS.site),
    CORS_ORIGINS: z.string().optional(),
    /** Proxies whose X-Forwarded-* headers are believed; none by default. */
    TRUST_PROXY: trustProxySchema,
    /** The public API's quota per client and minute (decision 023); 0 turns limits off. */
    API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(300),
    /** Exports per client and 10 minutes, on top of that. */
    API_EXPORT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Addresses never counted: the site's web servers (TRUST_PROXY's syntax). */
    API_RATE_LIMIT_EXEMPT: trustProxySchema.default(['loopback']),
    SIMULATOR: flag.default(true),
    SIMULATOR_SEED: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .default(20261121),
    SIMULATOR_MINERS: z.coerce.number().int().min(1).max(2000).default(20),
    SIMULATOR_BACKFILL_DAYS: z.coerce.number().min(0).max(30).default(7),
    /** `off` stops after the backfill: fixed data for browser tests. */
    SIMULATOR_LIVE: flag.default(true),
    RATES_PROVIDER: z.enum(['simulated', 'coingecko']).default('simulated'),
    COINGECKO_API_KEY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('warn'),
    SITE_URL: originSchema.optional(),
    PUBLIC_API_URL: originSchema.optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z
      .string()
      .regex(/^(.+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'an address, e.g. OpenPool <alerts@pool.example>')
      .default('OpenPool <alerts@openpool.localhost>'),
    NOTIFY_OFFLINE_AFTER_S: z.coerce.number().int().min(60).max(86_400).default(OFFLINE_AFTER_S),
    NOTIFY_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    /** The global mail budget, every replica together (decision 016); what is over waits. */
    NOTIFY_MAIL_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    NOTIFY_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    NOTIFY_SECRET: z.string().min(16, 'at least 16 characters').optional(),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'a bot token from @BotFather (123456:ABC…)')
      .optional(),
    TELEGRAM_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    TELEGRAM_API_ROOT: originSchema.optional(),
    /** A Litecoin node (decision 013): ltc payouts are real `sendmany`s from its wallet. */
    LTC_RPC_URL: nodeRpcUrlSchema.optional(),
    /** Who pays a payout's network fee: the pool's wallet, or the miners (deducted from their amounts). */
    LTC_PAYOUT_FEE: z.enum(['pool', 'miners']).default('pool'),
    /** A monerod (decision 031): the chain xmr's samples are judged by (regtest or main). */
    XMR_DAEMON_URL: originSchema.optional(),
    /** monero-wallet-rpc (loopback, --disable-rpc-login): xmr payouts are real `transfer`s from it. */
    XMR_WALLET_RPC_URL: originSchema.optional(),
    /** Who pays an xmr payout's network fee: the pool's wallet, or the miners (deducted from their amounts). */
    XMR_PAYOUT_FEE: z.enum(['pool', 'miners']).default('pool'),
    /** Where miners reach the xmr stratum server (`host:port`). */
    STRATUM_XMR_URL: z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port, e.g. 127.0.0.1:3334')
      .optional(),
    /** Where miners reach the ltc stratum server (`host:port`): the site's servers list and guides. */
    STRATUM_LTC_URL: z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port, e.g. 127.0.0.1:3333')
      .optional(),
    /** Shared with the web server, which signs referral landings with it (decision 017); unset: no referral is recorded. */
    REFERRAL_SECRET: referralSecretSchema,
    /** Prometheus metrics on their own port (decision 022); unset: none are kept. 0 picks a free port. */
    API_METRICS_PORT: metricsPortSchema,
    /** Interface of the metrics port: loopback unless the operator opens it. */
    METRICS_HOST: metricsHostSchema,
    /**
     * Seconds a stopping API keeps serving with `/ready` at 503 and `Connection: close` on every
     * answer, so a load balancer takes it out before its listener closes (rolling restarts).
     */
    API_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
    /** Where the migrations are read from; a release's own folder by default. */
    MIGRATIONS_DIR: z.string().min(1).optional(),
    /**
     * A frozen clock (an ISO 8601 instant, e.g. 2026-11-21T12:00:00Z): every figure, the
     * simulator's history and its rates are read at this moment, so a page and the API agree
     * whenever each is asked. For browser tests only (decision 032); unset, the wall clock.
     */
    FIXED_NOW: z.iso
      .datetime({ offset: true, error: 'an ISO 8601 instant such as 2026-11-21T12:00:00Z' })
      .transform((value) => Date.parse(value))
      .optional(),
  })
  .refine(
    (env) =>
      env.TELEGRAM_BOT_TOKEN !== undefined || (env.TELEGRAM_WEBHOOK_URL === undefined && env.TELEGRAM_API_ROOT === undefined),
    {
      message: 'set TELEGRAM_BOT_TOKEN too: without it there is no bot',
      path: ['TELEGRAM_BOT_TOKEN'],
    },
  );

export interface ApiEnv {
  host: string;
  port: number;
  dataDir: string;
  contentDir: string;
  databaseUrl?: string;
  ingestToken?: string;
  corsOrigins: string[];
  trustProxy: string[];
  /** Per-client quotas of the public API (decision 023). */
  rateLimits: { perMinute: number; exportsPer10Min: number; exempt: string[] };
  simulator: { enabled: boolean; live: boolean; seed: number; miners: number; backfillDays: number };
  rates: { provider: 'simulated' | 'coingecko'; coingeckoApiKey?: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  notify: NotifyEnv;
  /** Coins with a node: their payouts go through its wallet (and the simulator leaves them alone). */
  nodes: { coin: 'ltc'; rpcUrl: string; payoutFee: 'pool' | 'miners' }[];
  /** Coins on a Monero node (decision 031): payouts through monero-wallet-rpc when its URL is set. */
  moneroNodes: { coin: 'xmr'; daemonUrl: string; walletUrl?: string; payoutFee: 'pool' | 'miners' }[];
  /** Stratum addresses shown instead of content/pools.json's, by coin (no TLS: no SSL address). */
  stratumUrls: { coin: 'ltc' | 'xmr'; url: string }[];
  /** Checks the web server's signed referral landings (decision 017); unset, no referral is recorded. */
  referralSecret?: string;
  /** Where the metrics are served (decision 022); absent: no metrics at all. */
  metrics?: { host: string; port: number };
  drainMs: number;
  migrationsDir?: string;
  /** FIXED_NOW in milliseconds: the API's clock stands still there (browser tests). */
  fixedNow?: number;
}

export interface NotifyEnv {
  /** Public origins for links in mails and chats. */
  siteUrl: string;
  apiUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Demo mail without SMTP: $DATA_DIR/mail. */
  mailDir: string;
  offlineAfterS: number;
  maxPerHour: number;
  /** Mails a minute and an hour, all kinds, all replicas together. */
  mailPerMinute: number;
  mailPerHour: number;
  secret?: string;
  telegram?: { token: string; webhookUrl?: string; apiRoot?: string };
}

export function parseApiEnv(source: Record<string, string | undefined>, repoRoot: string): ApiEnv {
  const env = parseEnvironment(schema, source, 'the API');
  return {
    host: env.API_HOST,
    port: env.API_PORT,
    dataDir: resolve(repoRoot, env.DATA_DIR),
    contentDir: resolve(repoRoot, env.CONTENT_DIR),
    databaseUrl: env.DATABASE_URL,
    ingestToken: env.INGEST_TOKEN,
    corsOrigins: (env.CORS_ORIGINS ?? `${localOrigin(env.PORT)},${loopbackOrigin(env.PORT)}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    rateLimits: { perMinute: env.API_RATE_LIMIT, exportsPer10Min: env.API_EXPORT_LIMIT, exempt: env.API_RATE_LIMIT_EXEMPT },
    simulator: {
      enabled: env.SIMULATOR,
      live: env.SIMULATOR_LIVE,
      seed: env.SIMULATOR_SEED,
      miners: env.SIMULATOR_MINERS,
      backfillDays: env.SIMULATOR_BACKFILL_DAYS,
    },
    rates: { provider: env.RATES_PROVIDER, coingeckoApiKey: env.COINGECKO_API_KEY },
    logLevel: env.LOG_LEVEL,
    notify: {
      siteUrl: env.SITE_URL ?? localOrigin(env.PORT),
      apiUrl: env.PUBLIC_API_URL ?? localOrigin(env.API_PORT),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      mailDir: resolve(repoRoot, env.DATA_DIR, 'mail'),
      offlineAfterS: env.NOTIFY_OFFLINE_AFTER_S,
      maxPerHour: env.NOTIFY_MAX_PER_HOUR,
      mailPerMinute: env.NOTIFY_MAIL_PER_MINUTE,
      mailPerHour: env.NOTIFY_MAIL_PER_HOUR,
      secret: env.NOTIFY_SECRET,
      telegram: env.TELEGRAM_BOT_TOKEN
        ? { token: env.TELEGRAM_BOT_TOKEN, webhookUrl: env.TELEGRAM_WEBHOOK_URL, apiRoot: env.TELEGRAM_API_ROOT }
        : undefined,
    },
    nodes: env.LTC_RPC_URL ? [{ coin: 'ltc', rpcUrl: env.LTC_RPC_URL, payoutFee: env.LTC_PAYOUT_FEE }] : [],
    moneroNodes: env.XMR_DAEMON_URL
      ? [{ coin: 'xmr', daemonUrl: env.XMR_DAEMON_URL, walletUrl: env.XMR_WALLET_RPC_URL, payoutFee: env.XMR_PAYOUT_FEE }]
      : [],
    stratumUrls: [
      ...(env.STRATUM_LTC_URL ? [{ coin: 'ltc' as const, url: env.STRATUM_LTC_URL }] : []),
      ...(env.STRATUM_XMR_URL ? [{ coin: 'xmr' as const, url: env.STRATUM_XMR_URL }] : []),
    ],
    referralSecret: env.REFERRAL_SECRET,
    metrics: env.API_METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.API_METRICS_PORT },
    drainMs: env.API_DRAIN_SECONDS * 1000,
    migrationsDir: env.MIGRATIONS_DIR === undefined ? undefined : resolve(repoRoot, env.MIGRATIONS_DIR),
    fixedNow: env.FIXED_NOW,
  };
}
