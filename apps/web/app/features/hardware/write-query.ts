/**
 * Shows `search` in the address bar without a router navigation (decision 010, "Filters that
 * answer at once"), keeping the router's history state (its keys, scroll restoration). The
 * hardware pages keep what the visitor changes in their own state and read the URL again on
 * every navigation, so the address is always a link to what is on screen.
 */
export function writeQuery(search: URLSearchParams): void {
  const query = search.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.history.replaceState(window.history.state, '', url);
  }
}

/** The current query with `name` set to `value`, or removed when `value` is null. */
export function withParam(name: string, value: string | null): URLSearchParams {
  const search = new URLSearchParams(window.location.search);
  if (value === null) search.delete(name);
  else search.set(name, value);
  return search;
}

/**
 * `shouldRevalidate` of the list and device routes: their query (filters, power cost) is read
 * by the page itself, never by the loader, so a new query on the same path re-renders without a
 * round trip, which keeps applying a filter within a frame on a slow phone (bench/hardware.mjs).
 */
export function revalidateOnNewPath({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
