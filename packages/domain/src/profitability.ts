/**
 * Profitability has one formula (design.md, "Growing parts"): the coins a day a hashrate
 * earns from the network difficulty and block reward, after the fee of the scheme a quote
 * uses. `GET /api/v2/daily-revenue/{COIN}`, the home cards, the device pages and the revenue
 * calculator all call `dailyRewardUnits`; the money figures around it (revenue, electricity,
 * profit, payback) are display estimates built on its result. Zod-free: it ships to the browser.
 */
import { hashesPerDifficulty } from './mining.ts';
import { ppsCredit } from './rewards.ts';
import { mainScheme } from './miner-rules.ts';

/** Decimals the site parses a decimal block reward with: the most any coin of ours has. */
export const ESTIMATE_DECIMALS = 18;

export interface DailyRewardInput {
  /** Hashrate in H/s. */
  hashrate: number;
  /** Algorithm as in the coin registry; fixes how many hashes difficulty 1 stands for. */
  algorithm: string;
  networkDifficulty: number;
  /** Block reward in smallest units. */
  blockReward: bigint;
  /** Fee of the quoted scheme, parts per million. */
  feePpm: number;
}

/**
 * Expected smallest units a day: the hashrate finds hashrate x 86400 / hashes-per-difficulty
 * shares of difficulty 1 a day, and PPS pays each difficulty / network difficulty x reward
 * x (1 - fee). For sha256d and scrypt (2^32 hashes per difficulty 1) this is WhatToMine's
 * `hashrate x 86400 x reward / (difficulty x 2^32)`. Rounded down once, like the accounting.
 */
export function dailyRewardUnits(input: DailyRewardInput): bigint {
  if (!Number.isFinite(input.hashrate) || input.hashrate <= 0) return 0n;
  const shares = (input.hashrate * 86_400) / hashesPerDifficulty(input.algorithm);
  return ppsCredit(shares, input.networkDifficulty, input.blockReward, input.feePpm);
}

/**
 * The scheme a daily revenue quote uses: PPS+ where the pool offers it (it pays the
 * expectation whatever the luck), else the pool's first scheme. The API and the site share it.
 */
export function revenueScheme(schemes: readonly string[]): string {
  return mainScheme(schemes);
}

/** A fee fraction (0.02) as parts per million (20000), the unit the reward math takes. */
export function feePpmOf(fee: number): number {
  if (!Number.isFinite(fee) || fee <= 0) return 0;
  return Math.min(1_000_000, Math.round(fee * 1_000_000));
}

/** A non-negative decimal string ("3.125") as units at `decimals`; extra decimals are cut. Null if not a number. */
export function truncatedUnits(amount: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt((match[1] ?? '0') + fraction);
}

/** Units at `decimals` as a float, for display (exact up to a float's precision). */
export function unitsToNumber(units: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  return Number(units / scale) + Number(units % scale) / Number(scale);
}

/** What the site knows of a coin's network and pool: pool stats carry all of it. */
export interface NetworkFigures {
  algorithm: string;
  net_difficulty: number;
  /** Block reward, a decimal string in coin units. */
  block_reward: string;
  schemes: readonly string[];
  /** Fee per scheme, fractions. */
  fees: Readonly<Record<string, number>>;
}

/**
 * Coins a day for `hashrate` from pool stats: `dailyRewardUnits` with the revenue scheme's
 * fee, the reward parsed at 18 decimals. It equals the API's daily revenue to the API's
 * smallest unit (the API rounds down at the coin's own decimals). Null without network figures.
 */
export function dailyCoins(figures: NetworkFigures, hashrate: number): number | null {
  const reward = truncatedUnits(figures.block_reward, ESTIMATE_DECIMALS);
  if (reward === null || reward <= 0n || !(figures.net_difficulty > 0)) return null;
  if (!Number.isFinite(hashrate) || hashrate < 0) return null;
  const fee = figures.fees[revenueScheme(figures.schemes)] ?? 0;
  const units = dailyRewardUnits({
    hashrate,
    algorithm: figures.algorithm,
    networkDifficulty: figures.net_difficulty,
    blockReward: reward,
    feePpm: feePpmOf(fee),
  });
  return unitsToNumber(units, ESTIMATE_DECIMALS);
}

export interface ProfitInput {
  coinsPerDay: number;
  /** Coin price in the display currency; null when no rate is known. */
  price: number | null;
  /** Wall power in W. */
  powerW: number;
  /** Electricity price per kWh in the display currency. */
  powerCost: number;
  /** Device price in the display currency, for payback; null when unknown. */
  devicePrice: number | null;
  /**
   * Revenue a day from coins merge-mined by the same work (FB beside BTC, DOGE, PEP and BELLS
   * beside LTC), in the display currency: it costs no extra electricity.
   */
  extraRevenue?: number;
}

export interface Profit {
  coinsPerDay: number;
  /** Revenue a day in the display currency (null without a price). */
  revenue: number | null;
  /** Electricity a day: W x 24 h / 1000 x cost per kWh. */
  electricity: number;
  profit: number | null;
  /** Days until the profit repays the device; null when it never does at today's figures. */
  paybackDays: number | null;
  /** The electricity price per kWh at which profit is zero (null without a price). */
  breakEvenPowerCost: number | null;
}

/** kWh a day a device of `powerW` watts draws. */
export function dailyKwh(powerW: number): number {
  return powerW > 0 ? (powerW * 24) / 1000 : 0;
}

export function profitability(input: ProfitInput): Profit {
  const kwh = dailyKwh(input.powerW);
  const electricity = kwh * Math.max(0, input.powerCost);
  const revenue = input.price === null ? null : input.coinsPerDay * input.price + (input.extraRevenue ?? 0);
  const profit = revenue === null ? null : revenue - electricity;
  const paybackDays =
    profit !== null && profit > 0 && input.devicePrice !== null && input.devicePrice >= 0 ? input.devicePrice / profit : null;
  const breakEvenPowerCost = revenue === null ? null : kwh > 0 ? revenue / kwh : null;
  return { coinsPerDay: input.coinsPerDay, revenue, electricity, profit, paybackDays, breakEvenPowerCost };
}

/**
 * Payback when network difficulty keeps its trend: `dailyGrowth` is the 30-day trend as a
 * factor a day (1.01 = +1 %/day). Revenue falls as difficulty rises (revenue / growth^d),
 * electricity stays; days are summed until the profit repays the price, or null ('never
 * pays back') when the daily profit turns negative first or it takes more than `maxDays`.
 */
export function paybackDaysWithTrend(
  revenuePerDay: number,
  electricityPerDay: number,
  devicePrice: number,
  dailyGrowth: number,
  maxDays = 3650,
): number | null {
  if (!(devicePrice >= 0) || !(dailyGrowth > 0) || !Number.isFinite(revenuePerDay)) return null;
  if (devicePrice === 0) return 0;
  let repaid = 0;
  let revenue = revenuePerDay;
  for (let day = 1; day <= maxDays; day += 1) {
    const profit = revenue - electricityPerDay;
    if (profit <= 0) return null;
    if (repaid + profit >= devicePrice) return day - 1 + (devicePrice - repaid) / profit;
    repaid += profit;
    revenue /= dailyGrowth;
  }
  return null;
}

/** Daily growth factor of a series over its span: (last / first)^(1 / days). Null if it cannot be told. */
export function dailyTrend(first: number, last: number, days: number): number | null {
  if (!(first > 0) || !(last > 0) || !(days > 0)) return null;
  return (last / first) ** (1 / days);
}
