/**
 * The miner page's SQL (decision 034): what the stats, quality, best-shares and reported paths
 * read in eleven statements, here in two. `minerHead` is one row of the miner's own figures
 * (the latest network sample read once, for solo effort and best shares alike); `minerWorkers`
 * is one row per worker with its windows, quality counts, best shares and reports. Each mirrors
 * its compatibility path's SQL (miner/queries.ts, miner/workers.ts, miner/quality-counts.ts,
 * miner/best-reported.ts), and page.test.ts holds the two to the same answers.
 */
import type pg from 'pg';
import { OFFLINE_AFTER_S, ts, windows, windowStart } from '../../stats/windows.ts';
import { qualityCounts as counts, type QualityCounts } from '../quality-counts.ts';

/** The ledger kinds a credit is (miner/queries.ts counts the same). */
const CREDIT_KINDS = ['pps', 'block', 'fee_share', 'solo', 'orphan'];
/** Workers silent longer drop off the list (miner/workers.ts, WORKER_LIST_DAYS). */
const LISTED_DAYS = 30;

export interface MinerHead {
  /** Unix seconds. */
  first_seen: number;
  last_share: number;
  payout_threshold: string | null;
  v10: number;
  v6h: number;
  v24h: number;
  valid_shares: number;
  stale_shares: number;
  invalid_shares: number;
  online: number;
  offline: number;
  schemes: string[];
  r7: string;
  r30: string;
  solo_difficulty: number | null;
  network_difficulty: number | null;
  blocks: number;
  balances: { coin: string; mature: string; immature: string; paid: string }[];
  miner_quality: QualityCounts;
  pool_quality: QualityCounts;
}

/** The moments every statement of one page read shares: one clock for the whole answer. */
function bounds(nowMs: number) {
  const { end } = windows(nowMs);
  return {
    start10m: windowStart('10m', end),
    start3h: windowStart('3h', end),
    start6h: windowStart('6h', end),
    start24h: windowStart('24h', end),
    hourStart: ts(end - 3600),
    end: ts(end),
    listedSince: new Date(nowMs - LISTED_DAYS * 86_400_000),
  };
}

/** The miner's own figures in one row; null for an address the pool never saw. */
export async function minerHead(
  db: Pick<pg.Pool, 'query'>,
  coin: string,
  address: string,
  balanceCoins: readonly string[],
  nowMs: number,
): Promise<MinerHead | null> {
  const b = bounds(nowMs);
  const result = await db.query<MinerHead>(
    `select floor(extract(epoch from m.first_share_at))::float8 as first_seen,
       floor(extract(epoch from m.last_share_at))::float8 as last_share,
       m.payout_threshold::text as payout_threshold,
       s.v10, s.v6h, s.v24h, s.valid_shares, s.stale_shares, s.invalid_shares,
       k.online, k.offline, k.schemes, r.r7, r.r30,
       (select difficulty from round_shares where coin = $1 and round = 'solo' and address = $2) as solo_difficulty,
       -- The one read of the latest network sample (stats/network-sample.ts reads it alike).
       (select difficulty from network_samples where coin = $1 order by at desc limit 1) as network_difficulty,
       (select count(*)::int from blocks where coin = $1 and finder = $2 and merged_from is null) as blocks,
       (select coalesce(json_agg(json_build_object('coin', coin, 'mature', mature::text, 'immature', immature::text,
          'paid', paid::text)), '[]') from balances where address = $2 and coin = any($3::text[])) as balances,
       to_json(s) as miner_quality, to_json(p) as pool_quality
     from miners m
     cross join (
       select coalesce(sum(valid) filter (where bucket = $4), 0) as v10,
         coalesce(sum(valid) filter (where bucket >= $5), 0) as v6h,
         coalesce(sum(valid), 0) as v24h,
         coalesce(sum(valid_n), 0)::float8 as valid_shares, coalesce(sum(stale_n), 0)::float8 as stale_shares,
         coalesce(sum(invalid_n), 0)::float8 as invalid_shares, ${counts('$8')}
       from miner_buckets where coin = $1 and address = $2 and bucket >= $6 and bucket < $7
     ) s
     cross join (select ${counts('$8')} from pool_buckets where coin = $1 and bucket >= $6 and bucket < $7) p
     cross join (
       select count(*) filter (where last_share_at >= $9)::int as online, count(*) filter (where last_share_at < $9)::int as offline,
         coalesce(array_agg(distinct scheme), '{}') as schemes
       from workers where coin = $1 and address = $2 and last_share_at >= $10
     ) k
     cross join (
       select coalesce(sum(mature + immature) filter (where at >= $12), 0)::text as r7,
         coalesce(sum(mature + immature), 0)::text as r30
       from ledger where coin = $1 and address = $2 and kind = any($11::text[]) and at >= $13
     ) r
     where m.coin = $1 and m.address = $2`,
    [
      coin,
      address,
      balanceCoins,
      b.start10m,
      b.start6h,
      b.start24h,
      b.end,
      b.hourStart,
      new Date(nowMs - OFFLINE_AFTER_S * 1000),
      b.listedSince,
      CREDIT_KINDS,
      new Date(nowMs - 7 * 86_400_000),
      new Date(nowMs - 30 * 86_400_000),
    ],
  );
  return result.rows[0] ?? null;
}

/** A worker's figures; its best shares are of all time and of its scheme's round. */
export interface WorkerFigures extends QualityCounts {
  worker: string;
  scheme: string;
  /** Unix milliseconds. */
  last_share: number;
  /** Whether the worker has a complete bucket in the last 24 hours (the quality list's rule). */
  in_quality: boolean;
  v10: number;
  v3h: number;
  v24h: number;
  vn: number;
  sn: number;
  inv: number;
  r10: number | null;
  r24: number | null;
  all_d: number | null;
  all_at: number | null;
  round_d: number | null;
  round_at: number | null;
}

/** Every worker seen in the last 30 days, by name and scheme, with everything the page shows of it. */
export async function minerWorkers(
  db: Pick<pg.Pool, 'query'>,
  coin: string,
  address: string,
  nowMs: number,
): Promise<WorkerFigures[]> {
  const b = bounds(nowMs);
  const result = await db.query<WorkerFigures>(
    // A round starts at its scheme's last block: the pool's for PPS+ and PROP, the miner's own
    // for SOLO (miner/best-reported.ts).
    `with starts as (
       select scheme, max(found_at) as started from blocks
       where coin = $1 and merged_from is null and (scheme <> 'solo' or finder = $2) group by scheme
     ),
     b as materialized (
       -- materialized: aggregate once, then join (miner/workers.ts says why)
       select w.id, coalesce(sum(valid) filter (where bucket = $3), 0) as v10,
         coalesce(sum(valid) filter (where bucket >= $4), 0) as v3h,
         sum(valid) as v24h, sum(valid_n)::float8 as vn, sum(stale_n)::float8 as sn, sum(invalid_n)::float8 as inv,
         ${counts('$7')}
       from worker_buckets b join workers w on w.id = b.worker_id
       where w.coin = $1 and w.address = $2 and b.bucket >= $5 and b.bucket < $6
       group by w.id
     )
     select w.worker, w.scheme, floor(extract(epoch from w.last_share_at) * 1000)::float8 as last_share,
       b.id is not null as in_quality,
       coalesce(b.v10, 0) as v10, coalesce(b.v3h, 0) as v3h, coalesce(b.v24h, 0) as v24h,
       coalesce(b.vn, 0) as vn, coalesce(b.sn, 0) as sn, coalesce(b.inv, 0) as inv,
       coalesce(b.n1v, 0) as n1v, coalesce(b.n1s, 0) as n1s, coalesce(b.n1i, 0) as n1i,
       coalesce(b.n24v, 0) as n24v, coalesce(b.n24s, 0) as n24s, coalesce(b.n24i, 0) as n24i,
       coalesce(b.w1v, 0) as w1v, coalesce(b.w1s, 0) as w1s, coalesce(b.w1i, 0) as w1i,
       coalesce(b.w24v, 0) as w24v, coalesce(b.w24s, 0) as w24s, coalesce(b.w24i, 0) as w24i,
       (select sum(reported_sum / nullif(reports, 0)) from worker_reported r
         where r.worker_id = w.id and r.bucket >= $3 and r.bucket < $6) as r10,
       (select sum(reported_sum / nullif(reports, 0)) from worker_reported r
         where r.worker_id = w.id and r.bucket >= $5 and r.bucket < $6) as r24,
       a.difficulty as all_d, floor(extract(epoch from a.at))::float8 as all_at,
       rs.difficulty as round_d, floor(extract(epoch from rs.at))::float8 as round_at
     from workers w
     left join b on b.id = w.id
     left join starts st on st.scheme = w.scheme
     -- A worker's records get harder towards the past: its first is its all-time best, its
     -- first after a moment the best since then (migration 021).
     left join lateral (select at, difficulty from worker_best_shares x where x.worker_id = w.id order by at limit 1) a on true
     left join lateral (
       select at, difficulty from worker_best_shares x
       where x.worker_id = w.id and x.at > coalesce(st.started, '-infinity') order by at limit 1
     ) rs on true
     where w.coin = $1 and w.address = $2 and w.last_share_at >= $8
     order by w.worker, w.scheme`,
    [coin, address, b.start10m, b.start3h, b.start24h, b.end, b.hourStart, b.listedSince],
  );
  return result.rows;
}
