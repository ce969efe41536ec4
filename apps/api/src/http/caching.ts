/**
 * HTTP caching: every response carries Cache-Control (chosen per route through
 * `config.cache`) and, when its body is text, a strong ETag from `@fastify/etag` (SHA-1 of the
 * body); a matching If-None-Match answers 304. Plus a tiny in-process memo so a burst of
 * identical requests computes once.
 */
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

export type CachePolicy = 'pool' | 'miner' | 'rates' | 'docs' | 'private' | 'none';

const CACHE_CONTROL: Record<CachePolicy, string> = {
  // Pool data changes every few seconds; ten seconds is fresh enough and saves the origin.
  pool: 'public, max-age=10, stale-while-revalidate=30',
  // What browsers fetch themselves (rates on every page, a miner's workers on /test) carries no
  // stale-while-revalidate: Chromium then answers the page from its cache and
  // revalidates in the background, and that background request, done on the network in
  // milliseconds, stays "pending" in DevTools, HAR files and Playwright's networkidle until
  // Chromium drops it about 30 s later: the 8-30 s rates requests of about half the page loads.
  // A stale copy now costs one conditional request (a 304 on the ETag below).
  miner: 'public, max-age=10',
  rates: 'public, max-age=60',
  docs: 'public, max-age=3600',
  private: 'private, no-cache',
  none: 'no-store',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

export function registerCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) {
      const policy = reply.statusCode < 400 ? (request.routeOptions.config.cache ?? 'none') : 'none';
      reply.header('cache-control', CACHE_CONTROL[policy]);
    }
    return payload;
  });
  // Its onSend hook runs after the one above, on the serialised body (streams, such as the
  // exports, get none). Errors are answered no-store, so no client holds one to revalidate.
  void app.register(fastifyEtag);
}

/** Results of recent identical computations, shared by concurrent callers (single flight). */
export function createMemo(ttlMs: number, maxEntries = 5000) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return function memo<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
    if (entries.size >= maxEntries) entries.clear();
    const value = compute();
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
