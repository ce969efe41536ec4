/**
 * Pool-wide API answers reused by the web server for as long as the API says they are fresh
 * (decision 015). The home page reads the pool stats of every enabled coin
 * (decision 005: one call per coin), every coin and miner page reads its coin's, the hardware
 * pages read them with the rates: on an uncached render a quarter of the web server's CPU went
 * into fetching and parsing the same few answers again, and the API's CPU with it.
 *
 * - Only GETs of pool-wide paths (`isPoolWidePath`: the same answer for every visitor). A
 *   miner's answers are read by that miner's pages only, which the page cache already covers.
 * - Only 200 answers the API marks `public` with a `max-age`, kept for that long and never more
 *   than `maxSeconds`: what any HTTP cache in front of the API would do, bounded so a page is
 *   at most a few seconds behind the API.
 * - One request per answer at a time (single flight); a failure is never kept.
 * - The value is frozen: every page shares it, so a loader that changed it would change
 *   every other page's data (a frozen object throws in strict-mode modules instead).
 */
import { LRUCache } from 'lru-cache';
// Plain Node runs this file (server.ts): only relative `.ts` and package imports.
import type { Answer, ApiReuse } from '../app/platform/api-client.ts';
import { isPoolWidePath } from '../app/platform/api-paths.ts';

/** Seconds an answer may be reused by a shared cache, from its Cache-Control; 0 when never. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public')) return 0;
  if (directives.some((d) => d === 'no-store' || d === 'no-cache' || d === 'private')) return 0;
  const maxAge = directives.find((d) => d.startsWith('s-maxage=')) ?? directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice(maxAge.indexOf('=') + 1)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createApiReuse(options: { maxSeconds: number; maxEntries?: number; now?: () => number }): ApiReuse | null {
  if (options.maxSeconds <= 0) return null;
  const now = options.now ?? Date.now;
  // Pool-wide answers are a few per coin: a small count bound is a small memory bound.
  const kept = new LRUCache<string, { until: number; answer: Answer }>({ max: options.maxEntries ?? 500 });
  const inFlight = new Map<string, Promise<Answer>>();
  return {
    answer(url, path, send) {
      if (!isPoolWidePath(path)) return send();
      const hit = kept.get(url);
      if (hit && hit.until > now()) return Promise.resolve(hit.answer);
      const running = inFlight.get(url);
      if (running) return running;
      const request = send()
        .then((answer) => {
          const seconds = answer.status === 200 ? Math.min(sharedMaxAge(answer.cacheControl), options.maxSeconds) : 0;
          if (seconds > 0) {
            deepFreeze(answer.body);
            kept.set(url, { until: now() + seconds * 1000, answer });
          }
          return answer;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, request);
      return request;
    },
  };
}
