/**
 * The bot and the mailer never take the API down: with Telegram unreachable and the SMTP
 * server refusing connections, the API keeps answering, nothing is lost (the message waits
 * for its next try) and the operator reads why in the log and on /health.
 */
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { applyMinerEmail } from './subscriptions.ts';

let h: Harness;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const [telegramPort, smtpPort] = [await closedPort(), await closedPort()];
  h = await createHarness(Date.UTC(2026, 10, 20), {
    notify: {
      mailDir,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      telegram: { token: '123456:TEST-down-abcdefghijklmnopq', apiRoot: `http://127.0.0.1:${telegramPort}` },
    },
  });
  h.notifier!.bot!.start(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('notifications with Telegram and SMTP down', { timeout: 120_000 }, () => {
  it('keeps the API answering, keeps the message for its next try, and says why', async () => {
    await applyMinerEmail(
      h.db.pool,
      { coin: 'ltc', address: 'ltc1qdown', email: 'down@example.test', locale: 'en' },
      h.clock.now,
    );
    expect(await h.notifier!.sendOnce()).toBe(0);
    await expect
      .poll(() => h.logs.some((line) => line.startsWith('telegram: ') && line.includes('retrying in 30 s')), { timeout: 20_000 })
      .toBe(true);
    expect(h.logs.some((line) => /confirm #\d+ to email failed, will retry: .*ECONNREFUSED/.test(line))).toBe(true);
    const health = await h.get<{ status: string; notifications: Record<string, unknown> }>('/health');
    expect(health.statusCode).toBe(200);
    expect(health.body.notifications).toMatchObject({ pending: 1, failed: 0, mail: 'smtp', telegram: 'starting' });
    expect((await h.get('/ltc/api/v1/pool/stats')).statusCode).toBe(200);
  });
});
