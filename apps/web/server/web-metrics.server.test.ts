import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebMetrics, requestKind } from './web-metrics.server.ts';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

const build = {
  routes: {
    root: { id: 'root', path: '' },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true },
    'routes/coin': { id: 'routes/coin', parentId: 'root', path: ':coin' },
    'routes/miner': { id: 'routes/miner', parentId: 'routes/coin', path: 'miner/:address' },
  },
} as unknown as ServerBuild;

async function site(metrics: ReturnType<typeof createWebMetrics>): Promise<string> {
  const app = express();
  app.use(metrics.requests);
  app.use((req, res, next) => {
    if (req.path.startsWith('/assets/')) {
      res.send('asset');
      return;
    }
    if (req.path === '/cached') {
      res.locals.pageCache = 'hit';
      res.send('kept');
      return;
    }
    next();
  });
  app.use(metrics.renders(build));
  app.use((req, res) => res.status(req.path.startsWith('/nope') ? 404 : 200).send('page'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('web metrics', () => {
  it('times renders by their leaf route and requests by kind and cache result', async () => {
    const metrics = createWebMetrics();
    const base = await site(metrics);
    for (const path of ['/', '/btc', '/btc', '/btc/miner/1abc', '/btc/miner/1abc.data', '/cached', '/assets/a.js'])
      await (await fetch(base + path)).text();
    const text = await metrics.registry.metrics();
    expect(text).toContain('openpool_web_render_duration_seconds_count{route="routes/coin",kind="document",status="2xx"} 2');
    expect(text).toContain('openpool_web_render_duration_seconds_count{route="routes/home",kind="document",status="2xx"} 1');
    expect(text).toContain('openpool_web_render_duration_seconds_count{route="routes/miner",kind="data",status="2xx"} 1');
    expect(text).toContain('openpool_web_request_duration_seconds_count{kind="page",cache="hit",status="2xx"} 1');
    expect(text).toContain('openpool_web_request_duration_seconds_count{kind="asset",cache="none",status="2xx"} 1');
    // The cached page and the asset never reached the renderer.
    expect(text).not.toContain('route="none"');
  });

  it('mirrors the page cache at scrape time', async () => {
    const metrics = createWebMetrics();
    metrics.watchPageCache(() => ({ hits: 5, stale: 1, misses: 2, waited: 0, entries: 2, bytes: 2048 }));
    const text = await metrics.registry.metrics();
    expect(text).toContain('openpool_web_page_cache_requests_total{result="hit"} 5');
    expect(text).toContain('openpool_web_page_cache_requests_total{result="miss"} 2');
    expect(text).toContain('openpool_web_page_cache_bytes 2048');
  });

  it('names a request by its path alone', () => {
    expect(requestKind('/assets/root-1.js')).toBe('asset');
    expect(requestKind('/favicon.svg')).toBe('file');
    expect(requestKind('/btc.data')).toBe('data');
    expect(requestKind('/ru/btc')).toBe('page');
  });
});
