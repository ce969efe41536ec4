/**
 * The engine: applies a batch of ingest events to PostgreSQL in one transaction, in event
 * order, and runs the hour jobs (PPS credit, payouts, balance resets) whenever a coin's
 * event time crosses an hour. A batch is acknowledged only after its commit; the highest
 * committed `seq` per source makes a replay change nothing.
 */
import { withTransaction } from '../db/transaction.ts';
import type pg from 'pg';
import type { CoinTicker, MergedTicker } from '@openpool/domain/coins';
import type { ChainKind } from '@openpool/domain/chain-params';
import type { IngestEvent } from '@openpool/domain/events';
import type { PoolConfig } from '@openpool/domain/pool-config';
import type { EngineMetrics } from '../metrics/api-metrics.ts';
import { HOUR_MS } from './aggregates.ts';
import { ReferenceBook, type NodeDifficulty } from './reference.ts';
import { BatchContext } from './batch.ts';
import { writeAuditRecords } from './audit.ts';
import type { PayoutSender } from './payouts/payout-sender.ts';
import { LOCK_SPACE } from './lock-spaces.ts';
import { createPayoutRun } from './payouts/send.ts';

export { EngineInputError } from './batch.ts';

export { LOCK_SPACE } from './lock-spaces.ts';

/** Another replica is applying a batch of this source right now (the route answers 409). */
export class SourceBusyError extends Error {
  constructor(source: string) {
    super(`a batch of source ${source} is being applied`);
    this.name = 'SourceBusyError';
  }
}

export interface IngestResult {
  accepted: number;
  skipped: number;
  lastSeq: number;
}

export interface Engine {
  ingest(source: string, events: readonly IngestEvent[]): Promise<IngestResult>;
  /** Sends Unpaid payouts through the sender, then follows sent ones on their chain; returns how many were paid. */
  sendPayouts(): Promise<number>;
  /** Deletes what retention no longer needs; returns rows removed. */
  applyRetention(nowMs: number): Promise<number>;
  lastSeq(source: string): Promise<number>;
  /** Which chain a coin's samples come from: main unless its node said otherwise (decision 018). */
  chainOf(coin: string): ChainKind;
  /** How far back an event can still be accounted (PPS's late window); ingest refuses older ones. */
  readonly lateWindowMs: number;
}

export interface EngineOptions {
  pool: pg.Pool;
  config: PoolConfig;
  sender: PayoutSender;
  log?: (line: string) => void;
  /** How far back a late share can still be paid by PPS. */
  ppsLateWindowMs?: number;
  /** Advisory lock spaces of sources and families: another engine on other tables of the same database takes its own. */
  lockSpaces?: { source: number; family: number };
  /** Coins whose node is on a test chain (regtest, testnet); every other coin's samples are held to its real chain. */
  chains?: ReadonlyMap<string, ChainKind>;
  /** The difficulty of coins whose node the pool runs: the breaker's reference for them (decision 029). */
  nodeDifficulty?: NodeDifficulty;
  /** Prometheus metrics (decision 022): hour jobs timed, reverted payouts counted. */
  metrics?: Pick<EngineMetrics, 'hourJob' | 'payoutsReverted'>;
  /** Audit records with every period's credits (decision 025); on unless false (the benches measure both). */
  audit?: boolean;
}

/**
 * Writers of one coin family (a coin with its merge-mined children: ltc with doge, pep and
 * bells; btc with fb) run one at a time; different families run in parallel, each in its own
 * transaction on its own connection. Locks are taken in name order, so two batches can
 * never wait on each other in a cycle. These in-process locks only queue this process's
 * batches without holding a connection each; the same names are then locked in PostgreSQL
 * (transaction advisory locks, below), which is what keeps replicas apart.
 */
function createFamilyLocks() {
  const tails = new Map<string, Promise<unknown>>();
  async function lockOne(name: string): Promise<() => void> {
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    tails.set(name, tail);
    await previous;
    return () => {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    };
  }
  return async <T>(names: Iterable<string>, task: () => Promise<T>): Promise<T> => {
    const releases: (() => void)[] = [];
    try {
      for (const name of [...new Set(names)].sort()) releases.push(await lockOne(name));
      return await task();
    } finally {
      for (const release of releases.reverse()) release();
    }
  };
}

export function createEngine(options: EngineOptions): Engine {
  const { pool, config, sender } = options;
  const spaces = options.lockSpaces ?? LOCK_SPACE;
  const locked = createFamilyLocks();
  const familyOf = new Map<string, string>();
  for (const [child, merged] of config.merged) familyOf.set(child, merged.parents[0] ?? child);
  const families = (events: readonly IngestEvent[]) => {
    const names = new Set<string>();
    for (const event of events) names.add(familyOf.get(event.coin) ?? event.coin);
    return names;
  };
  const lateWindow = options.ppsLateWindowMs ?? 48 * HOUR_MS;
  const chainOf = (coin: string): ChainKind => options.chains?.get(coin) ?? 'main';
  const references = new ReferenceBook(options.nodeDifficulty);

  function requiredConfirmations(coin: string): number {
    return config.coins.get(coin as CoinTicker)?.confirmations ?? config.merged.get(coin as MergedTicker)?.confirmations ?? 100;
  }

  async function ingest(source: string, events: readonly IngestEvent[]): Promise<IngestResult> {
    // The source is locked too: two batches of one source never interleave their offsets.
    return locked([`source:${source}`, ...families(events)], async () => {
      return withTransaction(pool, async (client) => {
        // Replica-wide (decision 014). A source's batches must be applied in the order
        // sent, so a second one arriving at another replica meanwhile is refused, not queued
        // (it could overtake the first). A family waits: the coin's clock and the hour jobs it
        // triggers are read and written only under it, so each hour job runs once, in whichever
        // replica's batch crosses the hour first. Transaction locks: a replica that dies
        // mid-batch (kill -9) loses its connection, PostgreSQL rolls the batch back and frees
        // them, and the sender's retry at another replica applies the batch from its offset.
        const sourceLock = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as ok', [
          spaces.source,
          source,
        ]);
        if (!sourceLock.rows[0]?.ok) throw new SourceBusyError(source);
        for (const family of [...families(events)].sort()) {
          await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [spaces.family, family]);
        }
        const offset = await client.query<{ last_seq: number }>(
          'select last_seq from ingest_offsets where source = $1 for update',
          [source],
        );
        const startSeq = offset.rows[0]?.last_seq ?? 0;
        const batch = new BatchContext(client, config, {
          source,
          lateWindow,
          requiredConfirmations,
          chainOf,
          references,
          log: options.log,
          metrics: options.metrics,
          audit: options.audit === false ? undefined : writeAuditRecords,
        });
        let last = startSeq;
        let accepted = 0;
        for (const event of events) {
          if (event.seq <= last) continue;
          last = event.seq;
          accepted += 1;
          await batch.apply(event);
        }
        await batch.finish();
        if (last > startSeq) {
          await client.query(
            `insert into ingest_offsets (source, last_seq, updated_at) values ($1, $2, now())
             on conflict (source) do update set last_seq = excluded.last_seq, updated_at = now()`,
            [source, last],
          );
        }
        return { accepted, skipped: events.length - accepted, lastSeq: last };
      });
    });
  }

  const sendPayouts = createPayoutRun({
    pool,
    config,
    sender,
    requiredConfirmations,
    log: options.log,
    onReverted: options.metrics?.payoutsReverted,
  });

  async function applyRetention(nowMs: number): Promise<number> {
    // 10-minute buckets serve charts up to 7 days; hourly rollups serve a year.
    const keepBuckets = new Date(nowMs - 8 * 24 * HOUR_MS);
    const keepHourly = new Date(nowMs - 400 * 24 * HOUR_MS);
    let removed = 0;
    for (const sql of [
      'delete from worker_buckets where bucket < $1',
      'delete from worker_reported where bucket < $1',
      'delete from miner_buckets where bucket < $1',
      'delete from pool_buckets where bucket < $1',
      'delete from network_samples where at < $1 and extract(minute from at) >= 10',
    ]) {
      removed += (await pool.query(sql, [keepBuckets])).rowCount ?? 0;
    }
    for (const sql of ['delete from miner_hourly where hour < $1', 'delete from pool_hourly where hour < $1']) {
      removed += (await pool.query(sql, [keepHourly])).rowCount ?? 0;
    }
    return removed;
  }

  async function lastSeq(source: string): Promise<number> {
    const result = await pool.query<{ last_seq: number }>('select last_seq from ingest_offsets where source = $1', [source]);
    return result.rows[0]?.last_seq ?? 0;
  }

  return { ingest, sendPayouts, applyRetention, lastSeq, chainOf, lateWindowMs: lateWindow };
}
