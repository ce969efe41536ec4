/**
 * The metrics counter (decision 005): one hit per navigation, `{endpoint}?page={path}`.
 * A beacon is a POST that is never cached and outlives the page; an image is the fallback.
 */

export function metricsHitUrl(endpoint: string, path: string): string {
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}page=${encodeURIComponent(path)}`;
}

let lastCountedPath: string | undefined;

/**
 * Counts a page view unless the same path was just counted: a development double effect or a
 * second frame (the error page's) mounting on the same page must not count twice.
 */
export function countPageView(endpoint: string, path: string): boolean {
  if (path === lastCountedPath) return false;
  lastCountedPath = path;
  const url = metricsHitUrl(endpoint, path);
  if (!navigator.sendBeacon?.(url)) new Image().src = url;
  return true;
}
