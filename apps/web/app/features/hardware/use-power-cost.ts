import {
  DEFAULT_POWER_COST_USD,
  parsePowerAmount,
  powerCostIn,
  powerCostProblem,
  type PowerPrice,
} from '@openpool/domain/power-cost';
import { useCallback } from 'react';
import { useProfile } from '~/platform/profile';
import { useStoredValue } from '~/shared/use-stored-value';

/** Local storage key of the visitor's electricity price (decision 010; the profile's field has the same name). */
export const POWER_COST_KEY = 'powerCost';
/**
 * The currency that price was typed in (decision 024). A price stored before it existed has
 * none and is read as USD, the only currency the field's default was ever right in.
 */
export const POWER_CURRENCY_KEY = 'powerCostCurrency';

export interface PowerCost {
  /** The price as the visitor (or the link, or the profile) gave it, in its own currency. */
  price: PowerPrice;
  /** Per kWh in the display currency: the price converted at the page's rates. */
  value: number;
  /** Stores what the visitor typed, in the display currency they typed it in; ignored unless valid. */
  set: (text: string) => PowerPrice | null;
}

function storedPrice(amountText: string | null, currencyText: string | null): PowerPrice | null {
  const amount = parsePowerAmount(amountText);
  if (amount === null) return null;
  const currency = currencyText && /^[A-Z]{3}$/.test(currencyText) ? currencyText : 'USD';
  return { amount, currency };
}

/**
 * The electricity price the figures use: the one stored in this browser, else the link's
 * `power_cost`, else the profile's (0.04 USD by default), converted to the display `currency`
 * at `fiat` (a price kept in RUB shows in RUB exactly; the USD default shows as its RUB worth).
 * The server and the first render use the link or the default, so the HTML is the same for
 * every visitor; the stored value applies right after hydration.
 */
export function usePowerCost(fromQuery: PowerPrice | null, currency: string, fiat: Readonly<Record<string, number>>): PowerCost {
  const stored = storedPrice(useStoredValue(POWER_COST_KEY), useStoredValue(POWER_CURRENCY_KEY));
  const { powerPrice: profilePrice } = useProfile();
  const set = useCallback(
    (text: string) => {
      const amount = parsePowerAmount(text);
      if (amount === null || powerCostProblem(amount, currency, fiat) !== null) return null;
      try {
        localStorage.setItem(POWER_COST_KEY, String(amount));
        localStorage.setItem(POWER_CURRENCY_KEY, currency);
      } catch {
        // Storage refused (private mode, quota): the figures still follow the input while on the page.
      }
      // The storage event only reaches other tabs; tell this one too.
      window.dispatchEvent(new StorageEvent('storage', { key: POWER_COST_KEY }));
      return { amount, currency };
    },
    [currency, fiat],
  );
  const price = stored ?? fromQuery ?? profilePrice;
  // A currency the rates do not know: the price in USD at the default's worth is no better, so
  // the typed amount stands (the display then falls back to USD, see useMoney).
  const value = powerCostIn(price, currency, fiat) ?? powerCostIn(price, 'USD', fiat) ?? DEFAULT_POWER_COST_USD;
  return { price, value, set };
}
