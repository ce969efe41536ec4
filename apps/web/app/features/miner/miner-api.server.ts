/**
 * The miner calls of the stats and worker pages, made by their loaders on the server and
 * parsed with the API's own schemas (the browser ships no zod, decision 005).
 */
import {
  minerAlertsSchema,
  minerChartSchema,
  minerStatsSchema,
  rewardsSchema,
  workersSchema,
  workerStatsSchema,
} from '@openpool/domain/api';
import { ApiError, type ApiClient } from '~/shared/api-client';

export type MinerRange = '24h' | '7d';

/** The stats and worker pages offer 24 h and 7 d (10-minute points); anything else is 24 h. */
export function parseMinerRange(value: string | null): MinerRange {
  return value === '7d' ? '7d' : '24h';
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Stats, chart, workers and 31 days of rewards, in parallel. `null` when the pool never saw
 * the address (the API's 404); any other failure is thrown to the caller.
 */
export async function fetchMinerDashboard(client: ApiClient, coin: string, address: string, range: MinerRange) {
  const base = `/${encodeURIComponent(coin)}/api`;
  const miner = encodeURIComponent(address);
  const [stats, chart, workers, rewards, alerts] = await Promise.all([
    client.request(`${base}/v1/miner/stats/${miner}`).then(
      (body) => minerStatsSchema.parse(body),
      (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      },
    ),
    client.request(`${base}/v1/miner/chart/${miner}`, { query: { range } }).then((body) => minerChartSchema.parse(body)),
    client.request(`${base}/v3/miner/workers/${miner}`).then((body) => workersSchema.parse(body).results),
    client
      .request(`${base}/v1/miner/rewards/${miner}`, { query: { days: 31 } })
      .then((body) => rewardsSchema.parse(body).results),
    // What is watched (issue 14): a line on the page, never a reason for the page to fail.
    client.request(`${base}/v1/miner/alerts/${miner}`).then(
      (body) => minerAlertsSchema.parse(body),
      () => null,
    ),
  ]);
  if (!stats) return null;
  return { stats, chart, workers, rewards, alerts };
}

/** One worker's row and chart for a scheme; `null` when the miner has no such worker. */
export async function fetchWorker(
  client: ApiClient,
  coin: string,
  address: string,
  worker: string,
  scheme: string | undefined,
  range: MinerRange,
) {
  try {
    const body = await client.request(
      `/${encodeURIComponent(coin)}/api/v1/miner/worker/${encodeURIComponent(address)}/${encodeURIComponent(worker)}`,
      { query: { range, scheme } },
    );
    return workerStatsSchema.parse(body);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export type MinerDashboard = NonNullable<Awaited<ReturnType<typeof fetchMinerDashboard>>>;
export type WorkerStats = NonNullable<Awaited<ReturnType<typeof fetchWorker>>>;
