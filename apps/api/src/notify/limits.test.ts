/**
 * The hourly limit with its digest, and the optional hashrate-drop alert, on real PostgreSQL
 * and a real SMTP server, with a limit of two alerts an hour.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { applyMinerEmail, confirmEmail, minerSubscriptions } from './subscriptions.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const MIN = 60_000;
let h: Harness;
let smtp: TestSmtpServer;
let seq = 0;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

const share = (address: string, worker: string, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address,
  worker,
  scheme: 'pps',
  difficulty: 1000,
  status: 'valid',
  ip: '203.0.113.30',
  at,
});
const subjects = (to: string) =>
  smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text.includes(to)).map((mail) => mail.subject);

async function subscribe(address: string, email: string, extra: { hashrateDropPct?: number } = {}) {
  await applyMinerEmail(
    h.db.pool,
    { coin: 'ltc', address, email, locale: 'en', onOffline: false, onPayout: true, ...extra },
    h.clock.now,
  );
  const sub = (await minerSubscriptions(h.db.pool, 'ltc', address)).find((s) => s.channel === 'email')!;
  await confirmEmail(h.db.pool, sub.id, h.clock.now);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await createHarness(T0, { notify: { smtpUrl: smtp.url, mailDir, maxPerHour: 2 } });
}, 120_000);

afterAll(async () => {
  await h.close();
  await smtp.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

// Scenarios of many steps on real PostgreSQL: minutes on a loaded machine are not a failure.
describe('limits', { timeout: 120_000 }, () => {
  it('sends at most the hourly limit, then the rest together in one digest when the hour frees', async () => {
    const P = 'ltc1qmanypayouts00000000000000000000000mmmm';
    await h.ingest('test', [share(P, 'w1', h.clock.now)]);
    await subscribe(P, 'many@example.test');
    for (let i = 1; i <= 4; i += 1) {
      await h.db.pool.query(`insert into payouts (coin, address, amount, created_at) values ('ltc', $1, $2, $3)`, [
        P,
        i * 1_000_000,
        new Date(h.clock.now + i * 1000),
      ]);
    }
    expect(await h.engine.sendPayouts()).toBe(4);
    h.clock.now += 5 * MIN;
    await h.notifier!.sendOnce();
    expect(subjects('many@example.test')).toEqual(['Payout sent: 0.010000 LTC', 'Payout sent: 0.020000 LTC']);
    h.clock.now += 30 * MIN;
    await h.notifier!.sendOnce();
    expect(subjects('many@example.test')).toHaveLength(2);
    h.clock.now += 31 * MIN;
    await h.notifier!.sendOnce();
    expect(subjects('many@example.test')).toEqual([
      'Payout sent: 0.010000 LTC',
      'Payout sent: 0.020000 LTC',
      'Alerts gathered: 2',
    ]);
    const digest = smtp.messages.at(-1)!;
    expect(digest.text).toMatch(/- \d\d:\d\d UTC: Payout sent: 0\.030000 LTC\n- \d\d:\d\d UTC: Payout sent: 0\.040000 LTC/);
    await h.notifier!.sendOnce();
    expect(subjects('many@example.test')).toHaveLength(3);
  });

  it('tells a hashrate drop below the chosen share of the 24-hour average, and its recovery, once each', async () => {
    const H = 'ltc1qhashdrop0000000000000000000000000hhhh';
    const rigs = ['r1', 'r2', 'r3', 'r4'];
    // A day of four rigs, a share each per minute, ending now.
    const start = h.clock.now;
    const day: IngestEvent[] = [];
    for (let t = start; t < start + 24 * 60 * MIN; t += MIN) for (const rig of rigs) day.push(share(H, rig, t));
    h.clock.now = start + 24 * 60 * MIN;
    for (let i = 0; i < day.length; i += 1000) {
      const response = await h.ingest('day', day.slice(i, i + 1000));
      expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    }
    await subscribe(H, 'drop@example.test', { hashrateDropPct: 50 });
    const step = async (minutes: number, active: string[]) => {
      for (let i = 0; i < minutes; i += 1) {
        h.clock.now += MIN;
        await h.ingest(
          'day',
          active.map((rig) => share(H, rig, h.clock.now)),
        );
        await h.notifier!.watchOnce();
        await h.notifier!.sendOnce();
      }
    };
    await step(15, rigs);
    expect(subjects('drop@example.test')).toEqual([]);
    await step(25, ['r1']);
    expect(subjects('drop@example.test')).toEqual(['Hashrate dropped']);
    expect(smtp.messages.at(-1)!.text).toMatch(/over the last 10 minutes, .+, is below 50% of its 24-hour average/);
    await step(25, ['r1']);
    expect(subjects('drop@example.test')).toHaveLength(1);
    await step(25, rigs);
    expect(subjects('drop@example.test')).toEqual(['Hashrate dropped', 'Hashrate recovered']);
  });
});
