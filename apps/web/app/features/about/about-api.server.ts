/**
 * The pool list (`GET /api/v1/pools`) as /about and /merge need it: each pool's schemes, fees
 * and payout rules (the API serves them from content/pools.json, the engine's own config) and
 * the live totals. Throws when the API cannot answer; the pages then say so and still render
 * (decision 007).
 */
import { mergedListSchema, poolListSchema, type MergedList, type PoolStats } from '@openpool/domain/api';
import { getCoin } from '@openpool/domain/coins';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';

export interface PoolRow {
  ticker: string;
  name: string;
  algorithm: string;
  schemes: Array<{ scheme: string; fee: number }>;
  schedule: 'hourly' | 'daily';
  minPayout: string;
  hashrate: number;
  miners: number;
  workers: number;
  blocks24h: number;
  merged: string[];
}

export interface PoolTotals {
  pools: number;
  miners: number;
  workers: number;
  blocks24h: number;
}

export function poolRow(stats: PoolStats): PoolRow {
  return {
    ticker: stats.ticker,
    // The registry's full name ('Litecoin'); the API's name field is the ticker.
    name: getCoin(stats.ticker)?.name ?? stats.name,
    algorithm: stats.algorithm,
    schemes: stats.schemes.map((scheme) => ({ scheme, fee: stats.fees[scheme] ?? stats.fee })),
    schedule: stats.payout.schedule,
    minPayout: stats.payout.min,
    hashrate: stats.hashrate,
    miners: stats.miners,
    workers: stats.workers,
    blocks24h: stats.blocks_24h,
    merged: stats.merged,
  };
}

export function totalsOf(rows: readonly PoolRow[]): PoolTotals {
  return rows.reduce(
    (sum, row) => ({
      pools: sum.pools + 1,
      miners: sum.miners + row.miners,
      workers: sum.workers + row.workers,
      blocks24h: sum.blocks24h + row.blocks24h,
    }),
    { pools: 0, miners: 0, workers: 0, blocks24h: 0 },
  );
}

/** The enabled coins' pools, in the site's order, and their totals. */
export async function fetchPools(api: ApiClient, enabled: readonly string[]) {
  const { results } = poolListSchema.parse(await api.request(apiPaths.pools()));
  const byTicker = new Map(results.map((stats) => [stats.ticker, poolRow(stats)]));
  const rows = enabled.flatMap((ticker) => byTicker.get(ticker) ?? []);
  return { rows, totals: totalsOf(rows) };
}

export type MergedRow = MergedList['results'][number];

/** Each merge-mined coin with its own figures (`GET /api/v1/merged`), for /merge. */
export async function fetchMerged(api: ApiClient): Promise<MergedRow[]> {
  return mergedListSchema.parse(await api.request(apiPaths.merged())).results;
}
