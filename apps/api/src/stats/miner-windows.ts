/**
 * A miner's share sums over the hashrate windows, in one row: what the miner page's figures
 * and the watcher's hashrate-drop alert both read (complete 10-minute buckets only).
 */
import type pg from 'pg';
import { ts, windowStart } from './windows.ts';

export interface MinerWindowSums {
  /** Sum of valid share difficulty in the last 10 minutes, 6 hours and 24 hours. */
  v10: number;
  v6h: number;
  v24h: number;
  /** Shares counted in the last 24 hours, by result. */
  validShares: number;
  staleShares: number;
  invalidShares: number;
}

/** `end`: the exclusive end (unix seconds) of the complete buckets (`windows(now).end`). */
export async function minerWindowSums(
  db: Pick<pg.Pool, 'query'>,
  coin: string,
  address: string,
  end: number,
): Promise<MinerWindowSums> {
  const result = await db.query<MinerWindowSums>(
    `select coalesce(sum(valid) filter (where bucket = $3), 0) as v10,
       coalesce(sum(valid) filter (where bucket >= $4), 0) as v6h,
       coalesce(sum(valid), 0) as v24h,
       coalesce(sum(valid_n), 0)::float8 as "validShares", coalesce(sum(stale_n), 0)::float8 as "staleShares",
       coalesce(sum(invalid_n), 0)::float8 as "invalidShares"
     from miner_buckets where coin = $1 and address = $2 and bucket >= $5 and bucket < $6`,
    [coin, address, windowStart('10m', end), windowStart('6h', end), windowStart('24h', end), ts(end)],
  );
  return result.rows[0]!;
}
