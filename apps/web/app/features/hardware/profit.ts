/**
 * The site's side of hardware profit: the market the loaders fetch (pool stats, prices, the
 * difficulty trend) and coins a day from it with `dailyCoins`, the API's formula. Profit, the
 * best coin and the list sort are the domain's (`@openpool/domain/hardware-profit`), shared
 * with the API. Pure, zod-free.
 */
import {
  deviceProfits,
  type CoinProfit,
  type CoinsPerDay,
  type Figure,
  type MergedPerDay,
  type ProfitMoney,
} from '@openpool/domain/hardware-profit';
import { dailyCoins, type NetworkFigures } from '@openpool/domain/profitability';

export interface CoinMarket extends NetworkFigures {
  ticker: string;
  name: string;
  /** USD per coin; null when rates are missing. */
  price_usd: number | null;
  /** Unix seconds of the pool stats. */
  updated_at: number;
  /** Network difficulty trend over the last 30 days (or what history there is). */
  trend: { daily: number | null; days: number } | null;
  /** Coins the same work merge-mines, with their own chains' figures (device pages load them). */
  merged?: readonly MergedMarket[];
}

/** A merge-mined coin: its chain's difficulty and reward, the merged fee as its one scheme's, its price. */
export interface MergedMarket extends NetworkFigures {
  ticker: string;
  name: string;
  price_usd: number | null;
}

export interface Market {
  coins: readonly CoinMarket[];
  /** Units of each fiat currency per USD. */
  fiat: Readonly<Record<string, number>>;
  /** Unix seconds of the prices; null when rates failed. */
  rates_at: number | null;
}

export type MarketProfit = CoinProfit<CoinMarket>;

/** A display currency's units per USD; 1 for USD and for a currency the rates do not know. */
export function usdRate(market: Pick<Market, 'fiat'>, currency: string): { code: string; perUsd: number } {
  const perUsd = market.fiat[currency.toUpperCase()];
  return perUsd !== undefined && Number.isFinite(perUsd) && perUsd > 0
    ? { code: currency.toUpperCase(), perUsd }
    : { code: 'USD', perUsd: 1 };
}

/**
 * Coins a day from a coin's pool stats, kept per loaded coin and hashrate: they depend on
 * neither the power cost nor the currency, so a list recomputing for a typed power cost
 * skips them.
 */
const coinsCaches = new WeakMap<CoinMarket, Map<number, number | null>>();
export const marketCoinsPerDay: CoinsPerDay<CoinMarket> = (coin, hashrate) => {
  // By coin object and hashrate: a number key (a string one cost more than the figure, bench:hardware).
  let known = coinsCaches.get(coin);
  if (!known) {
    known = new Map();
    coinsCaches.set(coin, known);
  }
  let perDay = known.get(hashrate);
  if (perDay === undefined) {
    perDay = dailyCoins(coin, hashrate);
    known.set(hashrate, perDay);
  }
  return perDay;
};

/** Every coin of the market the device mines, most profitable first. */
export function marketProfits(figures: readonly Figure[], market: Pick<Market, 'coins'>, money: ProfitMoney): MarketProfit[] {
  return deviceProfits(figures, market.coins, money, marketCoinsPerDay, mergedCoinsPerDay);
}

/** Coins a day of a merge-mined coin, by the same formula on its own chain's figures. */
export const mergedCoinsPerDay: MergedPerDay = (coin, hashrate) =>
  'net_difficulty' in coin ? dailyCoins(coin as MergedMarket, hashrate) : null;
