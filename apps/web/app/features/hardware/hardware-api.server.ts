/**
 * The live figures the hardware pages compute with, fetched by their loaders on the server and
 * parsed with the API's own schemas: per coin the network difficulty, block reward, schemes and
 * fees (pool stats), the USD price (rates), and on device pages the 30-day difficulty trend.
 * One coin's outage leaves that coin out of the figures, never the page (`lookup()`, decision 007).
 */
import { networkChartSchema, poolStatsSchema, ratesSchema } from '@openpool/domain/api';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { dailyTrend } from '@openpool/domain/profitability';
import type { ApiClient } from '~/platform/api-client';
import { lookup, valueOr } from '~/shared/api-lookup.server';
import { apiPaths } from '~/platform/api-paths';
import type { CoinMarket, Market } from './profit';

/** Days of difficulty history a trend needs before payback follows it. */
export const MIN_TREND_DAYS = 7;

/** Enabled coins mined with one of `algorithms`, in the site's order. */
export function coinsFor(enabled: readonly CoinTicker[], algorithms: ReadonlySet<string>): CoinTicker[] {
  return enabled.filter((ticker) => algorithms.has(COINS[ticker].algorithm));
}

// A coin's figures: the API's 404 means it does not serve a coin the site offers (unavailable).
const COIN_LEVEL = { missing: 'unavailable' } as const;

async function coinMarket(api: ApiClient, ticker: CoinTicker, withTrend: boolean): Promise<CoinMarket | null> {
  const [found, trend] = await Promise.all([
    lookup(
      `hardware stats ${ticker}`,
      async () => poolStatsSchema.parse(await api.request(apiPaths.poolStats(ticker))),
      COIN_LEVEL,
    ),
    withTrend
      ? lookup(
          `hardware trend ${ticker}`,
          async () =>
            networkChartSchema.parse(await api.request(apiPaths.networkChart(ticker), { query: { range: '30d' } })).points,
          COIN_LEVEL,
        )
      : null,
  ]);
  if (found.kind !== 'found') return null;
  const stats = found.value;
  const chart = trend ? valueOr(trend, []) : [];
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
    trend: first && last && days >= MIN_TREND_DAYS ? { daily: dailyTrend(first.difficulty, last.difficulty, days), days } : null,
  };
}

/** Pool stats of `coins` (and their trends when asked) and the USD prices, in parallel. */
export async function fetchMarket(
  api: ApiClient,
  coins: readonly CoinTicker[],
  options: { trend?: boolean } = {},
): Promise<Market> {
  const [markets, rates] = await Promise.all([
    Promise.all(coins.map((ticker) => coinMarket(api, ticker, options.trend ?? false))),
    lookup('hardware rates', async () => ratesSchema.parse(await api.request(apiPaths.rates()))).then((rates) =>
      valueOr(rates, null),
    ),
  ]);
  const priced = markets
    .filter((market): market is CoinMarket => market !== null)
    .map((market) => {
      const price = rates?.crypto[market.ticker.toUpperCase()];
      return { ...market, price_usd: price !== undefined && Number.isFinite(price) && price > 0 ? price : null };
    });
  return { coins: priced, fiat: rates?.fiat ?? { USD: 1 }, rates_at: rates?.updated_at ?? null };
}
