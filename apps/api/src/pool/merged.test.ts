/**
 * `GET /api/v1/merged` (decision 020): each merge-mined coin with its own figures, never
 * its parent's. Real PostgreSQL; the figures below are the events' own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent, MinedTicker } from '@openpool/domain/events';
import type { MergedList } from '@openpool/domain/api';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
const LTC_MINER = 'ltc1qmergedminer000000000000000000000000aaaa';
const BTC_MINER = 'bc1qmergedminer0000000000000000000000000bbbb';

let seq = 0;
const network = (coin: MinedTicker, difficulty: number, hashrate: number, height: number, reward: string): IngestEvent => ({
  type: 'network',
  seq: ++seq,
  coin,
  difficulty,
  hashrate,
  height,
  reward,
  at: NOW - HOUR,
});
const block = (coin: MinedTicker, hash: string, at: number, finder: string, mergedFrom?: 'ltc' | 'btc'): IngestEvent => ({
  type: 'block',
  seq: ++seq,
  coin,
  height: 1000 + seq,
  hash,
  finder,
  scheme: 'pps',
  reward: '1000000000',
  fees: '0',
  ...(mergedFrom ? { merged_from: mergedFrom } : {}),
  at,
});

let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW, { testChains: ['ltc', 'doge', 'pep', 'bells', 'btc', 'fb'] });
  const response = await h.ingest('merged-test', [
    network('ltc', 4e7, 2e15, 3_000_000, '625000000'),
    network('doge', 2e7, 1.9e15, 5_600_000, '1000000000000'),
    network('fb', 3e11, 4e20, 320_000, '2500000000'),
    network('btc', 1e14, 8e20, 900_000, '312500000'),
    block('doge', 'd0', NOW - 30 * HOUR, LTC_MINER, 'ltc'),
    block('doge', 'd1', NOW - 2 * HOUR, LTC_MINER, 'ltc'),
    block('doge', 'd2', NOW - HOUR, LTC_MINER, 'ltc'),
    block('fb', 'f1', NOW - 3 * HOUR, BTC_MINER, 'btc'),
  ]);
  expect(response.statusCode).toBe(200);
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('merged coins', () => {
  it('gives each merge-mined coin its own chain, blocks, fee and minimum, not its parent pool', async () => {
    const { statusCode, body, headers } = await h.get<MergedList>('/api/v1/merged');
    expect(statusCode).toBe(200);
    expect(headers['cache-control']).toBeDefined();
    const byTicker = new Map(body.results.map((row) => [row.ticker, row]));
    expect([...byTicker.keys()].sort()).toEqual(['bells', 'doge', 'fb', 'pep']);

    // Two doge blocks in the last 24 hours (d1, d2; d0 is 30 hours old), the newest an hour ago.
    expect(byTicker.get('doge')).toMatchObject({
      name: 'Dogecoin',
      parents: ['ltc'],
      payout_schedule: 'daily',
      blocks_24h: 2,
      last_block_found: (NOW - HOUR) / 1000,
      net_hashrate: 1.9e15,
      net_difficulty: 2e7,
      height: 5_600_000,
      block_reward: '10000',
      min_payout: '10',
      fee: 0.01,
    });
    // Fractal Bitcoin: its own chain (4e20 H/s), not Bitcoin's (8e20 H/s).
    expect(byTicker.get('fb')).toMatchObject({ name: 'Fractal Bitcoin', parents: ['btc'], blocks_24h: 1, net_hashrate: 4e20 });
    // A coin without a sample or a block yet reads zero and no last block.
    expect(byTicker.get('pep')).toMatchObject({ blocks_24h: 0, last_block_found: null, net_hashrate: 0 });
  });

  it('agrees with the coin’s own pool stats where it has a pool (fb)', async () => {
    const merged = await h.get<MergedList>('/api/v1/merged');
    const fb = await h.get<{ net_hashrate: number; net_difficulty: number }>('/fb/api/v1/pool/stats');
    const row = merged.body.results.find((entry) => entry.ticker === 'fb');
    expect([row?.net_hashrate, row?.net_difficulty]).toEqual([fb.body.net_hashrate, fb.body.net_difficulty]);
  });
});
