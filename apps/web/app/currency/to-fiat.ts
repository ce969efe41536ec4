import { formatMoney } from '@openpool/domain/format';

/** The two rate maps of GET {api}/api/v1/rates that the site uses. */
export interface ExchangeRates {
  /** Units of each currency per 1 USD; USD is 1. */
  fiat: Readonly<Record<string, number>>;
  /** Price in USD per upper-case ticker. */
  crypto: Readonly<Record<string, number>>;
}

const positive = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value) && value > 0;

/**
 * The value of an amount of a coin in a fiat currency, or null when the rates cannot say
 * (no rates, unknown ticker or currency, a broken figure): callers then show coin units only.
 */
export function coinToFiat(amountInCoin: number, ticker: string, currency: string, rates: ExchangeRates | null): number | null {
  if (!rates || !Number.isFinite(amountInCoin)) return null;
  const priceUsd = rates.crypto[ticker.toUpperCase()];
  const perUsd = rates.fiat[currency.toUpperCase()];
  if (!positive(priceUsd) || !positive(perUsd)) return null;
  return amountInCoin * priceUsd * perUsd;
}

/** The same value formatted en-US style with the narrow symbol ('€1,234.50'), or null. */
export function formatCoinInFiat(
  amountInCoin: number,
  ticker: string,
  currency: string,
  rates: ExchangeRates | null,
): string | null {
  const value = coinToFiat(amountInCoin, ticker, currency, rates);
  return value === null ? null : formatMoney(value, currency);
}
