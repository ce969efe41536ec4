/**
 * The live figures the hardware pages compute with, fetched by their loaders on the server and
 * parsed with the API's own schemas: per coin the network difficulty, block reward, schemes and
 * fees (pool stats), the USD price (rates), and on device pages the 30-day difficulty trend.
 * One coin's outage leaves that coin out of the figures, never the page (`lookup()`, decision 007).
 */
import { mergedListSchema, networkChartSchema, poolStatsSchema, ratesSchema, type MergedList } from '@openpool/domain/api';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { dailyTrend } from '@openpool/domain/profitability';
import type { ApiClient } from '~/platform/api-client';
import { lookup, valueOr } from '~/data/api-lookup.server';
import { apiPaths } from '~/platform/api-paths';
import type { CoinMarket, Market, MergedMarket } from './profit';

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

/**
 * Pool stats of `coins` (and their trends when asked) and the USD prices, in parallel; with
 * `merged`, each coin's merge-mined coins too (decision 024: a device mining LTC earns DOGE,
 * PEP and BELLS with the same hashes), from `/api/v1/merged`.
 */
export async function fetchMarket(
  api: ApiClient,
  coins: readonly CoinTicker[],
  options: { trend?: boolean; merged?: boolean } = {},
): Promise<Market> {
  const wantsMerged = options.merged === true && coins.some((ticker) => COINS[ticker].mergedCoins.length > 0);
  const [markets, rates, merged] = await Promise.all([
    Promise.all(coins.map((ticker) => coinMarket(api, ticker, options.trend ?? false))),
    lookup('hardware rates', async () => ratesSchema.parse(await api.request(apiPaths.rates()))).then((rates) =>
      valueOr(rates, null),
    ),
    wantsMerged
      ? lookup('hardware merged', async () => mergedListSchema.parse(await api.request(apiPaths.merged()))).then((list) =>
          valueOr(list, null),
        )
      : null,
  ]);
  const priceOf = (ticker: string) => {
    const price = rates?.crypto[ticker.toUpperCase()];
    return price !== undefined && Number.isFinite(price) && price > 0 ? price : null;
  };
  const priced = markets
    .filter((market): market is CoinMarket => market !== null)
    .map((market) => {
      const children = merged ? mergedOf(market, merged, priceOf) : [];
      return { ...market, price_usd: priceOf(market.ticker), ...(children.length > 0 ? { merged: children } : {}) };
    });
  return { coins: priced, fiat: rates?.fiat ?? { USD: 1 }, rates_at: rates?.updated_at ?? null };
}

/**
 * The coins a pool's work merge-mines, with their chains' figures and no price (the coin page's
 * calculator prices them with the rates the browser loads); empty when the call fails.
 */
export async function fetchMergedFigures(
  api: ApiClient,
  parent: Pick<CoinMarket, 'ticker' | 'algorithm'>,
): Promise<MergedMarket[]> {
  if (!(COINS as Record<string, { mergedCoins: readonly string[] } | undefined>)[parent.ticker]?.mergedCoins.length) return [];
  const list = await lookup('calculator merged', async () => mergedListSchema.parse(await api.request(apiPaths.merged())));
  return list.kind === 'found' ? mergedOf(parent, list.value, () => null) : [];
}

/** The coins `parent`'s work merge-mines, with their own chains' figures (a chain without a sample is left out). */
function mergedOf(
  parent: Pick<CoinMarket, 'ticker' | 'algorithm'>,
  list: MergedList,
  priceOf: (ticker: string) => number | null,
): MergedMarket[] {
  return list.results
    .filter((child) => child.parents.includes(parent.ticker) && child.net_difficulty > 0)
    .map((child) => ({
      ticker: child.ticker,
      name: child.name,
      // Merge-mined on the parent's algorithm, paid PPS at the merged fee.
      algorithm: parent.algorithm,
      net_difficulty: child.net_difficulty,
      block_reward: child.block_reward,
      schemes: ['pps'],
      fees: { pps: child.fee },
      price_usd: priceOf(child.ticker),
    }));
}
