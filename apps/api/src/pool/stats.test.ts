/**
 * `GET /{coin}/api/v1/pool/stats`: the pool's hashrate windows are the sums of every scheme's
 * complete buckets, each scheme's last 10 minutes beside them, and the effort is the main
 * scheme's round alone. Real PostgreSQL; the buckets are written as the engine writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolStats } from '@openpool/domain/api';
import { createHarness, POOL_CONFIG, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
/** The end of the complete buckets at NOW (NOW is on a 10-minute boundary). */
const END = NOW / 1000;
const H = POOL_CONFIG.coins.get('ltc').hashesPerDifficulty;

let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW);
  const response = await h.ingest('pool-stats-test', [
    {
      type: 'network',
      seq: 1,
      coin: 'ltc',
      difficulty: 4e7,
      hashrate: 2e15,
      height: 3_000_000,
      reward: '625000000',
      at: NOW - 60_000,
    },
  ]);
  expect(response.statusCode).toBe(200);
  const bucket = (secondsBeforeEnd: number) => new Date((END - secondsBeforeEnd) * 1000);
  await h.db.pool.query(
    `insert into pool_buckets (coin, scheme, bucket, valid) values
       ('ltc', 'pps', $1, 300), ('ltc', 'pps', $2, 600), ('ltc', 'pps', $3, 1200), ('ltc', 'pps', $4, 9999),
       ('ltc', 'solo', $1, 60), ('ltc', 'solo', $5, 240)`,
    [bucket(600), bucket(5 * 3600), bucket(12 * 3600), bucket(0), bucket(2 * 3600)],
  );
  await h.db.pool.query(
    `insert into round_shares (coin, round, address, difficulty) values
       ('ltc', 'pps', 'a', 2e7), ('ltc', 'pps', 'b', 1e7), ('ltc', 'solo', 'a', 4e7)`,
  );
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('pool stats', () => {
  it('sum every scheme per window and keep each scheme’s last 10 minutes', async () => {
    const { body } = await h.get<PoolStats>('/ltc/api/v1/pool/stats');
    // Last complete bucket: pps 300 + solo 60 = 360 (the open bucket's 9999 is not counted yet).
    expect(body.hashrate).toBeCloseTo((360 * H) / 600, 6);
    // 6 hours: 300 + 600 (pps, 5 h ago) + 60 + 240 (solo, 2 h ago) = 1200.
    expect(body.hashrate_6h).toBeCloseTo((1200 * H) / 21_600, 6);
    // 24 hours: the 6 hours' 1200 and pps's 1200 of 12 h ago = 2400.
    expect(body.hashrate_24h).toBeCloseTo((2400 * H) / 86_400, 6);
    expect(body.hashrate_by_scheme).toEqual({ pps: (300 * H) / 600, solo: (60 * H) / 600 });
  });

  it('take the effort from the main scheme’s round only', async () => {
    const { body } = await h.get<PoolStats>('/ltc/api/v1/pool/stats');
    // PPS+'s round: 2e7 + 1e7 = 3e7 over the network's 4e7; the SOLO round's 4e7 is a miner's own.
    expect(body.effort).toBeCloseTo(0.75, 9);
  });

  it('give every block the confirmations of the chain: tip - height + 1 up to the maturity', async () => {
    // Status events said 10 (pending) and 1 (pending) confirmations; the chain's tip (the
    // network sample above) is 3,000,000, so the chain says otherwise, block by block.
    const required = POOL_CONFIG.coins.get('ltc').confirmations;
    const blocks: [number, string, string, number][] = [
      [2_999_964, 'pending', 'c1', 10], // 36 blocks on top: 37 confirmations, not the event's 10
      [3_000_000, 'pending', 'c2', 1], // the tip itself: 1
      [2_999_000, 'pending', 'c3', 50], // past the maturity, its event not in yet: the maturity
      [2_999_990, 'confirmed', 'c4', required],
      [2_999_995, 'orphaned', 'c5', 0],
    ];
    for (const [index, [height, status, hash, reported]] of blocks.entries())
      await h.db.pool.query(
        `insert into blocks (coin, height, hash, finder, scheme, reward, fees, found_at, status, confirmations)
         values ('ltc', $1, $2, 'a', 'pps', 1, 0, $3, $4, $5)`,
        [height, hash, new Date(NOW - (index + 1) * 60_000), status, reported],
      );
    const { body } = await h.get<PoolStats>('/ltc/api/v1/pool/stats');
    const byHash = new Map(body.last_blocks_found.map((block) => [block.hash, block]));
    expect(byHash.get('c1')?.confirmations).toBe(3_000_000 - 2_999_964 + 1);
    expect(byHash.get('c2')?.confirmations).toBe(1);
    expect(byHash.get('c3')?.confirmations).toBe(required);
    expect(byHash.get('c4')?.confirmations).toBe(required);
    expect(byHash.get('c5')?.confirmations).toBe(0);
    const page = await h.get<{ results: { hash: string; height: number; status: string; confirmations: number }[] }>(
      '/ltc/api/v1/blocks?page=1',
    );
    for (const block of page.body.results.filter((b) => b.status === 'pending'))
      expect(block.confirmations).toBe(Math.min(required, 3_000_000 - block.height + 1));
  });
});
