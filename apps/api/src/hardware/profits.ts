/**
 * The API's side of hardware profit: coins a day from the latest network sample of each
 * enabled coin at the quoted scheme's fee (`dailyRewardUnits` at the coin's unit decimals, so
 * `coins_per_day` equals `GET /api/v2/daily-revenue`), and the money of a request. Profit, the
 * best coin and the sort are the domain's (hardware-profit.ts), the same the site uses.
 */
import type { RewardScheme } from '@openpool/domain/address';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { type CoinProfit, type MergedCoin, type MergedPerDay, type ProfitCoin } from '@openpool/domain/hardware-profit';
import {
  DEFAULT_POWER_PRICE,
  MAX_POWER_COST_USD,
  maxPowerCost,
  powerCostIn,
  powerCostProblem,
} from '@openpool/domain/power-cost';
import { fromUnits } from '@openpool/domain/pool-config';
import { dailyRewardUnits, revenueScheme } from '@openpool/domain/profitability';
import type { ApiContext } from '../context.ts';
import { createMemo } from '../http/caching.ts';
import { badRequest } from '../http/errors.ts';
import { latestNetworkSamples } from '../stats/network-sample.ts';
import type { ProfitOut } from './schemas.ts';

/** An enabled coin with a network sample and a pool configuration: what profit needs of it. */
export interface NetworkCoin extends ProfitCoin {
  ticker: CoinTicker;
  scheme: RewardScheme;
  feePpm: number;
  unitDecimals: number;
  difficulty: number;
  /** Block reward, smallest units. */
  reward: bigint;
}

/** The money of a request: its currency's rate per USD, the power cost, the coins' USD prices. */
export interface RequestMoney {
  currency: string;
  perUsd: number;
  powerCost: number;
  prices: Readonly<Record<string, number>>;
}

export type Rates = () => Promise<{ fiat: Record<string, number>; crypto: Record<string, number> }>;

/** Exact coins a day as a decimal at the coin's unit decimals, like the daily revenue endpoint. */
export function exactCoinsPerDay(coin: NetworkCoin, hashrate: number): string {
  const units = dailyRewardUnits({
    hashrate,
    algorithm: coin.algorithm,
    networkDifficulty: coin.difficulty,
    blockReward: coin.reward,
    feePpm: coin.feePpm,
  });
  return fromUnits(units, coin.unitDecimals);
}

export const coinsPerDay = (coin: NetworkCoin, hashrate: number): number => Number(exactCoinsPerDay(coin, hashrate));

/** A coin the pool's work merge-mines, with its own chain's latest sample and the merged fee. */
export interface MergedNetworkCoin extends MergedCoin {
  algorithm: string;
  difficulty: number;
  reward: bigint;
  feePpm: number;
  unitDecimals: number;
}

function exactMergedPerDay(coin: MergedNetworkCoin, hashrate: number): string {
  const units = dailyRewardUnits({
    hashrate,
    algorithm: coin.algorithm,
    networkDifficulty: coin.difficulty,
    blockReward: coin.reward,
    feePpm: coin.feePpm,
  });
  return fromUnits(units, coin.unitDecimals);
}

/** Coins a day of a merge-mined coin (decision 024), by the same formula on its chain's figures. */
export const mergedCoinsPerDay: MergedPerDay = (coin, hashrate) =>
  'difficulty' in coin ? Number(exactMergedPerDay(coin as MergedNetworkCoin, hashrate)) : null;

export function profitOut(row: CoinProfit<NetworkCoin>): ProfitOut {
  return {
    coin: row.coin.ticker,
    scheme: row.coin.scheme,
    coins_per_day: exactCoinsPerDay(row.coin, row.hashrate),
    revenue: row.revenue,
    electricity: row.electricity,
    profit: row.profit,
    payback_days: row.paybackDays,
    break_even_power_cost: row.breakEvenPowerCost,
    merged: row.merged.map((child) => {
      const coin = row.coin.merged?.find((entry) => entry.ticker === child.ticker) as MergedNetworkCoin | undefined;
      return {
        coin: child.ticker,
        coins_per_day: coin ? exactMergedPerDay(coin, row.hashrate) : String(child.coinsPerDay),
        revenue: child.revenue,
      };
    }),
  };
}

export function createProfitSource(ctx: ApiContext, rates: Rates) {
  const memo = createMemo(ctx.memoMs ?? 1000);

  /** The latest network sample of every enabled coin, once a second at most. */
  const mergedTickers = [...new Set(ctx.site.enabled.flatMap((ticker) => COINS[ticker].mergedCoins))];
  const samples = () => memo('hardware-networks', () => latestNetworkSamples(ctx.db, [...ctx.site.enabled, ...mergedTickers]));

  /** Money of a request; 400 on a currency the rates do not know. */
  async function money(query: { power_cost?: number; currency?: string }): Promise<RequestMoney> {
    const known = await rates();
    const currency = (query.currency ?? 'USD').toUpperCase();
    const perUsd = known.fiat[currency];
    if (perUsd === undefined || !(perUsd > 0)) throw badRequest(`currency: unknown currency '${currency}' (see /api/v1/rates)`);
    // A power cost is a price in a currency (decision 024): the default is 0.04 USD's worth in
    // the asked currency, not 0.04 of it; a given one is held to the domain's one bound.
    const power = query.power_cost ?? powerCostIn(DEFAULT_POWER_PRICE, currency, known.fiat)!;
    const problem = powerCostProblem(power, currency, known.fiat);
    if (problem !== null)
      throw badRequest(
        `power_cost: ${problem === 'negative' ? 'must be 0 or more' : `at most ${MAX_POWER_COST_USD} USD worth per kWh (${maxPowerCost(currency, known.fiat)} ${currency})`}`,
      );
    return { currency, perUsd, powerCost: power, prices: known.crypto };
  }

  /** Every enabled coin with network figures, in the site's order, priced in USD where rates know it. */
  async function coins(prices: RequestMoney['prices']): Promise<NetworkCoin[]> {
    const latest = await samples();
    const list: NetworkCoin[] = [];
    for (const ticker of ctx.site.enabled) {
      const sample = latest.get(ticker);
      const config = ctx.pool.coins.get(ticker);
      if (!sample || !config) continue;
      const scheme = revenueScheme(config.schemes) as RewardScheme;
      const price = prices[ticker.toUpperCase()];
      list.push({
        ticker,
        algorithm: COINS[ticker].algorithm,
        price_usd: price !== undefined && price > 0 ? price : null,
        scheme,
        feePpm: config.feePpm[scheme] ?? 0,
        unitDecimals: config.unitDecimals,
        difficulty: sample.difficulty,
        reward: BigInt(sample.reward),
        merged: COINS[ticker].mergedCoins.flatMap((child): MergedNetworkCoin[] => {
          const childSample = latest.get(child);
          const childConfig = ctx.pool.merged.get(child);
          if (!childSample || !childConfig || !(childSample.difficulty > 0)) return [];
          const childPrice = prices[child.toUpperCase()];
          return [
            {
              ticker: child,
              price_usd: childPrice !== undefined && childPrice > 0 ? childPrice : null,
              algorithm: COINS[ticker].algorithm,
              difficulty: childSample.difficulty,
              reward: BigInt(childSample.reward),
              feePpm: childConfig.feePpm,
              unitDecimals: childConfig.unitDecimals,
            },
          ];
        }),
      });
    }
    return list;
  }

  return { money, coins };
}
