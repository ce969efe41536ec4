/**
 * Time windows shared by pool and miner statistics (stats window math, not HTTP).
 * Hashrate is computed over complete 10-minute buckets only, so the current, half-filled
 * bucket never drags a figure down.
 */
import type { ChartRange } from '@openpool/domain/api';
import { hashrateFromShares } from '@openpool/domain/mining';

/** Unix seconds to a Date for query parameters, and a timestamp column back to unix seconds. */
export const ts = (seconds: number) => new Date(seconds * 1000);
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The one bucket size: shares are summed per 10 minutes (engine/aggregates.ts) and read so here. */
export const BUCKET_S = 600;
export const HOUR_S = 3600;

/**
 * The hashrate windows of the stats, by name: a window's length is both where its SQL filter
 * starts (the complete buckets of its last `seconds`) and what its shares are divided by.
 */
export const HASHRATE_WINDOWS = {
  '10m': BUCKET_S,
  '30m': 3 * BUCKET_S,
  '3h': 3 * HOUR_S,
  '6h': 6 * HOUR_S,
  '24h': 24 * HOUR_S,
} as const;
export type HashrateWindow = keyof typeof HASHRATE_WINDOWS;

/** The first bucket of a window ending at `end` (unix seconds), as a query parameter. */
export function windowStart(window: HashrateWindow, end: number): Date {
  return ts(end - HASHRATE_WINDOWS[window]);
}

/** H/s of a window from the difficulty of its shares. */
export function windowHashrate(window: HashrateWindow, difficultySum: number, hashesPerDifficulty: number): number {
  return hashrateFromShares(difficultySum, hashesPerDifficulty, HASHRATE_WINDOWS[window]);
}
/** A worker that sent no share for this long is offline: the domain's one rule (miner-rules.ts). */
export { OFFLINE_AFTER_S } from '@openpool/domain/miner-rules';

export interface Windows {
  /** Start (unix seconds) of the last complete 10-minute bucket. */
  last: number;
  /** Exclusive end of the complete buckets. */
  end: number;
}

export function windows(nowMs: number): Windows {
  const now = Math.floor(nowMs / 1000);
  const end = now - (now % BUCKET_S);
  return { last: end - BUCKET_S, end };
}

export interface RangePlan {
  /** 'bucket' reads 10-minute tables, 'hourly' the hourly rollups. */
  source: 'bucket' | 'hourly';
  step: number;
  from: number;
  to: number;
}

/** The buckets of each chart range: their size, how many, and which table holds them. */
const RANGE_BUCKETS: Record<ChartRange, { source: RangePlan['source']; step: number; count: number }> = {
  '24h': { source: 'bucket', step: BUCKET_S, count: 144 },
  '7d': { source: 'hourly', step: HOUR_S, count: 7 * 24 },
  '30d': { source: 'hourly', step: 4 * HOUR_S, count: 30 * 6 },
  '1y': { source: 'hourly', step: 24 * HOUR_S, count: 365 },
};

/**
 * A chart's complete buckets: `to` is the end of the last complete bucket of the range's size,
 * counted from the epoch as `date_bin` counts them, so no point covers only part of its bucket
 * (a 1-year chart's last day ended in a drop to a third of the pool).
 */
export function rangePlan(range: ChartRange, nowMs: number): RangePlan {
  const { end } = windows(nowMs);
  const { source, step, count } = RANGE_BUCKETS[range];
  const to = end - (end % step);
  return { source, step, from: to - count * step, to };
}
