import { parsePowerCost } from '@openpool/domain/hardware-profit';
import { useCallback } from 'react';
import { useProfile } from '~/shared/profile';
import { useStoredValue } from '~/shared/use-stored-value';

/** Local storage key of the visitor's electricity price (decision 010; the profile's field has the same name). */
export const POWER_COST_KEY = 'powerCost';

/**
 * The electricity price per kWh the figures use: the one stored in this browser, else the
 * query's `power_cost` (a shared link, or the list form without JavaScript), else the
 * profile's (DEFAULT_POWER_COST by default). The server and the first render use the query or the default,
 * so the HTML is the same for every visitor; the stored value applies right after hydration.
 */
export function usePowerCost(fromQuery: number | null): [number, (value: string) => void] {
  const stored = parsePowerCost(useStoredValue(POWER_COST_KEY));
  const { powerCost: profileCost } = useProfile();
  const set = useCallback((value: string) => {
    const parsed = parsePowerCost(value);
    if (parsed === null) return;
    try {
      localStorage.setItem(POWER_COST_KEY, String(parsed));
    } catch {
      // Storage refused (private mode, quota): the figures still follow the input while on the page.
    }
    // The storage event only reaches other tabs; tell this one too.
    window.dispatchEvent(new StorageEvent('storage', { key: POWER_COST_KEY }));
  }, []);
  return [stored ?? fromQuery ?? profileCost, set];
}
