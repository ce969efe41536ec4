/**
 * The locks that let several API replicas share one database (decision 014), each
 * tested against a lock held by "another replica" (a plain connection of the test): a batch of
 * a source being applied elsewhere is refused, a batch of a busy coin family waits, a payout
 * run elsewhere makes this one step aside, and a singleton job runs in one process at a time
 * and moves to another when its holder stops. The end-to-end run of two real processes with a
 * kill -9 is replicas.test.ts.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { IngestEvent } from '@openpool/domain/events';
import { startSingleton } from '../db/singleton.ts';
import { createTestDatabase, stopTestServer, type TestDatabase } from '../testing/database.ts';
import { POOL_CONFIG } from '../testing/harness.ts';
import { createEngine, LOCK_SPACE, SourceBusyError } from './engine.ts';
import type { PayoutSender } from './payouts/payout-sender.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const A = 'ltc1qminera0000000000000000000000000000aaaa';
const databases: TestDatabase[] = [];

afterEach(async () => {
  for (const db of databases.splice(0)) await db.close();
});
afterAll(() => stopTestServer());

const network = (seq: number, at: number): IngestEvent => ({
  type: 'network',
  seq,
  coin: 'ltc',
  difficulty: 1000,
  hashrate: 1e12,
  height: 100 + seq,
  reward: '625000000',
  at,
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

/** Another replica in the middle of a transaction holding `lock`. */
async function holdElsewhere(pool: pg.Pool, space: number, name: string): Promise<() => Promise<void>> {
  const client = await pool.connect();
  await client.query('begin');
  await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [space, name]);
  return async () => {
    await client.query('commit');
    client.release();
  };
}

const settled = (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  return () => done;
};

describe('engine locks across replicas', () => {
  it('refuses a batch of a source another replica is applying, then takes it', async () => {
    const db = await database();
    const engine = createEngine({
      pool: db.pool,
      config: POOL_CONFIG,
      sender: { name: 'none', send: () => Promise.reject(new Error('no')) },
    });
    const release = await holdElsewhere(db.pool, LOCK_SPACE.source, 'stratum-a');
    await expect(engine.ingest('stratum-a', [network(1, T0)])).rejects.toBeInstanceOf(SourceBusyError);
    // Other sources are not held up.
    expect((await engine.ingest('stratum-b', [network(1, T0)])).accepted).toBe(1);
    await release();
    expect((await engine.ingest('stratum-a', [network(1, T0)])).accepted).toBe(1);
  });

  it('waits while another replica holds the coin family, hour jobs included', async () => {
    const db = await database();
    const engine = createEngine({
      pool: db.pool,
      config: POOL_CONFIG,
      sender: { name: 'none', send: () => Promise.reject(new Error('no')) },
    });
    // doge is merge-mined with ltc: its batches take ltc's family lock.
    const release = await holdElsewhere(db.pool, LOCK_SPACE.family, 'ltc');
    const waiting = engine.ingest('stratum-a', [network(1, T0), network(2, T0 + 3_600_000)]);
    const done = settled(waiting);
    const other = await engine.ingest('stratum-b', [{ ...network(1, T0), coin: 'kas' } as IngestEvent]);
    expect(other.accepted).toBe(1);
    // The signal that the batch waits for the lock, not merely has not got there yet:
    // PostgreSQL lists its request for ltc's family lock as not granted.
    await waitFor(async () => {
      const asked = await db.pool.query(
        `select 1 from pg_locks where locktype = 'advisory' and classid = $1
           and objid = (hashtext('ltc')::bigint & 4294967295)::oid and not granted`,
        [LOCK_SPACE.family],
      );
      return asked.rowCount === 1;
    });
    expect(done()).toBe(false);
    const clock = await db.pool.query(`select 1 from engine_clock where coin = 'ltc'`);
    expect(clock.rowCount).toBe(0);
    await release();
    expect((await waiting).accepted).toBe(2);
  });

  it('pays nothing while another replica runs the payout sender', async () => {
    const db = await database();
    const sent: number[] = [];
    const sender: PayoutSender = {
      name: 'recording',
      send: async (_coin, payouts) => {
        sent.push(...payouts.map((payout) => payout.id));
        return { txid: 'ab'.repeat(32), paidAt: T0 };
      },
    };
    const engine = createEngine({ pool: db.pool, config: POOL_CONFIG, sender });
    await db.pool.query(`insert into payouts (coin, address, amount, created_at) values ('ltc', $1, 100000000, $2)`, [
      A,
      new Date(T0),
    ]);
    const client = await db.pool.connect();
    await client.query('select pg_advisory_lock($1, 0)', [LOCK_SPACE.payouts]);
    expect(await engine.sendPayouts()).toBe(0);
    expect(sent).toEqual([]);
    await client.query('select pg_advisory_unlock($1, 0)', [LOCK_SPACE.payouts]);
    client.release();
    expect(await engine.sendPayouts()).toBe(1);
    expect(sent).toHaveLength(1);
  });
});

describe('singleton jobs across replicas', () => {
  it('runs in one process at a time and moves when the holder stops', async () => {
    const db = await database();
    const runs: string[] = [];
    const make = (name: string, onStandby?: () => void) =>
      startSingleton({
        pool: db.pool,
        lock: [LOCK_SPACE.simulator, 99],
        retryMs: 100,
        onStandby,
        start: async () => {
          runs.push(`start ${name}`);
          return { stop: async () => void runs.push(`stop ${name}`) };
        },
      });
    const first = make('a');
    await waitFor(() => first.running);
    // Standing by is the signal that it tried the lock and found it held, so it did not start.
    let standingBy = false;
    const second = make('b', () => (standingBy = true));
    await waitFor(() => standingBy);
    expect(second.running).toBe(false);
    await first.stop();
    await waitFor(() => second.running);
    await second.stop();
    expect(runs).toEqual(['start a', 'stop a', 'start b', 'stop b']);
  });

  it('keeps its job through a lost lock connection when no other process took the lock', async () => {
    const db = await database();
    let starts = 0;
    const singleton = startSingleton({
      pool: db.pool,
      lock: [LOCK_SPACE.simulator, 98],
      retryMs: 100,
      start: async () => {
        starts += 1;
        return { stop: async () => undefined };
      },
    });
    await waitFor(() => singleton.running);
    const holder = () =>
      db.pool.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = 98 and granted`,
        [LOCK_SPACE.simulator],
      );
    const before = (await holder()).rows[0]?.pid;
    expect(before).toBeDefined();
    await db.pool.query('select pg_terminate_backend($1)', [before]);
    await waitFor(async () => {
      const now = (await holder()).rows[0]?.pid;
      return now !== undefined && now !== before;
    });
    expect(singleton.running).toBe(true);
    expect(starts).toBe(1);
    await singleton.stop();
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
