/**
 * The web server's Prometheus metrics (decision 022): every request's time by kind and page-cache
 * result, renders and render time by React Router route, and the page cache's hits, stale
 * copies, misses and size. Created only when WEB_METRICS_PORT is set: without it no
 * middleware is installed and nothing is measured. With WEB_WORKERS > 1 each worker keeps its
 * own and the supervisor serves their sum (web-metrics-port.server.ts).
 */
import type { RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

export interface PageCacheStats {
  hits: number;
  stale: number;
  misses: number;
  waited: number;
  entries: number;
  bytes: number;
}

export interface WebMetrics {
  registry: Registry;
  /** First middleware: times every request. */
  requests: RequestHandler;
  /** Right before React Router's handler: times what it renders (page or `.data`), by route. */
  renders(build: ServerBuild): RequestHandler;
  watchPageCache(stats: () => PageCacheStats): void;
}

/** What a request was, from its path alone (cheap, and a bounded label). */
export function requestKind(path: string): 'asset' | 'file' | 'data' | 'page' {
  if (path.startsWith('/assets/')) return 'asset';
  if (path.endsWith('.data')) return 'data';
  return /\.[^/]*$/.test(path) ? 'file' : 'page';
}

export function createWebMetrics(): WebMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let pageCache: (() => PageCacheStats) | undefined;

  const requestDuration = new Histogram({
    name: 'openpool_web_request_duration_seconds',
    help: 'Requests to the web server, from arrival to the last byte, by kind, page-cache result and status class.',
    labelNames: ['kind', 'cache', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const renderDuration = new Histogram({
    name: 'openpool_web_render_duration_seconds',
    help: 'Server renders (React Router: loaders and HTML, or a `.data` answer), by leaf route, kind and status class.',
    labelNames: ['route', 'kind', 'status'],
    buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Counter({
    name: 'openpool_web_page_cache_requests_total',
    help: 'Cacheable page requests by result: hit, stale (sent while the next render runs), miss, waited (for the one render in flight).',
    labelNames: ['result'],
    registers,
    collect() {
      // The cache counts for itself; this counter mirrors it at scrape time.
      const stats = pageCache?.();
      if (!stats) return;
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'stale' }, stats.stale);
      this.inc({ result: 'miss' }, stats.misses);
      this.inc({ result: 'waited' }, stats.waited);
    },
  });
  new Gauge({
    name: 'openpool_web_page_cache_bytes',
    help: 'HTML the page cache holds (bounded by PAGE_CACHE_MB).',
    registers,
    collect() {
      const stats = pageCache?.();
      if (stats) this.set(stats.bytes);
    },
  });
  new Gauge({
    name: 'openpool_web_page_cache_entries',
    help: 'Pages the page cache holds.',
    registers,
    collect() {
      const stats = pageCache?.();
      if (stats) this.set(stats.entries);
    },
  });

  const statusClass = (res: Response) => `${Math.floor(res.statusCode / 100)}xx`;

  return {
    registry,
    requests(req, res, next) {
      const stop = requestDuration.startTimer();
      res.once('finish', () => {
        const cache = typeof res.locals.pageCache === 'string' ? res.locals.pageCache : 'none';
        stop({ kind: requestKind(req.path), cache, status: statusClass(res) });
      });
      next();
    },
    renders(build) {
      const leafOf = leafRoutes(build);
      return (req, res, next) => {
        const stop = renderDuration.startTimer();
        res.once('finish', () => {
          const path = req.path.endsWith('.data') ? req.path.slice(0, -'.data'.length) || '/' : req.path;
          const leaf = leafOf(path);
          stop({ route: leaf, kind: req.path.endsWith('.data') ? 'data' : 'document', status: statusClass(res) });
        });
        next();
      };
    },
    watchPageCache(stats) {
      pageCache = stats;
    },
  };
}

/**
 * The leaf route of a path, remembered for the last 5,000 paths: React Router's matchRoutes
 * flattens and ranks the whole tree on every call (1.5-2 ms here on a loaded machine), which
 * the metrics-cost bench showed as several per cent of an uncached render.
 */
function leafRoutes(build: ServerBuild): (path: string) => string {
  const routes = routeTree(build);
  const known = new Map<string, string>();
  return (path) => {
    let leaf = known.get(path);
    if (leaf === undefined) {
      leaf = matchRoutes(routes, path)?.at(-1)?.route.id ?? 'none';
      if (known.size >= 5000) known.delete(known.keys().next().value!);
      known.set(path, leaf);
    }
    return leaf;
  };
}

/** The build's flat route manifest as the nested routes matchRoutes walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}
