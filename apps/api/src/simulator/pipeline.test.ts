/**
 * The demo's whole path: simulator -> ingest route -> engine -> PostgreSQL -> public API.
 * A day of two coins, then the API's figures are checked against what the simulator modelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, POOL_CONFIG, TOKEN, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { createSimulator, type Simulator } from './simulator.ts';

const STEP = 10 * 60 * 1000;
const END = Math.floor(Date.UTC(2026, 10, 20, 12) / STEP) * STEP;
const FROM = END - 24 * 3600 * 1000;
let h: Harness;
let simulator: Simulator;

beforeAll(async () => {
  h = await createHarness(END + 1000);
  simulator = createSimulator({
    seed: 7,
    coins: ['ltc', 'kas'],
    pool: POOL_CONFIG,
    minersPerCoin: 10,
    send: async (source, ndjson) => {
      const response = await h.app.inject({
        method: 'POST',
        url: `/internal/v1/events?source=${source}`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        payload: ndjson,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
  });
  await simulator.run(FROM, END, 'backfill');
  await h.engine.sendPayouts();
}, 120_000);

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('simulated day through the API', () => {
  it('reports the pool hashrate the simulator modelled', async () => {
    for (const coin of ['ltc', 'kas'] as const) {
      const stats = (
        await h.get<{ hashrate_24h: number; miners: number; last_blocks_found: unknown[] }>(`/${coin}/api/v1/pool/stats`)
      ).body;
      let modelled = 0;
      for (let t = FROM; t < END; t += STEP) modelled += simulator.poolHashrate(coin, t + STEP / 2);
      modelled /= (END - FROM) / STEP;
      expect(stats.hashrate_24h / modelled, coin).toBeGreaterThan(0.8);
      expect(stats.hashrate_24h / modelled, coin).toBeLessThan(1.2);
      expect(stats.miners, coin).toBeGreaterThan(3);
    }
  });

  it('shows blocks, top miners, and a miner with balances, workers and merged coins', async () => {
    const blocks = (await h.get<{ total: number }>('/kas/api/v1/blocks')).body;
    expect(blocks.total).toBeGreaterThan(0);
    const top = (await h.get<{ results: { address: string }[] }>('/ltc/api/v1/top-miners')).body.results;
    expect(top.length).toBeGreaterThan(3);
    const miner = (await h.get<Record<string, unknown>>(`/ltc/api/v1/miner/stats/${top[0]!.address}`)).body;
    expect(Number(miner.reward_7d)).toBeGreaterThan(0);
    expect((miner.merged as { coin: string }[]).map((m) => m.coin)).toEqual(['doge', 'pep', 'bells']);
    const workers = (await h.get<{ results: unknown[] }>(`/ltc/api/v3/miner/workers/${top[0]!.address}`)).body.results;
    expect(workers.length).toBeGreaterThan(0);
    expect(Object.keys(workers[0] as object)).not.toContain('ip');
  });

  it('balances equal the sum of their ledger after a simulated day', async () => {
    const mismatches = await h.db.pool.query(
      `select b.coin, b.address from balances b
       left join (select coin, address, sum(mature) m, sum(immature) i from ledger group by 1, 2) l using (coin, address)
       where b.mature <> coalesce(l.m, 0) or b.immature <> coalesce(l.i, 0)`,
    );
    expect(mismatches.rows).toEqual([]);
    expect((await h.db.pool.query(`select count(*)::int n from payouts where status = 'paid'`)).rows[0].n).toBeGreaterThan(0);
  });
});
