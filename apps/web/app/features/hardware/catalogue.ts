/**
 * The device lists' filters in the URL query, with the same names as the API's
 * (`?algorithm=scrypt&q=antminer&sort=profit`), so a filtered list can be shared and works
 * before hydration (a GET form). Matching and sorting are the domain's, shared with the API.
 * Pure and zod-free.
 */
import { isCoinTicker } from '@openpool/domain/coins';
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
