/**
 * The live figures the hardware pages compute with, fetched by their loaders on the server and
 * parsed with the API's own schemas: per coin the network difficulty, block reward, schemes and
 * fees (pool stats), the USD price (rates), and on device pages the 30-day difficulty trend.
 * One coin's outage leaves that coin out of the figures, never the page.
 */
import { networkChartSchema, poolStatsSchema, ratesSchema } from '@openpool/domain/api';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { dailyTrend } from '@openpool/domain/profitability';
import type { ApiClient } from '~/shared/api-client';
import type { CoinMarket, Market } from './profit';

/** Days of difficulty history a trend needs before payback follows it. */
export const MIN_TREND_DAYS = 7;

function warn(what: string, error: unknown): void {
  console.warn(`hardware ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Enabled coins mined with one of `algorithms`, in the site's order. */
export function coinsFor(enabled: readonly CoinTicker[], algorithms: ReadonlySet<string>): CoinTicker[] {
  return enabled.filter((ticker) => algorithms.has(COINS[ticker].algorithm));
}

async function coinMarket(client: ApiClient, ticker: CoinTicker, withTrend: boolean): Promise<CoinMarket | null> {
  try {
    const [stats, chart] = await Promise.all([
      client.request(`/${ticker}/api/v1/pool/stats`).then((body) => poolStatsSchema.parse(body)),
      withTrend
        ? client
            .request(`/${ticker}/api/v1/network/chart`, { query: { range: '30d' } })
            .then((body) => networkChartSchema.parse(body).points)
            .catch((error: unknown) => {
              warn(`trend ${ticker}`, error);
              return [];
            })
        : Promise.resolve([]),
    ]);
    const first = chart.find((point) => point.difficulty > 0);
    const last = chart.at(-1);
    const days = first && last ? (last.t - first.t) / 86_400 : 0;
    return {
      ticker,
      name: COINS[ticker].name,
      algorithm: stats.algorithm,
      net_difficulty: stats.net_difficulty,
      block_reward: stats.block_reward,
      schemes: stats.schemes,
      fees: stats.fees,
      price_usd: null,
      updated_at: stats.updated_at,
      // A trend over less than a week of history is noise; the page then shows flat payback only.
      trend:
        first && last && days >= MIN_TREND_DAYS ? { daily: dailyTrend(first.difficulty, last.difficulty, days), days } : null,
    };
  } catch (error) {
    warn(`stats ${ticker}`, error);
    return null;
  }
}

/** Pool stats of `coins` (and their trends when asked) and the USD prices, in parallel. */
export async function fetchMarket(
  client: ApiClient,
  coins: readonly CoinTicker[],
  options: { trend?: boolean } = {},
): Promise<Market> {
  const [markets, rates] = await Promise.all([
    Promise.all(coins.map((ticker) => coinMarket(client, ticker, options.trend ?? false))),
    client
      .request('/api/v1/rates')
      .then((body) => ratesSchema.parse(body))
      .catch((error: unknown) => {
        warn('rates', error);
        return null;
      }),
  ]);
  const priced = markets
    .filter((market): market is CoinMarket => market !== null)
    .map((market) => {
      const price = rates?.crypto[market.ticker.toUpperCase()];
      return { ...market, price_usd: price !== undefined && Number.isFinite(price) && price > 0 ? price : null };
    });
  return { coins: priced, fiat: rates?.fiat ?? { USD: 1 }, rates_at: rates?.updated_at ?? null };
}
