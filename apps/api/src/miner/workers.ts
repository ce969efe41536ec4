/**
 * A miner's workers (the compatibility path `GET /{coin}/api/v3/miner/workers/{address}` and
 * one worker's page): hashrate windows, share counts and, for a worker first seen today, its
 * hashrate since the first share. Worker IPs are never returned: they are the proof for
 * settings changes.
 */
import type { CoinTicker } from '@openpool/domain/coins';
import { hashrateFromShares } from '@openpool/domain/mining';
import type { ApiContext } from '../context.ts';
import { ts, windowHashrate, windowStart, windows } from '../stats/windows.ts';
import { workerStatus } from '@openpool/domain/miner-rules';

/** Workers silent for longer than this drop off the list. */
export const WORKER_LIST_DAYS = 30;

interface WorkerRow {
  worker: string;
  scheme: string;
  agent: string | null;
  country: string | null;
  last_share_at: Date;
  first_share_at: Date;
  first_share_difficulty: number | null;
  last_share_difficulty: number | null;
  /** Valid difficulty and count since the first share, for workers first seen in the last 24 hours. */
  since_first: number | null;
  since_first_n: number | null;
  v10: number;
  v30: number;
  v3h: number;
  v24h: number;
  vn: number;
  sn: number;
  inv: number;
}

/** Workers first seen longer ago than this get no 'so far' figure: their 24 h average says it. */
const SO_FAR_MAX_MS = 24 * 3600 * 1000;

/**
 * H/s since the worker's first share: the valid difficulty after that share over the time
 * since it. The first share only starts the clock (counting it would make one lucky share
 * look like a huge hashrate), so with n shares of about equal difficulty that is
 * sum * (n - 1) / n. Zero until a second share; null for workers older than a day.
 */
function hashrateSoFar(row: WorkerRow, hashesPerDifficulty: number, now: number): number | null {
  if (row.since_first === null || row.since_first_n === null) return null;
  const seconds = (now - row.first_share_at.getTime()) / 1000;
  if (row.since_first_n < 2 || seconds <= 0) return 0;
  return hashrateFromShares((row.since_first * (row.since_first_n - 1)) / row.since_first_n, hashesPerDifficulty, seconds);
}

export async function workers(ctx: ApiContext, coin: CoinTicker, address: string, only?: { name: string; scheme?: string }) {
  const now = ctx.now();
  const { end } = windows(now);
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  const params: unknown[] = [
    coin,
    address,
    windowStart('10m', end),
    windowStart('30m', end),
    windowStart('3h', end),
    windowStart('24h', end),
    ts(end),
    new Date(now - WORKER_LIST_DAYS * 86_400_000),
    new Date(now - SO_FAR_MAX_MS),
  ];
  let filter = '';
  if (only) {
    params.push(only.name);
    filter = `and w.worker = $${params.length}`;
    if (only.scheme) {
      params.push(only.scheme);
      filter += ` and w.scheme = $${params.length}`;
    }
  }
  const rows = await ctx.db.query<WorkerRow>(
    `with b as materialized (
       -- materialized: aggregate once, then join (a fresh table's row estimates would
       -- otherwise make the planner re-run the aggregate for every worker)
       select worker, scheme,
         coalesce(sum(valid) filter (where bucket = $3), 0) as v10,
         coalesce(sum(valid) filter (where bucket >= $4), 0) as v30,
         coalesce(sum(valid) filter (where bucket >= $5), 0) as v3h,
         sum(valid) as v24h, sum(valid_n)::float8 as vn, sum(stale_n)::float8 as sn, sum(invalid_n)::float8 as inv
       from worker_buckets b join workers w on w.id = b.worker_id
       where w.coin = $1 and w.address = $2 and b.bucket >= $6 and b.bucket < $7
       group by worker, scheme
     )
     select w.worker, w.scheme, w.agent, w.country, w.last_share_at, w.first_share_at,
       w.first_share_difficulty, w.last_share_difficulty, f.since_first, f.since_first_n,
       coalesce(b.v10, 0) as v10, coalesce(b.v30, 0) as v30, coalesce(b.v3h, 0) as v3h, coalesce(b.v24h, 0) as v24h,
       coalesce(b.vn, 0) as vn, coalesce(b.sn, 0) as sn, coalesce(b.inv, 0) as inv
     from workers w left join b on b.worker = w.worker and b.scheme = w.scheme
     -- A new worker's every bucket, the open one included (at most a day of them): the
     -- hashrate so far cannot wait for complete windows, /test shows it minutes after connecting.
     left join lateral (
       select sum(valid) as since_first, sum(valid_n)::float8 as since_first_n
       from worker_buckets wb where wb.worker_id = w.id
     ) f on w.first_share_at >= $9
     where w.coin = $1 and w.address = $2 and w.last_share_at >= $8 ${filter}
     order by w.worker, w.scheme`,
    params,
  );
  return rows.rows.map((row) => ({
    worker: row.worker,
    scheme: row.scheme,
    status: workerStatus(row.last_share_at.getTime(), now),
    agent: row.agent,
    country: row.country,
    hashrate_10m: windowHashrate('10m', row.v10, hpd),
    avg_hashrate_30m: windowHashrate('30m', row.v30, hpd),
    avg_hashrate_3h: windowHashrate('3h', row.v3h, hpd),
    avg_hashrate_24h: windowHashrate('24h', row.v24h, hpd),
    valid: row.vn,
    stale: row.sn,
    invalid: row.inv,
    last_share: row.last_share_at.getTime(),
    first_share: row.first_share_at.getTime(),
    first_share_difficulty: row.first_share_difficulty,
    last_share_difficulty: row.last_share_difficulty,
    hashrate_so_far: hashrateSoFar(row, hpd, now),
  }));
}
