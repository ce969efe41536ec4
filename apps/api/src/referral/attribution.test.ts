/**
 * Issue 17 item 5, reproduced first on the code of d82ef40: a direct call with a `ref`
 * cookie recorded a referral first for any address, even one that never mined, without
 * limit, and the real referrer then got `recorded: false`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
let h: Harness;
let seq = 0;

const mined = (address: string, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address,
  worker: 'rig',
  scheme: 'pps',
  difficulty: 1,
  status: 'valid',
  ip: '192.0.2.1',
  at,
});

const track = (miner: string, ref: string, client: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/referral/track?coin=ltc&miner=${miner}`,
    headers: { cookie: `ref=${ref}`, 'x-forwarded-for': client },
  });

beforeAll(async () => {
  h = await createHarness(NOW);
  const events = [mined('ltc1qveteran', NOW - 200 * DAY), mined('ltc1qveteran', NOW - DAY)];
  for (let i = 0; i < 8; i += 1) events.push(mined(`ltc1qnewminer${i}`, NOW - DAY));
  // The veteran's first share is 200 days old; every batch is kept in event order.
  expect((await h.ingest('miners', events)).statusCode).toBe(200);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('referral attribution', () => {
  it('is never recorded for an address that has not mined here', async () => {
    expect((await track('ltc1qnevermined', 'thief', '203.0.113.9')).json()).toEqual({ recorded: false });
    expect((await h.db.pool.query(`select * from referrals where address = 'ltc1qnevermined'`)).rows).toEqual([]);
  });

  it('is never recorded for a miner of long standing (not brought by a link of the last 14 days)', async () => {
    expect((await track('ltc1qveteran', 'thief', '203.0.113.9')).json()).toEqual({ recorded: false });
  });

  it('keeps the first touch of a new miner', async () => {
    expect((await track('ltc1qnewminer0', 'friend', '198.51.100.1')).json()).toEqual({ recorded: true });
    expect((await track('ltc1qnewminer0', 'thief', '203.0.113.9')).json()).toEqual({ recorded: false });
    expect((await h.db.pool.query(`select ref from referrals where address = 'ltc1qnewminer0'`)).rows).toEqual([
      { ref: 'friend' },
    ]);
  });

  it('records at most five an hour per client', async () => {
    for (let i = 1; i <= 5; i += 1)
      expect((await track(`ltc1qnewminer${i}`, 'thief', '203.0.113.50')).json()).toEqual({ recorded: true });
    const limited = await track('ltc1qnewminer6', 'thief', '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by it.
    expect((await track('ltc1qnewminer6', 'friend', '198.51.100.2')).json()).toEqual({ recorded: true });
  });
});
