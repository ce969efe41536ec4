/**
 * Share events folded in memory between flushes: one row per worker, miner and pool
 * bucket instead of one per share, written with one multi-row upsert per table. This is
 * what lets ingest account 100k+ shares a second into PostgreSQL.
 */
import type pg from 'pg';
import type { ShareEvent } from '@openpool/domain/events';
import { BUCKET_S } from '../stats/windows.ts';

/** Shares fold into the stats' buckets (one size, stats/windows.ts), in milliseconds as events carry time. */
const BUCKET_MS = BUCKET_S * 1000;
export const HOUR_MS = 60 * 60 * 1000;

interface Counts {
  valid: number;
  stale: number;
  invalid: number;
  validN: number;
  staleN: number;
  invalidN: number;
}

const emptyCounts = (): Counts => ({ valid: 0, stale: 0, invalid: 0, validN: 0, staleN: 0, invalidN: 0 });

function add(counts: Counts, share: ShareEvent): void {
  if (share.status === 'valid') {
    counts.valid += share.difficulty;
    counts.validN += 1;
  } else if (share.status === 'stale') {
    counts.stale += share.difficulty;
    counts.staleN += 1;
  } else {
    counts.invalid += share.difficulty;
    counts.invalidN += 1;
  }
}

interface WorkerSeen {
  coin: string;
  address: string;
  worker: string;
  scheme: string;
  first: number;
  last: number;
  /** Difficulty of the batch's earliest and latest share (for /test). */
  firstDifficulty: number;
  lastDifficulty: number;
  ip: string;
  agent: string | null;
  country: string | null;
}

type Keyed<T> = Map<string, { key: string[]; time: number; counts: T }>;

const SEP = '\u0000';

export class ShareAggregates {
  workers = new Map<string, WorkerSeen>();
  miners = new Map<string, { coin: string; address: string; first: number; last: number }>();
  workerBuckets: Keyed<Counts> = new Map();
  minerBuckets: Keyed<Counts> = new Map();
  minerHourly: Keyed<Counts> = new Map();
  poolBuckets: Keyed<Counts> = new Map();
  poolHourly: Keyed<Counts> = new Map();
  size = 0;

  add(share: ShareEvent): void {
    this.size += 1;
    const bucket = share.at - (share.at % BUCKET_MS);
    const hour = share.at - (share.at % HOUR_MS);
    const workerKey = share.coin + SEP + share.address + SEP + share.worker + SEP + share.scheme;
    const seen = this.workers.get(workerKey);
    if (!seen) {
      this.workers.set(workerKey, {
        coin: share.coin,
        address: share.address,
        worker: share.worker,
        scheme: share.scheme,
        first: share.at,
        last: share.at,
        firstDifficulty: share.difficulty,
        lastDifficulty: share.difficulty,
        ip: share.ip,
        agent: share.agent ?? null,
        country: share.country ?? null,
      });
    } else {
      if (share.at < seen.first) {
        seen.first = share.at;
        seen.firstDifficulty = share.difficulty;
      }
      if (share.at >= seen.last) {
        seen.last = share.at;
        seen.lastDifficulty = share.difficulty;
        seen.ip = share.ip;
        if (share.agent) seen.agent = share.agent;
        if (share.country) seen.country = share.country;
      }
    }
    const minerKey = share.coin + SEP + share.address;
    const miner = this.miners.get(minerKey);
    if (!miner) this.miners.set(minerKey, { coin: share.coin, address: share.address, first: share.at, last: share.at });
    else {
      if (share.at < miner.first) miner.first = share.at;
      if (share.at > miner.last) miner.last = share.at;
    }
    bump(this.workerBuckets, [share.coin, share.address, share.worker, share.scheme], bucket, share);
    bump(this.minerBuckets, [share.coin, share.address, share.scheme], bucket, share);
    bump(this.minerHourly, [share.coin, share.address, share.scheme], hour, share);
    bump(this.poolBuckets, [share.coin, share.scheme], bucket, share);
    bump(this.poolHourly, [share.coin, share.scheme], hour, share);
  }

  /**
   * Writes only what the hour jobs read (miners' last share for resets, hourly valid
   * difficulty for PPS): bucket and worker rows wait for the end of the batch, one upsert
   * each, instead of one per hour the batch spans.
   */
  async flushForJobs(client: pg.PoolClient, withMiners: boolean): Promise<void> {
    if (withMiners) await this.flushMiners(client);
    await upsertCounts(client, 'miner_hourly', ['coin', 'address', 'scheme'], 'hour', this.minerHourly);
    this.minerHourly.clear();
  }

  private async flushMiners(client: pg.PoolClient): Promise<void> {
    if (this.miners.size === 0) return;
    const miners = [...this.miners.values()];
    await client.query(
      `insert into miners as m (coin, address, first_share_at, last_share_at)
       select c, a, to_timestamp(f / 1000.0), to_timestamp(l / 1000.0)
       from unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) as u(c, a, f, l)
       on conflict (coin, address) do update set
         first_share_at = least(m.first_share_at, excluded.first_share_at),
         last_share_at = greatest(m.last_share_at, excluded.last_share_at)`,
      [miners.map((m) => m.coin), miners.map((m) => m.address), miners.map((m) => m.first), miners.map((m) => m.last)],
    );
    this.miners.clear();
  }

  async flush(client: pg.PoolClient): Promise<void> {
    if (this.size === 0) return;
    const workers = [...this.workers.values()];
    const ids = await client.query<{ id: number; coin: string; address: string; worker: string; scheme: string }>(
      `insert into workers as w (coin, address, worker, scheme, first_share_at, last_share_at, last_ip, agent, country,
         first_share_difficulty, last_share_difficulty)
       select c, a, wk, s, to_timestamp(f / 1000.0), to_timestamp(l / 1000.0), ip::inet, ag, co, fd, ld
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::text[], $8::text[], $9::text[],
         $10::float8[], $11::float8[])
         as u(c, a, wk, s, f, l, ip, ag, co, fd, ld)
       on conflict (coin, address, worker, scheme) do update set
         first_share_difficulty = case when excluded.first_share_at < w.first_share_at
           then excluded.first_share_difficulty else w.first_share_difficulty end,
         last_share_difficulty = case when excluded.last_share_at >= w.last_share_at
           then excluded.last_share_difficulty else w.last_share_difficulty end,
         first_share_at = least(w.first_share_at, excluded.first_share_at),
         last_ip = case when excluded.last_share_at >= w.last_share_at then excluded.last_ip else w.last_ip end,
         agent = case when excluded.last_share_at >= w.last_share_at then coalesce(excluded.agent, w.agent) else w.agent end,
         country = case when excluded.last_share_at >= w.last_share_at then coalesce(excluded.country, w.country) else w.country end,
         last_share_at = greatest(w.last_share_at, excluded.last_share_at)
       returning id, coin, address, worker, scheme`,
      [
        workers.map((w) => w.coin),
        workers.map((w) => w.address),
        workers.map((w) => w.worker),
        workers.map((w) => w.scheme),
        workers.map((w) => w.first),
        workers.map((w) => w.last),
        workers.map((w) => w.ip),
        workers.map((w) => w.agent),
        workers.map((w) => w.country),
        workers.map((w) => w.firstDifficulty),
        workers.map((w) => w.lastDifficulty),
      ],
    );
    await this.flushMiners(client);
    const idOf = new Map(
      ids.rows.map((row) => [row.coin + SEP + row.address + SEP + row.worker + SEP + row.scheme, String(row.id)]),
    );
    for (const entry of this.workerBuckets.values()) entry.key = [idOf.get(entry.key.join(SEP)) ?? '0'];
    await upsertCounts(client, 'worker_buckets', ['worker_id'], 'bucket', this.workerBuckets, 'int8');
    await upsertCounts(client, 'miner_buckets', ['coin', 'address', 'scheme'], 'bucket', this.minerBuckets);
    await upsertCounts(client, 'miner_hourly', ['coin', 'address', 'scheme'], 'hour', this.minerHourly);
    await upsertCounts(client, 'pool_buckets', ['coin', 'scheme'], 'bucket', this.poolBuckets);
    await upsertCounts(client, 'pool_hourly', ['coin', 'scheme'], 'hour', this.poolHourly);
    this.workers.clear();
    this.workerBuckets.clear();
    this.minerBuckets.clear();
    this.minerHourly.clear();
    this.poolBuckets.clear();
    this.poolHourly.clear();
    this.size = 0;
  }
}

function bump(map: Keyed<Counts>, key: string[], time: number, share: ShareEvent): void {
  const id = key.join(SEP) + SEP + time;
  let entry = map.get(id);
  if (!entry) {
    entry = { key, time, counts: emptyCounts() };
    map.set(id, entry);
  }
  add(entry.counts, share);
}

async function upsertCounts(
  client: pg.PoolClient,
  table: string,
  keyColumns: string[],
  timeColumn: string,
  map: Keyed<Counts>,
  keyType: 'text' | 'int8' = 'text',
): Promise<void> {
  if (map.size === 0) return;
  const entries = [...map.values()];
  const keyParams = keyColumns.map((_, index) => entries.map((entry) => entry.key[index] ?? ''));
  const n = keyColumns.length;
  const keyArgs = keyColumns.map((_, index) => `$${index + 1}::${keyType}[]`).join(', ');
  const args = [
    ...keyParams,
    entries.map((e) => e.time),
    entries.map((e) => e.counts.valid),
    entries.map((e) => e.counts.stale),
    entries.map((e) => e.counts.invalid),
    entries.map((e) => e.counts.validN),
    entries.map((e) => e.counts.staleN),
    entries.map((e) => e.counts.invalidN),
  ];
  const p = (offset: number) => `$${n + offset}`;
  const cols = keyColumns.map((_, index) => `k${index}`);
  await client.query(
    `insert into ${table} as t (${keyColumns.join(', ')}, ${timeColumn}, valid, stale, invalid, valid_n, stale_n, invalid_n)
     select ${cols.join(', ')}, to_timestamp(tm / 1000.0), v, s, i, vn, sn, inv
     from unnest(${keyArgs}, ${p(1)}::float8[], ${p(2)}::float8[], ${p(3)}::float8[], ${p(4)}::float8[], ${p(5)}::int8[], ${p(6)}::int8[], ${p(7)}::int8[])
       as u(${cols.join(', ')}, tm, v, s, i, vn, sn, inv)
     on conflict (${keyColumns.join(', ')}, ${timeColumn}) do update set
       valid = t.valid + excluded.valid, stale = t.stale + excluded.stale, invalid = t.invalid + excluded.invalid,
       valid_n = t.valid_n + excluded.valid_n, stale_n = t.stale_n + excluded.stale_n, invalid_n = t.invalid_n + excluded.invalid_n`,
    args,
  );
}

/**
 * Valid share difficulty per open round and address, not yet written. A block takes its
 * round's pending entries straight from here (`take`), so blocks never force a flush.
 */
export class RoundAggregates {
  shares = new Map<string, { coin: string; round: string; address: string; difficulty: number }>();
  /** Keys of pending entries per coin and round, for `take`. */
  private byRound = new Map<string, Set<string>>();

  add(coin: string, round: string, address: string, difficulty: number): void {
    const key = coin + SEP + round + SEP + address;
    const entry = this.shares.get(key);
    if (entry) {
      entry.difficulty += difficulty;
      return;
    }
    this.shares.set(key, { coin, round, address, difficulty });
    const roundKey = coin + SEP + round;
    let keys = this.byRound.get(roundKey);
    if (!keys) this.byRound.set(roundKey, (keys = new Set()));
    keys.add(key);
  }

  /** Removes and returns the pending difficulty of a round (of one address, for solo). */
  take(coin: string, round: string, address?: string): Map<string, number> {
    const out = new Map<string, number>();
    const keys = this.byRound.get(coin + SEP + round);
    if (!keys) return out;
    for (const key of keys) {
      const entry = this.shares.get(key);
      if (!entry || (address !== undefined && entry.address !== address)) continue;
      out.set(entry.address, entry.difficulty);
      this.shares.delete(key);
      keys.delete(key);
    }
    return out;
  }

  async flush(client: pg.PoolClient): Promise<void> {
    if (this.shares.size === 0) return;
    const shares = [...this.shares.values()];
    await client.query(
      `insert into round_shares as r (coin, round, address, difficulty)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[])
       on conflict (coin, round, address) do update set difficulty = r.difficulty + excluded.difficulty`,
      [shares.map((s) => s.coin), shares.map((s) => s.round), shares.map((s) => s.address), shares.map((s) => s.difficulty)],
    );
    this.shares.clear();
    this.byRound.clear();
  }
}
