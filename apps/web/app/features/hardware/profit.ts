/**
 * Profitability of a device per coin, in the browser and on the server alike: coins a day from
 * `dailyCoins` (the one formula, packages/domain), then money in the display currency at the
 * visitor's power cost. Pure, zod-free.
 */
import {
  dailyCoins,
  paybackDaysWithTrend,
  profitability,
  revenueScheme,
  type NetworkFigures,
  type Profit,
} from '@openpool/domain/profitability';

export interface CoinMarket extends NetworkFigures {
  ticker: string;
  name: string;
  /** USD per coin; null when rates are missing. */
  price_usd: number | null;
  /** Unix seconds of the pool stats. */
  updated_at: number;
  /** Network difficulty trend over the last 30 days (or what history there is). */
  trend: { daily: number | null; days: number } | null;
}

export interface Market {
  coins: readonly CoinMarket[];
  /** Units of each fiat currency per USD. */
  fiat: Readonly<Record<string, number>>;
  /** Unix seconds of the prices; null when rates failed. */
  rates_at: number | null;
}

export interface DeviceFigures {
  algorithms: readonly { algorithm: string; hashrate: number; power: number }[];
  price_usd: number | null;
}

export interface CoinProfit extends Profit {
  coin: CoinMarket;
  hashrate: number;
  power: number;
  scheme: string;
  fee: number;
  /** Payback following the difficulty trend; null: never (or no trend known, see `trendKnown`). */
  paybackWithTrend: number | null;
  trendKnown: boolean;
}

/** A display currency's units per USD; 1 for USD and for a currency the rates do not know. */
export function usdRate(market: Pick<Market, 'fiat'>, currency: string): { code: string; perUsd: number } {
  const perUsd = market.fiat[currency.toUpperCase()];
  return perUsd !== undefined && Number.isFinite(perUsd) && perUsd > 0
    ? { code: currency.toUpperCase(), perUsd }
    : { code: 'USD', perUsd: 1 };
}

/**
 * Every coin the device mines, most profitable first (coins without a price last). Money is in
 * the currency of `perUsd`; `powerCost` is per kWh in that currency; `devicePrice` in USD.
 */
export function deviceProfits(
  device: DeviceFigures,
  market: Pick<Market, 'coins'>,
  powerCost: number,
  perUsd: number,
  devicePriceUsd: number | null = device.price_usd,
  /** Coins a day by coin and hashrate, kept across calls: they do not depend on power cost or currency. */
  coinsCache?: Map<string, number | null>,
): CoinProfit[] {
  const rows: CoinProfit[] = [];
  for (const coin of market.coins) {
    const figure = device.algorithms.find((entry) => entry.algorithm === coin.algorithm);
    if (!figure) continue;
    const cacheKey = `${coin.ticker}|${figure.hashrate}`;
    let coinsPerDay = coinsCache?.get(cacheKey);
    if (coinsPerDay === undefined) {
      coinsPerDay = dailyCoins(coin, figure.hashrate);
      coinsCache?.set(cacheKey, coinsPerDay);
    }
    if (coinsPerDay === null) continue;
    const devicePrice = devicePriceUsd === null ? null : devicePriceUsd * perUsd;
    const result = profitability({
      coinsPerDay,
      price: coin.price_usd === null ? null : coin.price_usd * perUsd,
      powerW: figure.power,
      powerCost,
      devicePrice,
    });
    const scheme = revenueScheme(coin.schemes);
    const trend = coin.trend?.daily ?? null;
    rows.push({
      ...result,
      coin,
      hashrate: figure.hashrate,
      power: figure.power,
      scheme,
      fee: coin.fees[scheme] ?? 0,
      trendKnown: trend !== null,
      paybackWithTrend:
        trend !== null && result.revenue !== null && devicePrice !== null
          ? paybackDaysWithTrend(result.revenue, result.electricity, devicePrice, trend)
          : null,
    });
  }
  return rows.sort((a, b) => (b.profit ?? -Infinity) - (a.profit ?? -Infinity));
}

/** The coin a device earns most with, or null when no coin has a price. */
export function bestCoin(profits: readonly CoinProfit[]): CoinProfit | null {
  const first = profits[0];
  return first && first.profit !== null ? first : null;
}
