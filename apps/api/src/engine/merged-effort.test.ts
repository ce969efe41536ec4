/**
 * A merge-mined block's effort (decision 024, addenda on merged blocks' effort): the parent
 * pool's share difficulty since that chain's previous merged block, counted by the share of the
 * chain's blocks merge mining can find (Fractal's cadence mining: one in three; every other
 * chain's: all), over that chain's own difficulty at the block. fb's samples come in fb's source
 * while its merged blocks come in btc's, and may land later: the block then gets its effort when
 * they do. Real PostgreSQL, fixed clock; every figure below is worked out by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent, MinedTicker } from '@openpool/domain/events';
import { HISTORY_SCHEMA } from '../db/history-schema.ts';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;
const T0 = NOW - 4 * 60 * MIN;
const A = 'bc1qeffortminera00000000000000000000000aaaa';
const B = 'bc1qeffortminerb00000000000000000000000bbbb';
const L = 'ltc1qeffortminer0000000000000000000000000cc';

let seq = 0;
const share = (coin: 'btc' | 'ltc', address: string, difficulty: number, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin,
  address,
  worker: 'rig1',
  scheme: 'pps',
  difficulty,
  status: 'valid',
  ip: '203.0.113.20',
  at,
});
const network = (coin: MinedTicker, difficulty: number, height: number, reward: string, at: number): IngestEvent => ({
  type: 'network',
  seq: ++seq,
  coin,
  difficulty,
  hashrate: 1e18,
  height,
  reward,
  at,
});
const block = (coin: MinedTicker, hash: string, height: number, at: number, mergedFrom?: 'btc' | 'ltc'): IngestEvent => ({
  type: 'block',
  seq: ++seq,
  coin,
  height,
  hash,
  finder: A,
  worker: 'rig1',
  scheme: 'pps',
  reward: '2500000000',
  fees: '0',
  ...(mergedFrom ? { merged_from: mergedFrom } : {}),
  at,
});

interface BlocksPage {
  results: { hash: string; effort: number | null }[];
}

let h: Harness;
const efforts = async (coin: 'btc' | 'ltc') => {
  const { statusCode, body } = await h.get<BlocksPage>(`/${coin}/api/v1/blocks?merged=true&page_size=50`);
  expect(statusCode).toBe(200);
  return new Map(body.results.map((row) => [row.hash, row.effort]));
};

beforeAll(async () => {
  h = await createHarness(NOW);
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('merge-mined block effort', () => {
  it("fills a merged block's effort in when its chain's difficulty arrives after it", async () => {
    // btc's source: the parent's shares and blocks, and fb's merged blocks found by the same work.
    const btc = await h.ingest('sim-btc', [
      network('btc', 1e14, 900_000, '312500000', T0),
      share('btc', A, 1.5e12, T0 + 10 * MIN),
      share('btc', B, 0.9e12, T0 + 20 * MIN),
      // fb's round: A 1.5e12 + B 0.9e12 = 2.4e12. fb's difficulty is not in yet.
      block('fb', 'f1', 320_001, T0 + 30 * MIN, 'btc'),
      share('btc', A, 2e12, T0 + 40 * MIN),
      // btc's PPS round holds every share so far: 1.5e12 + 0.9e12 + 2e12 = 4.4e12 over 1e14.
      block('btc', 'b1', 900_001, T0 + 50 * MIN),
    ]);
    expect(btc.statusCode).toBe(200);
    const before = await efforts('btc');
    expect(before.get('f1')).toBeNull();
    expect(before.get('b1')).toBeCloseTo(0.044, 12);

    // fb's own source, later: a sample from before the block (1e12) and one after it (1.1e12).
    const fb = await h.ingest('sim-fb', [
      network('fb', 1e12, 320_000, '2500000000', T0 + 5 * MIN),
      network('fb', 1.1e12, 320_010, '2500000000', T0 + 45 * MIN),
    ]);
    expect(fb.statusCode).toBe(200);
    // The difficulty in force at the block is the one before it, and merge mining can find one
    // fb block in three: 2.4e12 x 1/3 / 1e12 = 80 % (240 % if the round counted whole).
    const after = await efforts('btc');
    expect(after.get('f1')).toBeCloseTo(0.8, 12);
    expect(after.get('b1')).toBeCloseTo(0.044, 12);
  });

  it("counts the parent's shares since that chain's previous merged block, not the parent's", async () => {
    const btc = await h.ingest('sim-btc', [
      share('btc', B, 1.65e12, T0 + 60 * MIN),
      // Since f1: A 2e12 (before b1, which closes btc's round, not fb's) + B 1.65e12 = 3.65e12,
      // a third of it over the fb difficulty in force (1.1e12): 110.6 %, now that fb's samples
      // are in.
      block('fb', 'f2', 320_011, T0 + 70 * MIN, 'btc'),
    ]);
    expect(btc.statusCode).toBe(200);
    const now = await efforts('btc');
    expect(now.get('f2')).toBeCloseTo(3.65e12 / 3 / 1.1e12, 12);
    const row = await h.db.pool.query<{ network_difficulty: number; round_difficulty: number }>(
      `select network_difficulty, round_difficulty from blocks where coin = 'fb' and hash = 'f2'`,
    );
    // The stored round is the parent's whole work: only the effort reads it by fb's third.
    expect(row.rows[0]).toEqual({ network_difficulty: 1.1e12, round_difficulty: 3.65e12 });
  });

  it('leaves a block unknown when its chain has no difficulty from before it', async () => {
    const ltc = await h.ingest('sim-ltc', [
      network('ltc', 4e7, 3_000_000, '625000000', T0),
      share('ltc', L, 1e7, T0 + 10 * MIN),
      block('doge', 'd1', 5_000_001, T0 + 20 * MIN, 'ltc'),
      // Dogecoin's first sample comes after its block: the difficulty then is not known.
      network('doge', 2e7, 5_000_005, '1000000000000', T0 + 25 * MIN),
    ]);
    expect(ltc.statusCode).toBe(200);
    expect((await efforts('ltc')).get('d1')).toBeNull();
    const row = await h.db.pool.query<{ network_difficulty: number | null }>(
      `select network_difficulty from blocks where coin = 'doge' and hash = 'd1'`,
    );
    expect(row.rows[0]?.network_difficulty).toBeNull();
  });

  it("counts the parent's work whole for a chain merge mining can find every block of", async () => {
    const ltc = await h.ingest('sim-ltc', [
      share('ltc', L, 3e7, T0 + 26 * MIN),
      // Since d1: 3e7 over Dogecoin's difficulty in force (2e7, at T0 + 25 min): 150 %.
      block('doge', 'd2', 5_000_006, T0 + 28 * MIN, 'ltc'),
    ]);
    expect(ltc.statusCode).toBe(200);
    expect((await efforts('ltc')).get('d2')).toBeCloseTo(1.5, 12);
  });

  it('never turns a round that began before the records into an effort', async () => {
    // A first start's live engine while the history fills (decision 014): pep's first block
    // closes a round it saw only the end of, so its round is unknown, and stays so once pep's
    // difficulty arrives.
    await h.db.pool.query(`create schema ${HISTORY_SCHEMA}`);
    try {
      const ltc = await h.ingest('sim-ltc', [
        share('ltc', L, 3e7, T0 + 30 * MIN),
        block('pep', 'p1', 700_001, T0 + 40 * MIN, 'ltc'),
      ]);
      expect(ltc.statusCode).toBe(200);
    } finally {
      await h.db.pool.query(`drop schema ${HISTORY_SCHEMA}`);
    }
    const pep = await h.ingest('sim-pep', [network('pep', 5e5, 700_000, '5000000000000', T0 + 35 * MIN)]);
    expect(pep.statusCode).toBe(200);
    expect((await efforts('ltc')).get('p1')).toBeNull();
    const row = await h.db.pool.query<{ network_difficulty: number | null; round_difficulty: number | null }>(
      `select network_difficulty, round_difficulty from blocks where coin = 'pep' and hash = 'p1'`,
    );
    // The difficulty is filled in (it is known); the effort is not, for want of the round.
    expect(row.rows[0]).toEqual({ network_difficulty: 5e5, round_difficulty: null });
  });
});
