/**
 * The read behind `GET /{coin}/api/v1/miner/quality/{address}` (miner/routes.ts): valid, stale and invalid shares and their rates
 * per worker and for the miner over the last complete hour and 24 hours, with the pool's beside
 * them (decision 023). Complete 10-minute buckets only, like every other figure.
 */
import type { CoinTicker } from '@openpool/domain/coins';
import { staleRateFarAbove, type ShareQuality } from '@openpool/domain/share-quality';
import type { ApiContext } from '../context.ts';
import { ts, windows, windowStart } from '../stats/windows.ts';
import { qualityCounts, qualityWindows, type QualityCounts } from './quality-counts.ts';

export async function shareQuality(ctx: ApiContext, coin: CoinTicker, address: string): Promise<ShareQuality | null> {
  const { end } = windows(ctx.now());
  // The last complete hour is the last six complete buckets.
  const range = [windowStart('24h', end), ts(end), ts(end - 3600)];
  const [pool, miner, workers] = await Promise.all([
    ctx.db.query<QualityCounts>(
      `select ${qualityCounts('$3')} from pool_buckets where coin = $4 and bucket >= $1 and bucket < $2`,
      [...range, coin],
    ),
    ctx.db.query<QualityCounts & { seen: boolean }>(
      `select ${qualityCounts('$3')}, exists (select 1 from miners where coin = $4 and address = $5) as seen
       from miner_buckets where coin = $4 and address = $5 and bucket >= $1 and bucket < $2`,
      [...range, coin, address],
    ),
    ctx.db.query<QualityCounts & { worker: string; scheme: string }>(
      `select w.worker, w.scheme, ${qualityCounts('$3')}
       from workers w join worker_buckets b on b.worker_id = w.id
       where w.coin = $4 and w.address = $5 and b.bucket >= $1 and b.bucket < $2
       group by w.worker, w.scheme order by w.worker, w.scheme`,
      [...range, coin, address],
    ),
  ]);
  if (!miner.rows[0]?.seen) return null;
  const poolQuality = qualityWindows(pool.rows[0]);
  return {
    pool: poolQuality,
    miner: qualityWindows(miner.rows[0]),
    workers: workers.rows.map((row) => {
      const quality = qualityWindows(row);
      return {
        worker: row.worker,
        scheme: row.scheme,
        ...quality,
        stale_hint: staleRateFarAbove(quality['24h'], poolQuality['24h']),
      };
    }),
  };
}
