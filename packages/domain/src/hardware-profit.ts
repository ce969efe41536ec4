/**
 * What a device earns, in one place for the site's hardware pages and `GET /api/v1/hardware`
 * (decision 010, "One home for hardware profit"): the power cost's default and bounds, the
 * price a device costs here, profit per coin, the best coin, and how a list of devices ranks.
 * Coins a day stay with the caller (the site reads pool stats, the API its network samples;
 * both call `dailyRewardUnits`), everything after them is here. Zod-free: it ships to the browser.
 */
import type { AlgorithmFigure, Device, Offer } from './hardware.ts';
import { filterAlgorithm, type DeviceFilters, type SortKey } from './hardware-query.ts';
import { paybackDaysWithTrend, profitability, type Profit } from './profitability.ts';
import { DEFAULT_POWER_COST_USD } from './power-cost.ts';

/** Electricity per kWh in USD when the visitor, the query and the profile name none; the rules are power-cost.ts's. */
export const DEFAULT_POWER_COST = DEFAULT_POWER_COST_USD;

/**
 * What a device costs here, in USD: the cheapest offer in stock, else the launch price (MSRP),
 * else null. Payback and `sort=price` both use it, so the list sorts by the price it shows.
 */
export function effectivePriceUsd(
  device: Pick<Device, 'price_usd'>,
  offers: readonly Pick<Offer, 'price_usd' | 'stock'>[] | undefined,
): number | null {
  let cheapest: number | null = null;
  for (const offer of offers ?? []) {
    if (offer.stock === 'in_stock' && (cheapest === null || offer.price_usd < cheapest)) cheapest = offer.price_usd;
  }
  return cheapest ?? device.price_usd;
}

export type Figure = Pick<AlgorithmFigure, 'algorithm' | 'hashrate' | 'power'>;

/** A coin as profit needs it. */
export interface ProfitCoin {
  ticker: string;
  algorithm: string;
  /** USD per coin; null when no rate is known. */
  price_usd: number | null;
  /** Network difficulty trend as a factor a day; absent or null when not known. */
  trend?: { daily: number | null } | null;
  /** Coins the same work merge-mines (fb beside btc; doge, pep, bells beside ltc), paid on top. */
  merged?: readonly MergedCoin[];
}

/** A merge-mined coin as profit needs it: its price and coins a day (from its own chain's figures). */
export interface MergedCoin {
  ticker: string;
  /** USD per coin; null when no rate is known. */
  price_usd: number | null;
}

/** What a merge-mined coin adds to a row: coins a day and their worth in the display currency (null unpriced). */
export interface MergedIncome {
  ticker: string;
  coinsPerDay: number;
  revenue: number | null;
}

export interface ProfitMoney {
  /** Electricity per kWh, in the display currency. */
  powerCost: number;
  /** Display currency units per USD. */
  perUsd: number;
  /** What the device costs, USD; null when unknown (no payback then). */
  devicePriceUsd: number | null;
}

export interface CoinProfit<C extends ProfitCoin = ProfitCoin> extends Profit {
  coin: C;
  hashrate: number;
  power: number;
  /** Payback following the difficulty trend; null: never, or no trend known (`trendKnown`). */
  paybackWithTrend: number | null;
  trendKnown: boolean;
  /** Merge-mined coins earned by the same work, included in revenue, profit and payback. */
  merged: MergedIncome[];
}

/** Coins a day `hashrate` earns mining `coin`; null when the network figures are missing. */
export type CoinsPerDay<C> = (coin: C, hashrate: number) => number | null;

/** Coins a day `hashrate` earns of a merge-mined coin (its own chain's difficulty and reward); null when unknown. */
export type MergedPerDay = (coin: MergedCoin, hashrate: number) => number | null;

/**
 * Every coin of `coins` the device has a figure for, most profitable first (coins without a
 * price last). Money is in the display currency of `money.perUsd`.
 */
export function deviceProfits<C extends ProfitCoin>(
  figures: readonly Figure[],
  coins: readonly C[],
  money: ProfitMoney,
  coinsPerDay: CoinsPerDay<C>,
  mergedPerDay?: MergedPerDay,
): CoinProfit<C>[] {
  const devicePrice = money.devicePriceUsd === null ? null : money.devicePriceUsd * money.perUsd;
  const rows: CoinProfit<C>[] = [];
  for (const coin of coins) {
    const figure = figures.find((entry) => entry.algorithm === coin.algorithm);
    if (!figure) continue;
    const perDay = coinsPerDay(coin, figure.hashrate);
    if (perDay === null) continue;
    // The same hashes mine the merged coins at no extra power: their worth joins the revenue.
    const merged: MergedIncome[] = [];
    if (mergedPerDay)
      for (const child of coin.merged ?? []) {
        const childPerDay = mergedPerDay(child, figure.hashrate);
        if (childPerDay === null) continue;
        merged.push({
          ticker: child.ticker,
          coinsPerDay: childPerDay,
          revenue: child.price_usd === null ? null : childPerDay * child.price_usd * money.perUsd,
        });
      }
    const result = profitability({
      coinsPerDay: perDay,
      price: coin.price_usd === null ? null : coin.price_usd * money.perUsd,
      powerW: figure.power,
      powerCost: money.powerCost,
      devicePrice,
      extraRevenue: merged.reduce((sum, child) => sum + (child.revenue ?? 0), 0),
    });
    const trend = coin.trend?.daily ?? null;
    rows.push({
      ...result,
      coin,
      hashrate: figure.hashrate,
      power: figure.power,
      trendKnown: trend !== null,
      merged,
      paybackWithTrend:
        trend !== null && result.revenue !== null && devicePrice !== null
          ? paybackDaysWithTrend(result.revenue, result.electricity, devicePrice, trend)
          : null,
    });
  }
  return rows.sort((a, b) => (b.profit ?? -Infinity) - (a.profit ?? -Infinity));
}

/** The coin a device earns most with, or null when no coin has a price. */
export function bestCoin<C extends ProfitCoin>(profits: readonly CoinProfit<C>[]): CoinProfit<C> | null {
  const first = profits[0];
  return first && first.profit !== null ? first : null;
}

/** A device in a ranked list: its best coin under the filters, the figure the list shows and sorts by, its price. */
export interface RankedDevice<
  D extends Pick<Device, 'name' | 'release' | 'algorithms'> = Device,
  C extends ProfitCoin = ProfitCoin,
> {
  device: D;
  best: CoinProfit<C> | null;
  /** The filtered algorithm's figure, else the best coin's, else the device's first. */
  figure: Figure;
  priceUsd: number | null;
}

/**
 * One device of a list: its best coin among the coins the filters allow (the filtered
 * algorithm's, or the one filtered coin), and the figure shown beside it.
 */
export function rankDevice<D extends Pick<Device, 'name' | 'release' | 'algorithms'>, C extends ProfitCoin>(
  device: D,
  coins: readonly C[],
  filters: Pick<DeviceFilters, 'algorithm' | 'coin'>,
  money: ProfitMoney,
  coinsPerDay: CoinsPerDay<C>,
  mergedPerDay?: MergedPerDay,
): RankedDevice<D, C> {
  const algorithm = filterAlgorithm(filters);
  const allowed = algorithm
    ? coins.filter((coin) => coin.algorithm === algorithm && (!filters.coin || coin.ticker === filters.coin))
    : coins;
  const best = bestCoin(deviceProfits(device.algorithms, allowed, money, coinsPerDay, mergedPerDay));
  const figure =
    device.algorithms.find((entry) => entry.algorithm === (algorithm ?? best?.coin.algorithm)) ?? device.algorithms[0]!;
  return { device, best, figure, priceUsd: money.devicePriceUsd };
}

/** A sort key's value, smaller first; null sorts last whatever the key. */
const SORT_VALUE: Record<SortKey, (row: RankedDevice<Pick<Device, 'name' | 'release' | 'algorithms'>>) => number | null> = {
  profit: (row) => negate(row.best?.profit),
  revenue: (row) => negate(row.best?.revenue),
  hashrate: (row) => -row.figure.hashrate,
  // Joules per hash: lower is better.
  efficiency: (row) => row.figure.power / row.figure.hashrate,
  price: (row) => row.priceUsd,
  payback: (row) => row.best?.paybackDays ?? null,
  release: (row) => -Number(row.device.release.replace('-', '')),
};

function negate(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : -value;
}

/** Sorts in place and returns the list: best first for each key (most profit, cheapest, newest…), ties by name. */
export function sortDevices<R extends RankedDevice<Pick<Device, 'name' | 'release' | 'algorithms'>, ProfitCoin>>(
  rows: R[],
  sort: SortKey,
): R[] {
  const by = SORT_VALUE[sort];
  const values = new Map(rows.map((row) => [row, by(row)]));
  return rows.sort((a, b) => {
    const x = values.get(a) ?? null;
    const y = values.get(b) ?? null;
    const xKnown = x !== null && Number.isFinite(x);
    const yKnown = y !== null && Number.isFinite(y);
    if (xKnown !== yKnown) return xKnown ? -1 : 1;
    return (xKnown && yKnown ? x - y : 0) || a.device.name.localeCompare(b.device.name);
  });
}
