/**
 * The bot in webhook mode (TELEGRAM_WEBHOOK_URL): it registers the URL with its secret at the
 * Bot API, the API serves that path, refuses calls without the secret before reading their
 * body, and answers commands with one quiet 200 (the body was once parsed first,
 * and every accepted update logged three ERR_HTTP_HEADERS_SENT errors).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../testing/telegram-stand-in.ts';
import { webhookSecret } from './telegram.ts';

const TOKEN = '123456:TEST-webhook-abcdefghijklmnop';
let h: Harness;
let telegram: TelegramStandIn;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  h = await createHarness(Date.UTC(2026, 10, 20), {
    notify: { mailDir, telegram: { token: TOKEN, apiRoot: telegram.apiRoot, webhookUrl: 'https://pool.test/telegram/updates' } },
    logLevel: 'info',
  });
  h.notifier!.bot!.start(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
  await telegram.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

const update = (text: string) => ({
  update_id: 1,
  message: { message_id: 1, date: 1, chat: { id: 42, type: 'private' }, from: { id: 42, is_bot: false, first_name: 'M' }, text },
});

// Scenarios of many steps on real PostgreSQL: minutes on a loaded machine are not a failure.
describe('Telegram webhook', { timeout: 120_000 }, () => {
  it('registers the webhook, refuses calls without its secret, and answers commands', async () => {
    await expect.poll(() => telegram.calls.includes('setWebhook')).toBe(true);
    expect(telegram.calls).not.toContain('getUpdates');
    const refused = await h.app.inject({ method: 'POST', url: '/telegram/updates', payload: update('/list') });
    expect(refused.statusCode).toBe(401);
    await expect.poll(() => h.notifier!.bot!.username()).toBe('openpool_test_bot');
    const answered = await h.app.inject({
      method: 'POST',
      url: '/telegram/updates',
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(TOKEN) },
      payload: update('/list'),
    });
    expect(answered.statusCode).toBe(200);
    const [reply] = await telegram.waitFor(42, 1);
    expect(reply!.text).toBe('This chat follows no miner yet. Add one with /add <coin> <address>.');
  });

  it('refuses a wrong or missing secret before reading the body', async () => {
    // A body far over the limit, and one that is not JSON: read first, they would answer 413 and 400.
    const huge = `{"update_id":1,"junk":"${'x'.repeat(3_000_000)}"}`;
    const garbage = '{"update_id": 1, this is not json';
    for (const secret of [undefined, 'wrong', `${webhookSecret(TOKEN)}x`, webhookSecret(TOKEN).slice(1)])
      for (const payload of [huge, garbage]) {
        const response = await h.app.inject({
          method: 'POST',
          url: '/telegram/updates',
          headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
          payload,
        });
        expect(response.statusCode, `${secret} ${payload.length}`).toBe(401);
      }
  });

  it('answers each accepted update with one 200 and logs nothing', async () => {
    await expect.poll(() => h.notifier!.bot!.username()).toBe('openpool_test_bot');
    h.appLogs.length = 0;
    h.logs.length = 0;
    for (let i = 0; i < 3; i += 1) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/telegram/updates',
        headers: { 'x-telegram-bot-api-secret-token': webhookSecret(TOKEN) },
        payload: { ...update('/help'), update_id: 10 + i },
      });
      expect(response.statusCode).toBe(200);
    }
    await telegram.waitFor(42, 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Fastify logs each request at info ('incoming request', 'request completed'): nothing above.
    const loud = h.appLogs.filter((line) => (JSON.parse(line) as { level: number }).level > 30);
    expect(loud).toEqual([]);
    expect(h.logs).toEqual([]);
  });
});
