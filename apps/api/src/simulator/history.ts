/**
 * The first start's history, built behind the live figures (decision 014).
 *
 * The engine needs a coin's events in time order: its clock runs the hour jobs as event time
 * crosses each hour, and a block closes the round of the shares before it. So a week of
 * history cannot be slipped in under live data, and ingesting it first kept every page at
 * 0 H/s for the minute and a half it took. Instead the demo ingests the last hour at once and
 * runs live on it, while the whole history (up to the live cursor) is built in time order by a
 * second engine in a schema of its own, `sim_history`; when it has caught up, its tables
 * replace the live ones in one transaction. The data after the swap is what a first start
 * that waited for the whole backfill would have, so accounting, realism and seeds keep their
 * meaning; only the first minute or two shows the short history, and the API says so.
 *
 * While `sim_history` exists, history is filling: every replica can tell from the database.
 * A process that dies mid-fill leaves the schema, and the next start fills it again.
 */
import { HISTORY_SCHEMA } from '../db/history-schema.ts';

export { historyFilling } from '../db/history-schema.ts';
import { withTransaction } from '../db/transaction.ts';
import pg from 'pg';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { migrate } from '../db/migrate.ts';
import { createEngine, LOCK_SPACE, type Engine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';

const REPLACED_SCHEMA = 'sim_replaced';

/**
 * Tables that are the site's own records, not the simulated pool's: kept through the swap.
 * Every other table of the schema (shares, rollups, rounds, blocks, ledger, balances,
 * payouts, miners, clocks, offsets, and whatever the engine gains later) is replaced.
 */
const KEPT = /^(schema_migrations|settings_attempts|referrals|notify_.*|watcher_links)$/;
/** Columns of `miners` a visitor sets (settings page): carried over to the swapped-in rows. */
const MINER_SETTINGS = ['payout_threshold', 'email', 'notify_offline', 'notify_payouts'] as const;

export interface HistoryShadow {
  engine: Engine;
  /** Replaces the live tables by the history's, in one transaction; the caller has paused ingest. */
  swap(): Promise<void>;
  /** Drops the history without swapping (stop before it was done: the next start refills it). */
  close(): Promise<void>;
}

/** Drops a history left by a crash, e.g. when the simulator is now off and will never finish it. */
export async function dropHistory(db: pg.Pool): Promise<void> {
  await db.query(`drop schema if exists ${HISTORY_SCHEMA} cascade`);
}

/** Starts a fresh history schema with every migration applied, and an engine writing to it. */
export async function openHistoryShadow(options: {
  db: pg.Pool;
  /** How to connect to the same database (the live pool's settings). */
  connection: pg.PoolConfig;
  config: PoolConfig;
  log?: (line: string) => void;
}): Promise<HistoryShadow> {
  await options.db.query(`drop schema if exists ${HISTORY_SCHEMA} cascade`);
  await options.db.query(`create schema ${HISTORY_SCHEMA}`);
  const pool = new pg.Pool({
    ...options.connection,
    max: 4,
    // Unqualified names resolve here first; pg_catalog (functions, types) is always searched.
    options: `-c search_path=${HISTORY_SCHEMA}`,
    application_name: 'openpool-history',
  });
  pool.on('error', (error) => options.log?.(`history: idle client error: ${error.message}`));
  // A checked-out client whose server goes away (a stop ends the fill's sessions, decision 030)
  // emits 'error' too: its query rejects and the fill stops; unhandled, the event ended the API.
  pool.on('connect', (client) => client.on('error', (error) => options.log?.(`history: client error: ${error.message}`)));
  await migrate(pool);
  const engine = createEngine({
    pool,
    config: options.config,
    sender: createSimulatedSender(),
    log: options.log,
    // Same database as the live engine: its own lock spaces, or the two would wait on each other.
    lockSpaces: { source: LOCK_SPACE.historySource, family: LOCK_SPACE.historyFamily },
  });
  let closed = false;
  return {
    engine,
    async swap() {
      if (closed) throw new Error('history: already closed');
      closed = true;
      await pool.end();
      // A reader holding one table while the swap holds another can deadlock with it; the
      // database then cancels one side, and the swap is simply tried again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await swapTables(options.db);
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          options.log?.(`history: swap failed (attempt ${attempt}), retrying: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        }
      }
      await options.db.query(`drop schema if exists ${REPLACED_SCHEMA} cascade`);
      await options.db.query(`drop schema if exists ${HISTORY_SCHEMA} cascade`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end().catch(() => undefined);
    },
  };
}

async function swapTables(db: pg.Pool): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query(`set local lock_timeout = '15s'`);
    const tables = (
      await client.query<{ tablename: string }>('select tablename from pg_tables where schemaname = $1 order by 1', [
        HISTORY_SCHEMA,
      ])
    ).rows
      .map((row) => row.tablename)
      .filter((name) => !KEPT.test(name));
    for (const name of tables) if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`history: unexpected table name ${name}`);
    await client.query(`drop schema if exists ${REPLACED_SCHEMA} cascade`);
    await client.query(`create schema ${REPLACED_SCHEMA}`);
    // Indexes, constraints and the sequences of serial columns move with their tables.
    for (const name of tables) await client.query(`alter table public.${name} set schema ${REPLACED_SCHEMA}`);
    for (const name of tables) await client.query(`alter table ${HISTORY_SCHEMA}.${name} set schema public`);
    if (tables.includes('miners')) {
      await client.query(
        `update public.miners m set ${MINER_SETTINGS.map((column) => `${column} = o.${column}`).join(', ')}
         from ${REPLACED_SCHEMA}.miners o
         where m.coin = o.coin and m.address = o.address
           and (o.payout_threshold is not null or o.email is not null or o.notify_offline or o.notify_payouts)`,
      );
    }
    // The watcher's state names workers by id, and the swapped-in workers have other ids: it
    // starts over (a worker watched since the first minutes is simply seen afresh).
    if (tables.includes('workers')) {
      await client.query(
        `do $$ begin if to_regclass('public.notify_worker_state') is not null then delete from public.notify_worker_state; end if; end $$`,
      );
    }
  });
}
