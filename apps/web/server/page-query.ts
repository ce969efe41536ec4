/**
 * The query parameters a page reads. The page cache keys a page on its path and these only,
 * so `?utm_source=…`, `?fbclid=…` or a random `?x=1` share the page's one cached copy instead
 * of each rendering and filling memory with a copy of its own (decision 015). A loader or
 * component that reads a new parameter adds it here; page-query.test.ts scans the app's
 * sources and fails on a parameter read that is missing.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = [
  // Chart and miner ranges, the payouts cursor, the address search on coin pages.
  'range',
  'next',
  'address',
  // The blocks page's filters.
  'status',
  'scheme',
  'finder',
  // Settings: the payouts lookup of another address.
  'lookup',
  // Search in the knowledge base, and the device lists' filters (the same names as the API's).
  'q',
  'algorithm',
  'coin',
  'vendor',
  'noise',
  'sort',
  'power_cost',
  // A device page's own price for payback (a shared device link).
  'price',
  'currency',
  'page',
  'type',
  'category',
  'worker',
  // The referral call on miner stats (decision 017).
  'source',
  // A mail's confirm and unsubscribe links (routes/notify.tsx): private pages, never kept.
  'token',
];

/** `path?only=the&params=read`, parameters in a fixed order, so equal pages get equal keys. */
export function pageCacheKey(path: string, search: URLSearchParams, params: readonly string[] = PAGE_QUERY_PARAMS): string {
  const kept = new URLSearchParams();
  for (const name of [...new Set(search.keys())].filter((key) => params.includes(key)).sort()) {
    for (const value of search.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
