/**
 * The bot in webhook mode (TELEGRAM_WEBHOOK_URL): it registers the URL with its secret at the
 * Bot API, the API serves that path, refuses calls without the secret, and answers commands.
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
});
