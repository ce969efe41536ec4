/**
 * The read behind `GET /{coin}/api/v1/miner/quality/{address}` (miner/routes.ts): valid, stale and invalid shares and their rates
 * per worker and for the miner over the last complete hour and 24 hours, with the pool's beside
 * them (decision 023). Complete 10-minute buckets only, like every other figure.
 */
import type { CoinTicker } from '@openpool/domain/coins';
import { staleRateFarAbove, windowQuality, type ShareQuality } from '@openpool/domain/share-quality';
import type { ApiContext } from '../context.ts';
import { ts, windows, windowStart } from '../stats/windows.ts';

interface Row {
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
const COUNTS = `coalesce(sum(valid_n) filter (where bucket >= $H), 0)::int as n1v,
  coalesce(sum(stale_n) filter (where bucket >= $H), 0)::int as n1s,
  coalesce(sum(invalid_n) filter (where bucket >= $H), 0)::int as n1i,
  coalesce(sum(valid_n), 0)::int as n24v, coalesce(sum(stale_n), 0)::int as n24s, coalesce(sum(invalid_n), 0)::int as n24i,
  coalesce(sum(valid) filter (where bucket >= $H), 0)::float8 as w1v,
  coalesce(sum(stale) filter (where bucket >= $H), 0)::float8 as w1s,
  coalesce(sum(invalid) filter (where bucket >= $H), 0)::float8 as w1i,
  coalesce(sum(valid), 0)::float8 as w24v, coalesce(sum(stale), 0)::float8 as w24s, coalesce(sum(invalid), 0)::float8 as w24i`;

const both = (row: Row | undefined) => ({
  '1h': windowQuality(
    { valid: row?.n1v ?? 0, stale: row?.n1s ?? 0, invalid: row?.n1i ?? 0 },
    { valid: row?.w1v ?? 0, stale: row?.w1s ?? 0, invalid: row?.w1i ?? 0 },
  ),
  '24h': windowQuality(
    { valid: row?.n24v ?? 0, stale: row?.n24s ?? 0, invalid: row?.n24i ?? 0 },
    { valid: row?.w24v ?? 0, stale: row?.w24s ?? 0, invalid: row?.w24i ?? 0 },
  ),
});

export async function shareQuality(ctx: ApiContext, coin: CoinTicker, address: string): Promise<ShareQuality | null> {
  const { end } = windows(ctx.now());
  // The last complete hour is the last six complete buckets.
  const range = [windowStart('24h', end), ts(end), ts(end - 3600)];
  const counts = (sql: string) => sql.replaceAll('$H', '$3');
  const [pool, miner, workers] = await Promise.all([
    ctx.db.query<Row>(counts(`select ${COUNTS} from pool_buckets where coin = $4 and bucket >= $1 and bucket < $2`), [
      ...range,
      coin,
    ]),
    ctx.db.query<Row & { seen: boolean }>(
      counts(
        `select ${COUNTS}, exists (select 1 from miners where coin = $4 and address = $5) as seen
         from miner_buckets where coin = $4 and address = $5 and bucket >= $1 and bucket < $2`,
      ),
      [...range, coin, address],
    ),
    ctx.db.query<Row & { worker: string; scheme: string }>(
      counts(
        `select w.worker, w.scheme, ${COUNTS}
         from workers w join worker_buckets b on b.worker_id = w.id
         where w.coin = $4 and w.address = $5 and b.bucket >= $1 and b.bucket < $2
         group by w.worker, w.scheme order by w.worker, w.scheme`,
      ),
      [...range, coin, address],
    ),
  ]);
  if (!miner.rows[0]?.seen) return null;
  const poolQuality = both(pool.rows[0]);
  return {
    pool: poolQuality,
    miner: both(miner.rows[0]),
    workers: workers.rows.map((row) => {
      const quality = both(row);
      return {
        worker: row.worker,
        scheme: row.scheme,
        ...quality,
        stale_hint: staleRateFarAbove(quality['24h'], poolQuality['24h']),
      };
    }),
  };
}
