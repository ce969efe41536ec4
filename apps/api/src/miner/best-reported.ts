/**
 * Best shares and reported beside effective hashrate (decision 023) of a miner and
 * its workers, from what the shares carried (engine/worker-extras.ts). Workers seen in the last
 * 30 days, like the workers list.
 */
import { hashrateFigures, type BestShares, type ReportedHashrate } from '@openpool/domain/best-reported';
import type { CoinTicker } from '@openpool/domain/coins';
import type { ApiContext } from '../context.ts';
import { latestNetworkSample } from '../stats/network-sample.ts';
import { BUCKET_S, HASHRATE_WINDOWS, ts, unix, windowHashrate, windows, windowStart } from '../stats/windows.ts';

const LISTED_DAYS = 30;

export type Best = { difficulty: number; at: number } | null;
const bestOf = (difficulty: number | null, at: Date | null): Best =>
  difficulty === null || at === null ? null : { difficulty, at: unix(at) };
/** The harder of two records (the page's read model takes the miner's best alike). */
export const harder = (a: Best, b: Best): Best => (a === null ? b : b === null || a.difficulty >= b.difficulty ? a : b);

export async function bestShares(ctx: ApiContext, coin: CoinTicker, address: string): Promise<BestShares | null> {
  const since = new Date(ctx.now() - LISTED_DAYS * 86_400_000);
  // A round starts at its scheme's last block: the pool's for PPS+ (its fee round) and PROP, the
  // miner's own for SOLO.
  const [starts, network] = await Promise.all([
    ctx.db.query<{ scheme: string; started: Date | null }>(
      `select scheme, max(found_at) as started from blocks
       where coin = $1 and merged_from is null and (scheme <> 'solo' or finder = $2) group by scheme`,
      [coin, address],
    ),
    latestNetworkSample(ctx.db, coin),
  ]);
  const startOf = (scheme: string) => starts.rows.find((row) => row.scheme === scheme)?.started ?? null;
  const rows = await ctx.db.query<{
    worker: string;
    scheme: string;
    all_d: number | null;
    all_at: Date | null;
    round_d: number | null;
    round_at: Date | null;
  }>(
    // The records of a worker get harder towards the past: its first is its all-time best, its
    // first after a moment the best since then (migration 021).
    `select w.worker, w.scheme, a.difficulty as all_d, a.at as all_at, r.difficulty as round_d, r.at as round_at
     from workers w
     left join lateral (select at, difficulty from worker_best_shares b where b.worker_id = w.id order by at limit 1) a on true
     left join lateral (
       select at, difficulty from worker_best_shares b
       where b.worker_id = w.id and b.at > coalesce(case w.scheme when 'pps' then $4::timestamptz when 'prop' then $5::timestamptz
         else $6::timestamptz end, '-infinity')
       order by at limit 1
     ) r on true
     where w.coin = $1 and w.address = $2 and w.last_share_at >= $3
     order by w.worker, w.scheme`,
    [coin, address, since, startOf('pps'), startOf('prop'), startOf('solo')],
  );
  if (rows.rows.length === 0) return null;
  const workers = rows.rows.map((row) => {
    const started = startOf(row.scheme);
    return {
      worker: row.worker,
      scheme: row.scheme,
      round_started: started ? unix(started) : null,
      round: bestOf(row.round_d, row.round_at),
      all_time: bestOf(row.all_d, row.all_at),
    };
  });
  return {
    network_difficulty: network?.difficulty ?? null,
    miner: {
      round: workers.reduce<Best>((best, worker) => harder(best, worker.round), null),
      all_time: workers.reduce<Best>((best, worker) => harder(best, worker.all_time), null),
    },
    workers,
  };
}

export async function reportedHashrate(ctx: ApiContext, coin: CoinTicker, address: string): Promise<ReportedHashrate | null> {
  const { end } = windows(ctx.now());
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  // One definition of effective hashrate (decision 024): the window's valid work over the whole
  // window, the miner page's own 10M and 24H figures. Like with like, the reported figure is
  // averaged over the same whole window: each complete bucket's mean report, a bucket without a
  // report counting 0 (a rig that ran 3 of 24 hours claimed nothing for the other 21).
  const rows = await ctx.db.query<ReportedRow>(
    `select w.worker, w.scheme,
       coalesce((select sum(valid) from worker_buckets b where b.worker_id = w.id and b.bucket >= $3 and b.bucket < $5), 0) as v10,
       coalesce((select sum(valid) from worker_buckets b where b.worker_id = w.id and b.bucket >= $4 and b.bucket < $5), 0) as v24h,
       (select sum(reported_sum / nullif(reports, 0)) from worker_reported r
         where r.worker_id = w.id and r.bucket >= $3 and r.bucket < $5) as r10,
       (select sum(reported_sum / nullif(reports, 0)) from worker_reported r
         where r.worker_id = w.id and r.bucket >= $4 and r.bucket < $5) as r24
     from workers w where w.coin = $1 and w.address = $2 and w.last_share_at >= $6
     order by w.worker, w.scheme`,
    [coin, address, windowStart('10m', end), windowStart('24h', end), ts(end), new Date(ctx.now() - LISTED_DAYS * 86_400_000)],
  );
  if (rows.rows.length === 0) return null;
  return reportedFigures(rows.rows, hpd);
}

/** A worker's valid work and its buckets' summed mean reports, over 10 minutes and 24 hours. */
export interface ReportedRow {
  worker: string;
  scheme: string;
  v10: number;
  v24h: number;
  r10: number | null;
  r24: number | null;
}

/** Reported beside effective hashrate per worker and for the miner (the page's read too, decision 034). */
export function reportedFigures(rows: readonly ReportedRow[], hpd: number): ReportedHashrate {
  // Each complete bucket's mean report averaged over the whole window (decision 024).
  const buckets = { '10m': HASHRATE_WINDOWS['10m'] / BUCKET_S, '24h': HASHRATE_WINDOWS['24h'] / BUCKET_S };
  const workers = rows.map((row) => ({
    worker: row.worker,
    scheme: row.scheme,
    '10m': hashrateFigures(windowHashrate('10m', row.v10, hpd), row.r10 === null ? null : row.r10 / buckets['10m']),
    '24h': hashrateFigures(windowHashrate('24h', row.v24h, hpd), row.r24 === null ? null : row.r24 / buckets['24h']),
  }));
  // The miner's comparison is of the workers that report, their work and their claims; how many
  // do not is said beside it, so its effective figure is never read as the miner's.
  const sum = (window: '10m' | '24h') => {
    const reporting = workers.filter((worker) => worker[window].reported !== null);
    return {
      ...hashrateFigures(
        reporting.reduce((total, worker) => total + worker[window].effective, 0),
        reporting.length === 0 ? null : reporting.reduce((total, worker) => total + (worker[window].reported ?? 0), 0),
      ),
      workers_reporting: reporting.length,
      workers_not_reporting: workers.filter((worker) => worker[window].reported === null && worker[window].effective > 0).length,
    };
  };
  return { miner: { '10m': sum('10m'), '24h': sum('24h') }, workers };
}
