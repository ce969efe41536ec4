/**
 * The series of a coin's chart pages (decision 007): the pool chart for the pool's hashrate,
 * the network chart for network difficulty and hashrate. Throws on any failure; the chart
 * route turns that into 'unavailable' through `lookup()`.
 */
import { networkChartSchema, poolChartSchema, type ChartRange } from '@openpool/domain/api';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import type { TimePoint } from './time-point';

export type ChartKind = 'difficulty' | 'hashrate' | 'pool-hashrate';

export async function fetchChart(api: ApiClient, coin: string, kind: ChartKind, range: ChartRange): Promise<TimePoint[]> {
  if (kind === 'pool-hashrate') {
    const chart = poolChartSchema.parse(await api.request(apiPaths.poolChart(coin), { query: { range } }));
    return chart.points.map((p) => ({ t: p.t, v: p.hashrate }));
  }
  const chart = networkChartSchema.parse(await api.request(apiPaths.networkChart(coin), { query: { range } }));
  return chart.points.map((p) => ({ t: p.t, v: kind === 'difficulty' ? p.difficulty : p.hashrate }));
}
