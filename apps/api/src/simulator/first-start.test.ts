/**
 * Data on the first start (decision 014): the pages showed 0 H/s and 0
 * miners until the whole backfill was in. Now the simulator is live on the last hour before
 * the history is built, the pool payload says the history is filling, and once it is in,
 * its tables are the same as a first start that waited for the whole backfill.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { parseEvents } from '../ingest/ndjson.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';
import { poolStats } from '../pool/queries.ts';
import { createTestDatabase, stopTestServer, type TestDatabase } from '../testing/database.ts';
import { POOL_CONFIG, SITE_CONFIG } from '../testing/harness.ts';
import { startSimulatorDriver, type SimulatorDriver } from './driver.ts';
import { historyFilling, openHistoryShadow } from './history.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const databases: TestDatabase[] = [];
const drivers: SimulatorDriver[] = [];

afterEach(async () => {
  for (const driver of drivers.splice(0)) await driver.stop();
  for (const db of databases.splice(0)) await db.close();
});
afterAll(() => stopTestServer());

async function start(
  live: boolean,
  history: (db: TestDatabase, engine: Engine) => Parameters<typeof startSimulatorDriver>[0]['history'],
  now?: () => number,
) {
  const db = await createTestDatabase();
  databases.push(db);
  const engine = createEngine({ pool: db.pool, config: POOL_CONFIG, sender: createSimulatedSender() });
  const driver = await startSimulatorDriver({
    settings: { seed: 20261121, coins: ['ltc'], minersPerCoin: 4, backfillDays: 1, live },
    pool: POOL_CONFIG,
    engine,
    log: () => undefined,
    history: history(db, engine),
    now,
    post: async (source, ndjson) => {
      await engine.ingest(source, parseEvents(ndjson, Date.now()));
    },
  });
  drivers.push(driver);
  return { db, engine, driver };
}

const ctx = (db: pg.Pool) => ({ db, pool: POOL_CONFIG, site: SITE_CONFIG, now: Date.now, memoMs: 0 });

/**
 * A block's status is decided by confirmations that arrive hours after it was found: for a block
 * found shortly before the cut, by events after it, which the live run (still running) and the
 * reference (started later, stopped at its own start) each have up to a different moment. Its
 * status is compared only once it was found longer ago than ltc's 100 confirmations take.
 */
const SETTLED_MS = 6 * HOUR;

/** What the history decides, up to the hour before the live part began. */
async function history(db: pg.Pool, before: number) {
  const at = new Date(before);
  const rows = async (sql: string, extra: unknown[] = []) => (await db.query(sql, [at, ...extra])).rows;
  return {
    buckets: await rows('select bucket, scheme, valid from pool_buckets where bucket < $1 order by 1, 2'),
    hourly: await rows('select address, hour, scheme, valid, credited from miner_hourly where hour < $1 order by 1, 2, 3'),
    blocks: await rows(
      `select height, hash, case when found_at < $2 then status else 'settling' end as status, reward::text
       from blocks where found_at < $1 order by 1`,
      [new Date(before - SETTLED_MS)],
    ),
    ledger: await rows(
      'select address, kind, sum(mature)::text as mature, count(*)::int as n from ledger where at < $1 group by 1, 2 order by 1, 2',
    ),
    payouts: await rows('select address, amount::text, created_at from payouts where created_at < $1 order by 1, 3'),
  };
}

describe('the first start', () => {
  it(
    'is live on the last hour at once, says history is filling, then swaps in the whole history',
    { timeout: 240_000 },
    async () => {
      let openHistory!: () => void;
      const gate = new Promise<void>((resolve) => (openHistory = resolve));
      const { db, engine, driver } = await start(true, (test) => ({
        filling: () => historyFilling(test.pool),
        open: async () => {
          // The history waits until the test has seen the live figures without it.
          await gate;
          return openHistoryShadow({ db: test.pool, connection: test.pool.options, config: POOL_CONFIG });
        },
      }));
      const startedAt = Date.now();
      await driver.backfilled;
      expect(driver.status.state).toBe('live');
      expect(driver.status.history).toBe('filling');
      const early = await poolStats(ctx(db.pool), 'ltc');
      expect(early.hashrate).toBeGreaterThan(0);
      expect(early.miners).toBeGreaterThan(0);
      // Only the last hour is in: the history is not.
      const oldest = await db.pool.query<{ t: Date }>('select min(bucket) as t from pool_buckets');
      expect(oldest.rows[0]!.t.getTime()).toBeGreaterThan(startedAt - 2 * HOUR);

      // A visitor's watcher link made while the history fills outlives the swap (it vanished).
      await db.pool.query(
        `insert into watcher_links (token_hash, coin, address, label, created_at, expires_at)
         values ('kept-through-swap', 'ltc', 'Lkept', 'accountant', now(), now() + interval '30 days')`,
      );

      openHistory();
      await driver.historyDone;
      const links = await db.pool.query('select label from watcher_links where token_hash = $1', ['kept-through-swap']);
      expect(links.rows).toEqual([{ label: 'accountant' }]);
      expect(driver.status.history).toBe('complete');
      expect(await historyFilling(db.pool)).toBe(false);
      const late = await poolStats(ctx(db.pool), 'ltc');
      expect(late.history_filling).toBe(false);
      expect(late.hashrate).toBeGreaterThan(0);
      const full = await db.pool.query<{ t: Date }>('select min(bucket) as t from pool_buckets');
      expect(full.rows[0]!.t.getTime()).toBeLessThan(startedAt - 23 * HOUR);

      // The live simulator goes on after the swap, on top of the history's offsets.
      const seqAtSwap = await engine.lastSeq('sim-ltc');
      const deadline = Date.now() + 30_000;
      while ((await engine.lastSeq('sim-ltc')) === seqAtSwap && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 500));
      expect(await engine.lastSeq('sim-ltc')).toBeGreaterThan(seqAtSwap);

      // The same history as a first start that ingested it all before going live, over the
      // same 10-minute steps: started minutes later on the wall clock, it would begin a step
      // later and its balances and payouts would differ from then on.
      const from = driver.status.from! * 1000;
      const reference = await start(
        false,
        () => undefined,
        () => from + DAY,
      );
      await reference.driver.backfilled;
      expect(reference.driver.status.history).toBe('complete');
      const cut = startedAt - (startedAt % HOUR) - HOUR;
      const want = await history(reference.db.pool, cut);
      expect(want.blocks.length).toBeGreaterThan(0);
      expect(want.ledger.length).toBeGreaterThan(0);
      expect(await history(db.pool, cut)).toEqual(want);
    },
  );

  it('says so in the pool payload while the history fills', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    expect((await poolStats(ctx(db.pool), 'ltc')).history_filling).toBe(false);
    const shadow = await openHistoryShadow({ db: db.pool, connection: db.pool.options, config: POOL_CONFIG });
    expect((await poolStats(ctx(db.pool), 'ltc')).history_filling).toBe(true);
    await shadow.close();
  });
});
