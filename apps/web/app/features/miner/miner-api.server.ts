/**
 * The miner calls of the miner pages, made by their loaders on the server and parsed with the
 * API's own schemas (the browser ships no zod, decision 005). Each throws on any failure; the
 * loader maps that to found, not found or unavailable with `lookup()` (decision 007).
 */
import { minerPayoutsSchema, settingsSchema, watchTargetSchema, workerStatsSchema } from '@openpool/domain/api';
import { minerPageSchema, type MinerPage } from '@openpool/domain/miner-page';
import { shareQualitySchema } from '@openpool/domain/share-quality';
import { bestSharesSchema, reportedHashrateSchema } from '@openpool/domain/best-reported';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import type { MinerRange } from './miner-range';
import { withIdleSteps } from './idle-steps';

/**
 * Everything the miner stats page shows in one read (decision 034): stats, chart, workers, 31
 * days of rewards, what is watched, share quality, best shares and reported hashrate. The API
 * answers 404 for an address the pool never saw, which makes the whole page not found.
 */
export async function fetchMinerPage(api: ApiClient, coin: string, address: string, range: MinerRange): Promise<MinerPage> {
  const page = minerPageSchema.parse(await api.request(apiPaths.minerPage(coin, address), { query: { range } }));
  return { ...page, chart: withIdleSteps(page.chart) };
}

/** One worker's row and chart for a scheme; the API's 404 when the miner has no such worker. */
export async function fetchWorker(
  api: ApiClient,
  coin: string,
  address: string,
  worker: string,
  scheme: string | undefined,
  range: MinerRange,
) {
  const stats = workerStatsSchema.parse(
    await api.request(apiPaths.minerWorker(coin, address, worker), { query: { range, scheme } }),
  );
  return withIdleSteps(stats);
}

/** Share quality of the miner and each worker, with the pool's (decision 023). */
export async function fetchShareQuality(api: ApiClient, coin: string, address: string) {
  return shareQualitySchema.parse(await api.request(apiPaths.minerQuality(coin, address)));
}

/**
 * Best shares and reported beside effective hashrate (decision 023): parts of the miner
 * and worker pages, never a reason for them to fail (null).
 */
export async function fetchBestAndReported(api: ApiClient, coin: string, address: string) {
  const [best, reported] = await Promise.all([
    api.request(apiPaths.minerBestShares(coin, address)).then(
      (body) => bestSharesSchema.parse(body),
      () => null,
    ),
    api.request(apiPaths.minerReported(coin, address)).then(
      (body) => reportedHashrateSchema.parse(body),
      () => null,
    ),
  ]);
  return { best, reported };
}

/** The miner a watcher link opens (decision 023); the API's 404 once it is revoked or expired. */
export async function fetchWatchTarget(api: ApiClient, token: string) {
  return watchTargetSchema.parse(await api.request(apiPaths.watchTarget(token)));
}

/**
 * One page of a miner's payouts in every coin it is paid in (the pool's and the merge-mined
 * ones), newest first, filtered to one coin or not, from a cursor the API issued.
 */
export async function fetchMinerPayouts(
  api: ApiClient,
  coin: string,
  address: string,
  page: { coin?: string | null; before?: string | null; after?: string | null; limit: number },
) {
  const query = {
    limit: page.limit,
    ...(page.coin ? { coin: page.coin } : {}),
    ...(page.before ? { before: page.before } : page.after ? { after: page.after } : {}),
  };
  return minerPayoutsSchema.parse(await api.request(apiPaths.minerPayoutsAll(coin, address), { query }));
}

/**
 * The address's settings, and whether it can change them yet (`active`: the pool has seen a
 * share from it). An address never seen still has settings: the pool's defaults.
 */
export async function fetchSettings(api: ApiClient, coin: string, address: string) {
  return settingsSchema.parse(await api.request(apiPaths.minerSettings(coin, address)));
}
