/**
 * The demo's simulator in a running API: on one replica at a time (decision 014), the others
 * standing by to take over, its batches through the ingest route's own path; with the
 * simulator off, a first start's history a dead process left half-filled is dropped.
 */
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import type { PoolConfig } from '@openpool/domain/pool-config';
import type { SiteConfig } from '@openpool/domain/site-config';
import type { Database } from '../db/database.ts';
import { startSingleton } from '../db/singleton.ts';
import { LOCK_SPACE, type Engine } from '../engine/engine.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import type { Ingestor } from '../ingest/ingestor.ts';
import { startSimulatorDriver } from '../simulator/driver.ts';
import { dropHistory, historyFilling, openHistoryShadow } from '../simulator/history.ts';

export interface Simulation {
  /** What /health and /ready say of the simulator. */
  status(): object;
  /** Resolves when the backfill is done (at once when the simulator is off or stands by). */
  backfilled: Promise<void>;
  stop(): Promise<void>;
}

export interface SimulationOptions {
  env: Pick<ApiEnv, 'simulator' | 'ingestToken'>;
  db: Database;
  pool: PoolConfig;
  site: SiteConfig;
  hardware: HardwareCatalogue | undefined;
  engine: Engine;
  ingestor: Ingestor;
  /** Coins with a real node: their events come from their stratum server only. */
  nodeCoins: ReadonlySet<string>;
  /** Where the history ends and live ticks go: the runtime's clock (frozen in browser tests). */
  now?: () => number;
  log: (line: string) => void;
}

export async function startSimulation(options: SimulationOptions): Promise<Simulation> {
  const { env, db, pool, log } = options;
  if (!env.simulator.enabled) {
    await dropAbandonedHistory(db, log);
    return { status: () => ({ state: 'off' }), backfilled: Promise.resolve(), stop: async () => undefined };
  }
  let status: object = { state: 'starting' };
  let takeover = false;
  let markBackfilled!: () => void;
  const backfilled = new Promise<void>((resolve) => (markBackfilled = resolve));
  // One replica simulates (decision 014); the others serve and stand by, and one
  // of them takes over, resuming from the committed offsets, if that replica dies.
  const simulator = startSingleton({
    pool: db.pool,
    lock: [LOCK_SPACE.simulator, 0],
    log,
    onStandby: () => {
      log('simulator: another API replica runs the simulator; this one stands by');
      status = { state: 'standby', failing: [] };
      markBackfilled();
    },
    start: async () => {
      // Taking over from a replica that stopped: the database holds a live pool already.
      takeover = (status as { state?: string }).state === 'standby';
      const driver = await startSimulatorDriver({
        settings: {
          ...env.simulator,
          coins: options.site.enabled.filter((coin) => !options.nodeCoins.has(coin)),
          minersPerCoin: env.simulator.miners,
        },
        pool,
        hardware: options.hardware,
        engine: options.engine,
        log,
        now: options.now,
        // Only while the simulator is the only writer: the swap replaces every engine table, so
        // events of real coins or of outside stratum servers ingested meanwhile would be lost.
        history:
          options.nodeCoins.size === 0 && !env.ingestToken
            ? {
                filling: () => historyFilling(db.pool),
                open: () => openHistoryShadow({ db: db.pool, connection: db.connection, config: pool, log }),
              }
            : undefined,
        // The ingest route's own path, without HTTP: its own history may be older than the
        // late window (a long backfill, a restart after days down), see ingest/ingestor.ts.
        post: async (source, ndjson) => {
          try {
            await options.ingestor.apply(source, ndjson, { ownHistory: true });
          } catch (error) {
            if (error instanceof HttpError) throw new Error(`ingest answered ${error.status}: ${error.message}`);
            throw error;
          }
        },
      });
      status = driver.status;
      void driver.backfilled.then(markBackfilled);
      return driver;
    },
  });
  return {
    // A standby replica that takes the simulator over keeps serving while it resumes (decision 022).
    status: () => (takeover ? { ...status, takeover: true } : status),
    backfilled,
    stop: () => simulator.stop(),
  };
}

/**
 * A first start's history left half-filled (simulator/history.ts) by a process that died,
 * when the simulator is now off and nothing will finish it: dropped, so the API stops saying
 * history is filling. Only when no replica runs the simulator (its lock is free).
 */
async function dropAbandonedHistory(db: Database, log: (line: string) => void): Promise<void> {
  if (!(await historyFilling(db.pool))) return;
  const client = await db.pool.connect();
  try {
    const free = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, 0) as ok', [LOCK_SPACE.simulator]);
    if (!free.rows[0]?.ok) return;
    try {
      await dropHistory(db.pool);
      log('simulator: off; dropped the unfinished first-start history');
    } finally {
      await client.query('select pg_advisory_unlock($1, 0)', [LOCK_SPACE.simulator]);
    }
  } finally {
    client.release();
  }
}
