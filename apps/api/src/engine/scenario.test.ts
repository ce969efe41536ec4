/**
 * Events in, API out, against real PostgreSQL, with every expected figure computed by hand
 * in the comments: two PROP miners, three blocks, one orphan, one payout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const MIN = 60_000;
const A = 'ltc1qminera0000000000000000000000000000aaaa';
const B = 'ltc1qminerb0000000000000000000000000000bbbb';

let seq = 0;
const next = () => ++seq;
const share = (
  address: string,
  worker: string,
  difficulty: number,
  at: number,
  status: 'valid' | 'stale' = 'valid',
  ip = '203.0.113.10',
): IngestEvent => ({
  type: 'share',
  seq: next(),
  coin: 'ltc',
  address,
  worker,
  scheme: 'prop',
  difficulty,
  status,
  ip,
  at,
  agent: 'cgminer/4.9.2',
});
const network = (at: number, height: number): IngestEvent => ({
  type: 'network',
  seq: next(),
  coin: 'ltc',
  difficulty: 1000,
  hashrate: 1e12,
  height,
  reward: '625000000',
  at,
});
const block = (hash: string, height: number, at: number): IngestEvent => ({
  type: 'block',
  seq: next(),
  coin: 'ltc',
  height,
  hash,
  finder: A,
  worker: 'a1',
  scheme: 'prop',
  reward: '700000000',
  fees: '75000000',
  at,
});
const status = (hash: string, confirmations: number, orphaned: boolean, at: number): IngestEvent => ({
  type: 'block_status',
  seq: next(),
  coin: 'ltc',
  hash,
  confirmations,
  orphaned,
  at,
});

// Round 1: A 300, B 100 (B's stale 50 does not count). Round 2: A 100, B 100. Round 3: A 200.
const firstBatch: IngestEvent[] = [
  network(T0 + 1 * MIN, 100),
  share(A, 'a1', 300, T0 + 2 * MIN),
  share(B, 'b1', 100, T0 + 3 * MIN, 'valid', '198.51.100.7'),
  share(B, 'b1', 50, T0 + 4 * MIN, 'stale', '198.51.100.7'),
  block('aa01', 101, T0 + 5 * MIN),
  share(A, 'a1', 100, T0 + 6 * MIN),
  share(B, 'b1', 100, T0 + 7 * MIN, 'valid', '198.51.100.7'),
  block('aa02', 102, T0 + 8 * MIN),
  share(A, 'a1', 200, T0 + 9 * MIN),
  block('aa03', 103, T0 + 10 * MIN),
  status('aa02', 3, true, T0 + 20 * MIN),
  status('aa01', 100, false, T0 + 30 * MIN),
  status('aa03', 100, false, T0 + 40 * MIN),
];

let h: Harness;

beforeAll(async () => {
  h = await createHarness(T0 + 41 * MIN, { testChains: ['ltc', 'doge'] });
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

async function ledgerMatchesBalances() {
  const mismatches = await h.db.pool.query(
    `select b.coin, b.address from balances b
     left join (select coin, address, sum(mature) as m, sum(immature) as i from ledger group by 1, 2) l using (coin, address)
     where b.mature <> coalesce(l.m, 0) or b.immature <> coalesce(l.i, 0)`,
  );
  return mismatches.rowCount;
}

describe('a small PROP scenario', () => {
  it('credits each block by hand-computed shares, orphans one and matures two', async () => {
    const response = await h.ingest('stratum-test', firstBatch);
    expect(response).toEqual({ statusCode: 200, body: { accepted: 13, skipped: 0, last_seq: 13 } });

    // Each block: 700000000 x (1 - 1 %) = 693000000 to miners.
    // Block 1: A 3/4 = 519750000, B 1/4 = 173250000. Block 2 (orphaned): 346500000 each.
    // Block 3: A all 693000000. Mature: A 519750000 + 693000000 = 1212750000; B 173250000.
    const balances = await h.db.pool.query<{ address: string; mature: string; immature: string }>(
      `select address, mature::text, immature::text from balances where coin = 'ltc' order by address`,
    );
    expect(balances.rows).toEqual([
      { address: A, mature: '1212750000', immature: '0' },
      { address: B, mature: '173250000', immature: '0' },
    ]);
    expect(await ledgerMatchesBalances()).toBe(0);

    const blocks = await h.get<{ results: { hash: string; status: string; effort: number; reward: string }[] }>(
      '/ltc/api/v1/blocks',
    );
    expect(blocks.statusCode).toBe(200);
    expect(blocks.body.results.map((b) => [b.hash, b.status, b.effort, b.reward])).toEqual([
      ['aa03', 'confirmed', 0.2, '7'],
      ['aa02', 'orphaned', 0.2, '7'],
      ['aa01', 'confirmed', 0.4, '7'],
    ]);
  });

  it('shows the miner in the API with hashrate from its shares', async () => {
    const stats = await h.get<Record<string, unknown>>(`/ltc/api/v1/miner/stats/${A}`);
    expect(stats.statusCode).toBe(200);
    // Hashrate over the 24 h window: A sent 600 difficulty in [T0, T0 + 10 min):
    // 600 x 2^32 / 86400 s.
    expect(stats.body).toMatchObject({
      balance: '12.1275',
      unconfirmed_balance: '0',
      reward_7d: '12.1275',
      blocks: 3,
      workers_online: 0,
      workers_offline: 1,
      shares_24h: { valid: 3, stale: 0, invalid: 0 },
    });
    expect(stats.body.hashrate_24h).toBeCloseTo((600 * 2 ** 32) / 86400, 3);
    expect(stats.body.hashrate_10m).toBe(0);
    const statsB = await h.get<Record<string, unknown>>(`/ltc/api/v1/miner/stats/${B}`);
    expect(statsB.body).toMatchObject({ balance: '1.7325', shares_24h: { valid: 2, stale: 1, invalid: 0 } });
  });

  it('changes settings only with a recent worker IP, with the spec messages', async () => {
    const post = (body: object) =>
      h.app.inject({
        method: 'POST',
        url: `/ltc/api/v1/miner/settings/${B}`,
        payload: body,
        headers: { 'x-forwarded-for': '192.0.2.1' },
      });
    const invalid = await post({ ip: '300.1.1.1', payout_threshold: '5' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ ip: 'Invalid IP address.' });
    const missing = await post({ ip: '' });
    expect(missing.json().fields).toEqual({ ip: 'This field is required.' });
    const belowMin = await post({ ip: '198.51.100.7', payout_threshold: '0.001' });
    expect(belowMin.json().fields).toEqual({ payout_threshold: 'This field must be 0.01 or more.' });
    const wrongIp = await post({ ip: '203.0.113.10', payout_threshold: '5' });
    expect(wrongIp.statusCode).toBe(403);
    const applied = await post({ ip: '198.51.100.7', payout_threshold: '5' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ message: 'Your settings have been applied.', settings: { payout_threshold: '5' } });
  });

  it('pays A at the next hour boundary and leaves B under its threshold', async () => {
    h.clock.now = T0 + 62 * MIN;
    const response = await h.ingest('stratum-test', [network(T0 + 61 * MIN, 110)]);
    expect(response.statusCode).toBe(200);
    expect(await h.engine.sendPayouts()).toBe(1);
    const payoutsA = await h.get<{
      results: { amount: string; status: string; txid: string | null; date: number }[];
      next: string | null;
    }>(`/ltc/api/v1/miner/payouts/${A}`);
    expect(payoutsA.body.results).toHaveLength(1);
    expect(payoutsA.body.results[0]).toMatchObject({ amount: '12.1275', status: 'Paid', date: (T0 + 60 * MIN) / 1000 });
    expect(payoutsA.body.results[0]!.txid).toMatch(/^[0-9a-f]{64}$/);
    expect((await h.get(`/ltc/api/v1/miner/payouts/${B}`)).body).toEqual({ results: [], next: null });
    expect((await h.get(`/ltc/api/v1/miner/balance/${A}`)).body).toEqual({
      balance: '0',
      unconfirmed_balance: '0',
      total_paid: '12.1275',
    });
    expect((await h.get(`/ltc/api/v1/miner/balance/${B}`)).body).toEqual({
      balance: '1.7325',
      unconfirmed_balance: '0',
      total_paid: '0',
    });
    expect(await ledgerMatchesBalances()).toBe(0);
  });

  it('changes nothing when the same batch is replayed', async () => {
    const before = await h.db.pool.query('select coin, address, mature, immature, paid from balances order by 1, 2');
    const replay = await h.ingest('stratum-test', firstBatch);
    expect(replay.body).toEqual({ accepted: 0, skipped: 13, last_seq: 14 });
    const after = await h.db.pool.query('select coin, address, mature, immature, paid from balances order by 1, 2');
    expect(after.rows).toEqual(before.rows);
  });
});
