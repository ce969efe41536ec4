import { AUX_TICKERS, COIN_TICKERS } from '@openpool/domain/coins';

/**
 * Exchange rates as `GET /api/v1/rates` serves them (design.md, Compatibility): `fiat` maps an
 * upper-case ISO 4217 code to units of that currency per 1 USD (USD is exactly 1), `crypto` maps
 * an upper-case ticker to its price in USD.
 */
export interface RatesSnapshot {
  fiat: Record<string, number>;
  crypto: Record<string, number>;
  /** Unix milliseconds. */
  updatedAt: number;
}

export interface RatesProvider {
  readonly name: string;
  fetch(nowMs: number): Promise<RatesSnapshot>;
}

/** Every ticker the site can show an amount in: pool coins and merge-mined children. */
export const PRICED_TICKERS: readonly string[] = [...COIN_TICKERS, ...AUX_TICKERS];

/** These come first in the currency menu; the rest follow alphabetically. */
export const FIAT_SHORTLIST = ['USD', 'EUR', 'RUB', 'UAH'] as const;

/** Rates are shown, never summed into money, so six significant digits is plenty. */
export function roundToSignificant(value: number, digits = 6): number {
  return Number(value.toPrecision(digits));
}

/**
 * The same map with the shortlist first and the rest in code order, so that clients that list
 * the keys as they come (JSON keeps insertion order) show the spec's order.
 */
export function orderFiat(fiat: Readonly<Record<string, number>>): Record<string, number> {
  const shortlist: readonly string[] = FIAT_SHORTLIST;
  const rest = Object.keys(fiat)
    .filter((code) => !shortlist.includes(code))
    .sort();
  const ordered: Record<string, number> = {};
  for (const code of [...shortlist, ...rest]) {
    const rate = fiat[code];
    if (rate !== undefined) ordered[code] = rate;
  }
  return ordered;
}
