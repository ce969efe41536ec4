/**
 * A power cost is a price per kWh in a currency (decision 024): 0.04 USD/kWh by default, or what
 * the visitor typed, kept in the currency they typed it in. Every figure built on it converts it
 * to the display currency at the day's rates, the same way as the device's price and the coin's,
 * so one device's profit, payback and break-even in USD and in RUB differ only by the rate.
 * One rule validates it everywhere (site fields, links, the API): a number from 0 up to
 * MAX_POWER_COST_USD's worth in its currency. Zod-free: it ships to the browser.
 */

import { DEFAULT_POWER_COST_USD, DEFAULT_POWER_PRICE, type PowerPrice } from './power-default.ts';

export { DEFAULT_POWER_COST_USD, DEFAULT_POWER_PRICE, type PowerPrice };

/** The highest power cost accepted, in USD per kWh (converted for every other currency). */
export const MAX_POWER_COST_USD = 10;

/** Units of `currency` per USD at `fiat` (the rates' `fiat` map), or null when the rates do not know it. */
export function perUsdOf(currency: string, fiat: Readonly<Record<string, number>>): number | null {
  if (currency === 'USD') return 1;
  const rate = fiat[currency];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * The price per kWh in `currency`: exactly the typed amount in its own currency, else converted
 * through USD at the rates; null when either currency is unknown to them.
 */
export function powerCostIn(price: PowerPrice, currency: string, fiat: Readonly<Record<string, number>>): number | null {
  if (price.currency === currency) return price.amount;
  const from = perUsdOf(price.currency, fiat);
  const to = perUsdOf(currency, fiat);
  return from === null || to === null ? null : (price.amount / from) * to;
}

/** The highest power cost accepted in `currency` (MAX_POWER_COST_USD converted); null when the rates do not know it. */
export function maxPowerCost(currency: string, fiat: Readonly<Record<string, number>>): number | null {
  const perUsd = perUsdOf(currency, fiat);
  return perUsd === null ? null : MAX_POWER_COST_USD * perUsd;
}

export type PowerCostProblem = 'not-a-number' | 'negative' | 'too-high' | 'unknown-currency';

/** The one validation of a power cost: what is wrong with `amount` per kWh in `currency`, or null. */
export function powerCostProblem(
  amount: number,
  currency: string,
  fiat: Readonly<Record<string, number>>,
): PowerCostProblem | null {
  if (!Number.isFinite(amount)) return 'not-a-number';
  if (amount < 0) return 'negative';
  const max = maxPowerCost(currency, fiat);
  if (max === null) return 'unknown-currency';
  // A hair of tolerance: the bound converted back and forth must still pass.
  return amount > max * (1 + 1e-12) ? 'too-high' : null;
}

/** A typed power cost ('0,12', ' 0.05 '): a number of 0 or more, else null. The bound is `powerCostProblem`'s. */
export function parsePowerAmount(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  // Digits with an optional fraction and exponent (a link may carry 5e-7); no sign, no hex, no 'Infinity'.
  if (!/^(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const amount = Number(cleaned);
  return Number.isFinite(amount) ? amount : null;
}

/**
 * A link's `power_cost`: '0.12' (USD, as links always had it) or '9.5 RUB'; null when malformed,
 * or, with the rates (`fiat`), out of bounds in its currency.
 */
export function parsePowerPriceParam(
  value: string | null | undefined,
  fiat?: Readonly<Record<string, number>>,
): PowerPrice | null {
  const match = /^\s*([\d.,]+(?:[eE][-+]?\d+)?)\s*([A-Za-z]{3})?\s*$/.exec(value ?? '');
  if (!match) return null;
  const amount = parsePowerAmount(match[1]);
  const currency = (match[2] ?? 'USD').toUpperCase();
  if (amount === null) return null;
  if (fiat !== undefined ? powerCostProblem(amount, currency, fiat) !== null : currency === 'USD' && amount > MAX_POWER_COST_USD)
    return null;
  return { amount, currency };
}

/** `power_cost` of a link: '0.12' in USD, '9.5 RUB' in another currency; null for the default (no parameter). */
export function powerPriceParam(price: PowerPrice): string | null {
  if (isDefaultPowerPrice(price)) return null;
  return price.currency === 'USD' ? String(price.amount) : `${price.amount} ${price.currency}`;
}

export function isDefaultPowerPrice(price: PowerPrice): boolean {
  return price.currency === DEFAULT_POWER_PRICE.currency && price.amount === DEFAULT_POWER_PRICE.amount;
}

/**
 * A converted power cost as a field shows it: four significant digits (3.0804 RUB, 0.0400 USD
 * stays 0.04), enough to type over and never a long tail of float digits.
 */
export function powerCostForInput(amount: number): string {
  if (amount === 0) return '0';
  return String(Number(amount.toPrecision(4)));
}
