/**
 * The Telegram monitoring bot, for real (grammY, long polling) against a local stand-in for
 * the Bot API: commands and their answers, the deep link from the miner page, the limit of
 * follows, and alerts from the outbox arriving in the chat.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../testing/telegram-stand-in.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const A = 'ltc1qtgminer0000000000000000000000000000aaa';
const PULSE = 'ltc1qpulse000000000000000000000000000000pppp';
const CHAT = 501;
let h: Harness;
let telegram: TelegramStandIn;
let seq = 0;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

const share = (address: string, worker: string, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address,
  worker,
  scheme: 'pps',
  difficulty: 64,
  status: 'valid',
  ip: '203.0.113.20',
  at,
});

let replies = 0;
/** Says something in the chat and resolves with the bot's answer. */
async function ask(text: string, chat = CHAT, languageCode = 'en'): Promise<string> {
  const before = telegram.sent.filter((m) => m.chatId === String(chat)).length;
  telegram.say(chat, text, languageCode);
  const all = await telegram.waitFor(chat, before + 1);
  replies += 1;
  return all[before]!.text;
}

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  h = await createHarness(T0, {
    notify: { mailDir, telegram: { token: '123456:TEST-token-abcdefghijklmnop', apiRoot: telegram.apiRoot } },
  });
  await h.ingest('test', [share(A, 'rig1', T0), share(PULSE, 'p1', T0)]);
  h.notifier!.bot!.start(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
  await telegram.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

// Scenarios of many steps on real PostgreSQL: minutes on a loaded machine are not a failure.
describe('Telegram monitoring bot', { timeout: 120_000 }, () => {
  it('answers its commands, and bad commands and addresses clearly', async () => {
    expect(await ask('/start')).toContain('/add <coin> <address>');
    expect(await ask('/list')).toBe('This chat follows no miner yet. Add one with /add <coin> <address>.');
    expect(await ask('/add xyz abc')).toMatch(/^Unknown coin "xyz"\. Coins of this pool: .*ltc/);
    expect(await ask('/add ltc not/an/address')).toBe('This is not a valid miner address.');
    expect(await ask('/add ltc')).toContain('Write it like this');
    expect(await ask('/frobnicate')).toBe('Unknown command. /help lists what I understand.');
    expect(await ask(`/add ltc ${A}`)).toBe(`Now following ${A} (LTC): workers offline and back online, payouts.`);
    expect(await ask(`/add ltc ${A}`)).toBe(`This chat already follows ${A} (LTC).`);
    expect(await ask('/add ltc ltc1qneverseen')).toContain('has not seen shares from this address yet');
    expect(await ask('/list')).toBe(`Miners this chat follows:\n1. LTC ${A}\n2. LTC ltc1qneverseen`);
    expect(await ask('/remove 2')).toBe('Stopped following ltc1qneverseen (LTC).');
    // The miner page learns what is watched and the bot's deep link from the API.
    const alerts = await h.get<Record<string, unknown>>(`/ltc/api/v1/miner/alerts/${A}`);
    expect(alerts.body).toEqual({
      email: null,
      telegram_chats: 1,
      telegram_bot: 'openpool_test_bot',
      telegram_link: `https://t.me/openpool_test_bot?start=ltc_${A}`,
    });
    const long = await h.get<Record<string, unknown>>(`/kas/api/v1/miner/alerts/kaspa:${'q'.repeat(61)}`);
    expect(long.body.telegram_link).toBeNull();
    expect(await ask('/settings 1 delay 15, drop 50')).toContain(
      `Saved.\n1. ${A} (LTC): offline on after 15 min, payouts on, hashrate drop 50%`,
    );
    expect(await ask('/settings 1 delay 3')).toContain('Change with /settings');
    expect(await ask('/status')).toMatch(
      // The balance as the site writes it: LTC with 6 decimals (decision 024).
      /^LTC ltc1q\S+\nHashrate: .+ \(10 min\), .+ \(24 h\)\nWorkers online: 1, offline: 0\nBalance: \d[\d\u202F]*\.\d{6} LTC\n/,
    );
    expect(await ask('/language xx')).toContain('Choose a language with /language <code>: en, ru, uk');
    expect(await ask('/language ru')).toBe('Теперь этот чат говорит по-русски.');
    expect(await ask('/list')).toBe(`Майнеры, за которыми следит чат:\n1. LTC ${A}`);
    expect(await ask('/language en')).toBe('This chat now speaks English.');
    expect(await ask('/settings 1 delay 10, drop off')).toContain('offline on after 10 min, payouts on, hashrate drop off');
  });

  it('follows at once from the deep link, at most 20 miners a chat', async () => {
    const chat = 777;
    expect(await ask(`/start ltc_${A}`, chat)).toContain(`Now following ${A} (LTC)`);
    for (let i = 1; i < 20; i += 1) expect(await ask(`/add ltc ltc1qfollow${i}`, chat)).toContain('Now following');
    expect(await ask('/add ltc ltc1qonetoomany', chat)).toBe('A chat follows at most 20 miners. Remove one first with /remove.');
    expect(await ask('/remove all', chat)).toBe('This chat follows no miner any more.');
    // A cashaddr comes through the deep link with its ':' as '-'.
    expect(await ask('/start bch_bitcoincash-qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', chat)).toContain(
      'Now following bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a (BCH)',
    );
  });

  it('sends the offline and back-online alerts to the chat, once each', async () => {
    const before = telegram.sent.filter((m) => m.chatId === String(CHAT)).length;
    const step = async (minutes: number, workers: string[]) => {
      for (let i = 0; i < minutes; i += 1) {
        h.clock.now += 60_000;
        await h.ingest('test', [share(PULSE, 'p1', h.clock.now), ...workers.map((w) => share(A, w, h.clock.now))]);
        await h.notifier!.watchOnce();
        await h.notifier!.sendOnce();
      }
    };
    await step(1, ['rig1']);
    await step(13, []);
    const alerts = await telegram.waitFor(CHAT, before + 1);
    expect(alerts[before]!.text).toMatch(
      /^Workers offline: 1\nThese workers of ltc1qtgm…000aaa \(LTC\) have sent no share for 10 min:\n• rig1\nOpen the miner stats: http:\/\/site\.test\/ltc\/miner\/stats\/ltc1q/,
    );
    await step(20, []);
    await step(2, ['rig1']);
    const all = await telegram.waitFor(CHAT, before + 2);
    expect(all.slice(before).map((m) => m.text.split('\n')[0])).toEqual(['Workers offline: 1', 'Back online: 1']);
  });

  it('gives up on a chat that blocked the bot, and counts it on /health', async () => {
    telegram.blocked.add(String(CHAT));
    h.clock.now += 60_000;
    await h.ingest('test', [share(PULSE, 'p1', h.clock.now)]);
    await h.notifier!.watchOnce();
    // Back less than an hour ago, so the flap guard wants twice the delay of silence.
    h.clock.now += 15 * 60_000;
    await h.ingest('test', [share(PULSE, 'p1', h.clock.now)]);
    expect((await h.notifier!.watchOnce()).offline).toBe(0);
    h.clock.now += 10 * 60_000;
    await h.ingest('test', [share(PULSE, 'p1', h.clock.now)]);
    expect((await h.notifier!.watchOnce()).offline).toBe(1);
    h.clock.now += 2 * 60_000;
    await h.notifier!.sendOnce();
    const health = await h.get<{ notifications: { failed: number; telegram: string } }>('/health');
    expect(health.body.notifications).toMatchObject({ failed: 1, telegram: 'openpool_test_bot' });
    expect(
      h.logs.some((line) => line.includes('failed for good after 1 attempt(s): Forbidden: bot was blocked by the user')),
    ).toBe(true);
    expect(replies).toBeGreaterThan(20);
  });
});
