import { networkChartSchema, poolChartSchema, type ChartRange } from '@openpool/domain/api';
import type { CoinTicker } from '@openpool/domain/coins';
import { createApiClient } from '~/shared/api-client';
import type { TimePoint } from './time-chart';

export type ChartKind = 'difficulty' | 'hashrate' | 'pool-hashrate';

/**
 * The series a chart page shows, from the API (pool chart, or network chart for difficulty
 * and hashrate). Null when the API failed: the page says the chart is unavailable.
 */
export async function loadChart(
  baseUrl: string,
  coin: CoinTicker,
  kind: ChartKind,
  range: ChartRange,
): Promise<TimePoint[] | null> {
  const client = createApiClient({ baseUrl });
  try {
    if (kind === 'pool-hashrate') {
      const chart = poolChartSchema.parse(await client.request(`/${coin}/api/v1/pool/chart`, { query: { range } }));
      return chart.points.map((p) => ({ t: p.t, v: p.hashrate }));
    }
    const chart = networkChartSchema.parse(await client.request(`/${coin}/api/v1/network/chart`, { query: { range } }));
    return chart.points.map((p) => ({ t: p.t, v: kind === 'difficulty' ? p.difficulty : p.hashrate }));
  } catch (error) {
    console.warn(`chart ${coin} ${kind}: ${(error as Error).message}`);
    return null;
  }
}
