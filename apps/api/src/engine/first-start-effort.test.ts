/**
 * A first start's live engine and block effort (decision 014): while the history fills, the
 * first block it closes in a round has an unknown effort (its round began before the hour of
 * data it started with, so the shares it holds are too few); a later block of the same round
 * type has its effort; once no history fills, every block has one again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardScheme } from '@openpool/domain/address';
import type { IngestEvent } from '@openpool/domain/events';
import { HISTORY_SCHEMA } from '../db/history-schema.ts';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const MIN = 60_000;
const A = 'ltc1qminera0000000000000000000000000000aaaa';

let seq = 0;
const share = (difficulty: number, at: number, scheme: RewardScheme = 'prop'): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address: A,
  worker: 'a1',
  scheme,
  difficulty,
  status: 'valid',
  ip: '203.0.113.10',
  at,
  agent: 'cgminer/4.9.2',
});
const block = (hash: string, height: number, at: number, scheme: RewardScheme = 'prop'): IngestEvent => ({
  type: 'block',
  seq: ++seq,
  coin: 'ltc',
  height,
  hash,
  finder: A,
  worker: 'a1',
  scheme,
  reward: '700000000',
  fees: '75000000',
  at,
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness(T0 + 30 * MIN, { testChains: ['ltc', 'doge'] });
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

const efforts = async () =>
  Object.fromEntries(
    (await h.db.pool.query<{ hash: string; effort: number | null }>('select hash, effort from blocks order by id')).rows.map(
      (row) => [row.hash, row.effort],
    ),
  );

describe('block effort on a first start', () => {
  it('is unknown for the first block of a round while the history fills, known after', async () => {
    await h.db.pool.query(`create schema ${HISTORY_SCHEMA}`);
    const network: IngestEvent = {
      type: 'network',
      seq: ++seq,
      coin: 'ltc',
      difficulty: 1000,
      hashrate: 1e12,
      height: 100,
      reward: '625000000',
      at: T0 + MIN,
    };
    const filling = [
      network,
      share(300, T0 + 2 * MIN),
      block('bb01', 101, T0 + 3 * MIN),
      share(200, T0 + 4 * MIN),
      block('bb02', 102, T0 + 5 * MIN),
    ];
    expect((await h.ingest('stratum-test', filling)).statusCode).toBe(200);
    // bb01 closed a PROP round that began before the data; bb02's began at bb01: 200 / 1000.
    expect(await efforts()).toEqual({ bb01: null, bb02: 0.2 });

    // The history swapped in (no schema left): a solo round's first block has its effort again.
    await h.db.pool.query(`drop schema ${HISTORY_SCHEMA}`);
    const after = [share(500, T0 + 6 * MIN, 'solo'), block('bb03', 103, T0 + 7 * MIN, 'solo')];
    expect((await h.ingest('stratum-test', after)).statusCode).toBe(200);
    expect((await efforts()).bb03).toBe(0.5);
  });
});
