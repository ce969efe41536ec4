/**
 * The rows of /compare-mining-pools (decision 011) and their order: our pool from its live stats,
 * the others from content/compare/pools.json. Pure, so the page, its test and the browser
 * agree on what a sort means. `null` in a figure means we could not confirm it on the pool's pages; such rows
 * sort last whatever the direction, so a missing figure never looks like the best one.
 */
import type { ComparedPool, PayoutFrequency } from '@openpool/domain/compare-pools';
import type { PoolStats } from '@openpool/domain/api';

export interface CompareRow {
  pool: string;
  ours: boolean;
  url: string | null;
  source: string | null;
  schemes: Array<{ name: string; fee: number | null }>;
  minPayout: string | null;
  payout: PayoutFrequency | null;
  regions: string[] | null;
  merged: string[] | null;
}

export const SORT_KEYS = ['pool', 'fee', 'min', 'payout', 'regions', 'merged'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  descending: boolean;
}

/** `?sort=fee` ascending, `?sort=-fee` descending; anything else is the default, lowest fee first. */
export function parseSort(value: string | null): Sort {
  const descending = value?.startsWith('-') ?? false;
  const key = (descending ? value!.slice(1) : value) as SortKey;
  return SORT_KEYS.includes(key) ? { key, descending } : { key: 'fee', descending: false };
}

export function sortParam(sort: Sort): string {
  return sort.descending ? `-${sort.key}` : sort.key;
}

const SCHEME_NAMES: Record<string, string> = { pps: 'PPS+', prop: 'PROP', solo: 'SOLO' };

/** Our pool's row from `GET /{coin}/api/v1/pool/stats`: the engine's own config, served live. */
export function ourRow(stats: PoolStats, siteName: string): CompareRow {
  return {
    pool: siteName,
    ours: true,
    url: null,
    source: null,
    schemes: stats.schemes.map((scheme) => ({
      name: SCHEME_NAMES[scheme] ?? scheme.toUpperCase(),
      fee: stats.fees[scheme] ?? stats.fee,
    })),
    minPayout: stats.payout.min,
    payout: stats.payout.schedule,
    regions: regionsOf(stats),
    merged: stats.merged,
  };
}

/** Region codes from our stratum hosts, `{coin}-{region}.{domain}:{port}`. */
function regionsOf(stats: PoolStats): string[] {
  const prefix = `${stats.ticker}-`;
  const regions = stats.servers.urls.map((url) => {
    const host = url.replace(/^[a-z+]+:\/\//, '').split(/[.:]/)[0] ?? '';
    return host.startsWith(prefix) ? host.slice(prefix.length) : host;
  });
  return [...new Set(regions.filter(Boolean))];
}

export function otherRow(row: ComparedPool): CompareRow {
  return {
    pool: row.pool,
    ours: false,
    url: row.url,
    source: row.sources[0] ?? null,
    schemes: row.schemes,
    minPayout: row.min_payout,
    payout: row.payout,
    regions: row.regions,
    merged: row.merged,
  };
}

/** The lowest published fee of a row's schemes; null when none is published. */
export function lowestFee(row: CompareRow): number | null {
  const fees = row.schemes.flatMap((scheme) => (scheme.fee === null ? [] : [scheme.fee]));
  return fees.length > 0 ? Math.min(...fees) : null;
}

const PAYOUT_ORDER: Record<PayoutFrequency, number> = { hourly: 0, daily: 1, choice: 2 };

function sortValue(row: CompareRow, key: SortKey): number | string | null {
  switch (key) {
    case 'pool':
      return row.pool.toLowerCase();
    case 'fee':
      return lowestFee(row);
    case 'min':
      return row.minPayout === null ? null : Number(row.minPayout);
    case 'payout':
      return row.payout === null ? null : PAYOUT_ORDER[row.payout];
    case 'regions':
      return row.regions === null ? null : row.regions.length;
    case 'merged':
      return row.merged === null ? null : row.merged.length;
  }
}

/** A stable sort; rows without the figure go last in both directions, ties keep the pool name order. */
export function sortRows(rows: readonly CompareRow[], sort: Sort): CompareRow[] {
  const byName = [...rows].sort((a, b) => a.pool.localeCompare(b.pool, 'en'));
  return byName.sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const order = left < right ? -1 : left > right ? 1 : 0;
    return sort.descending ? -order : order;
  });
}
