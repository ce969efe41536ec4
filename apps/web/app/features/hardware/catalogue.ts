/**
 * The device lists' filters in the URL query, with the same names as the API's
 * (`?algorithm=scrypt&q=antminer&sort=profit`), so a filtered list can be shared and works
 * before hydration (a GET form). Matching and sorting are the domain's, shared with the API.
 * Pure and zod-free.
 */
import { isCoinTicker } from '@openpool/domain/coins';
import { parsePowerPriceParam, powerPriceParam, type PowerPrice } from '@openpool/domain/power-cost';
import { SORT_KEYS, type DeviceFilters, type SortKey } from '@openpool/domain/hardware-query';

export { filterAlgorithm, matchesFilters, SORT_KEYS, type DeviceFilters, type SortKey } from '@openpool/domain/hardware-query';

export const DEFAULT_SORT: SortKey = 'profit';

/** Reads the filters from a query; a value that makes no sense is dropped, never an error page. */
export function parseFilters(search: URLSearchParams): DeviceFilters {
  const text = (name: string) => {
    const value = search.get(name)?.trim().toLowerCase() ?? '';
    return value === '' ? null : value.slice(0, 80);
  };
  const noise = Number(search.get('noise'));
  const sort = search.get('sort') as SortKey | null;
  const coin = text('coin');
  return {
    algorithm: text('algorithm'),
    coin: coin !== null && isCoinTicker(coin) ? coin : null,
    vendor: text('vendor'),
    noise: search.get('noise') && Number.isFinite(noise) && noise > 0 ? noise : null,
    q: (search.get('q') ?? '').trim().slice(0, 80),
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
  };
}

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(filters: DeviceFilters): boolean {
  return Boolean(filters.algorithm || filters.coin || filters.vendor || filters.noise !== null || filters.q !== '');
}

/**
 * The query of a list: only the values that differ from the defaults, in a fixed order, so a
 * shared link carries nothing empty (`?algorithm=fishhash`, never `?algorithm=fishhash&coin=&q=`).
 */
export function listSearch(filters: DeviceFilters, powerCost: PowerPrice | null): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.algorithm) search.set('algorithm', filters.algorithm);
  if (filters.coin) search.set('coin', filters.coin);
  if (filters.vendor) search.set('vendor', filters.vendor);
  if (filters.noise !== null) search.set('noise', String(filters.noise));
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_SORT) search.set('sort', filters.sort);
  // A price per kWh in its currency ('0.12' USD, '6.5 RUB'); nothing for the default.
  const power = powerCost === null ? null : powerPriceParam(powerCost);
  if (power !== null) search.set('power_cost', power);
  return search;
}

/**
 * The clean form of a list's query when it differs (the GET form without JavaScript sends every
 * field, empty or default): the loader redirects there. Null when the query is clean already.
 */
export function cleanListQuery(search: URLSearchParams): string | null {
  const clean = listSearch(parseFilters(search), parsePowerPriceParam(search.get('power_cost'))).toString();
  const known = new Set(['algorithm', 'coin', 'vendor', 'noise', 'q', 'sort', 'power_cost']);
  // Parameters a list does not read (utm_…) are left as they are, after the list's own.
  const rest = [...search].filter(([name]) => !known.has(name));
  const rebuilt = new URLSearchParams([...new URLSearchParams(clean), ...rest]).toString();
  return rebuilt === search.toString() ? null : rebuilt;
}
