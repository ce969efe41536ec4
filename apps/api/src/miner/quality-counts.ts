/**
 * The share-quality counts (decision 023) in one place: the SQL that sums a bucket table's
 * valid, stale and invalid shares and work over the last complete hour and 24 hours, its row,
 * and the row's two windows. The quality path (quality.ts) and the miner page's read model
 * (page/queries.ts, decision 034) both read them, so the two cannot drift apart.
 */
import { windowQuality } from '@openpool/domain/share-quality';

export interface QualityCounts {
  n1v: number;
  n1s: number;
  n1i: number;
  n24v: number;
  n24s: number;
  n24i: number;
  w1v: number;
  w1s: number;
  w1i: number;
  w24v: number;
  w24s: number;
  w24i: number;
}

/** The counts' select list; `hourStart` is the placeholder of the last complete hour's start. */
export const qualityCounts = (hourStart: string) =>
  `coalesce(sum(valid_n) filter (where bucket >= ${hourStart}), 0)::int as n1v,
   coalesce(sum(stale_n) filter (where bucket >= ${hourStart}), 0)::int as n1s,
   coalesce(sum(invalid_n) filter (where bucket >= ${hourStart}), 0)::int as n1i,
   coalesce(sum(valid_n), 0)::int as n24v, coalesce(sum(stale_n), 0)::int as n24s, coalesce(sum(invalid_n), 0)::int as n24i,
   coalesce(sum(valid) filter (where bucket >= ${hourStart}), 0)::float8 as w1v,
   coalesce(sum(stale) filter (where bucket >= ${hourStart}), 0)::float8 as w1s,
   coalesce(sum(invalid) filter (where bucket >= ${hourStart}), 0)::float8 as w1i,
   coalesce(sum(valid), 0)::float8 as w24v, coalesce(sum(stale), 0)::float8 as w24s, coalesce(sum(invalid), 0)::float8 as w24i`;

/** A counts row's two windows; no row (nothing in range) reads as all zeros. */
export const qualityWindows = (row: QualityCounts | undefined) => ({
  '1h': windowQuality(
    { valid: row?.n1v ?? 0, stale: row?.n1s ?? 0, invalid: row?.n1i ?? 0 },
    { valid: row?.w1v ?? 0, stale: row?.w1s ?? 0, invalid: row?.w1i ?? 0 },
  ),
  '24h': windowQuality(
    { valid: row?.n24v ?? 0, stale: row?.n24s ?? 0, invalid: row?.n24i ?? 0 },
    { valid: row?.w24v ?? 0, stale: row?.w24s ?? 0, invalid: row?.w24i ?? 0 },
  ),
});
