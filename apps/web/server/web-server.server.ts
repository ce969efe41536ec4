/**
 * The web server of one process: static assets, security headers, the page cache and React
 * Router's SSR handler, with the site's content and environment handed to loaders through
 * context (load-context.server.ts). server.ts reads the environment and content, supervises the
 * workers and starts this in each of them (decision 035).
 */
import cluster from 'node:cluster';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';
import type { WebEnv } from '../app/env.server.ts';
import { coalesceWrites } from './coalesce-writes.server.ts';
import { createDrain } from './drain.server.ts';
import { createHtmlCache, newNonce } from './html-cache.server.ts';
import { createLoadContext, type SiteContent } from './load-context.server.ts';
import { apiQuotaClient, minerPageQuota } from './miner-page-quota.server.ts';
import { precompressedAssets } from './precompressed.server.ts';
import { createServerErrorHandler, loadServerErrorPages, rejectMalformedRequests } from './request-guard.server.ts';
import { STATIC_SECURITY_HEADERS } from './security-headers.server.ts';
import { serveWebMetrics, shareWithSupervisor } from './web-metrics-port.server.ts';
import { createWebMetrics } from './web-metrics.server.ts';
import { DRAIN_MESSAGE } from './web-workers.server.ts';

export interface WebServerOptions {
  env: WebEnv;
  content: SiteContent;
  /** apps/web (or the copy a build was made into): its build/ and app/locales. */
  root: string;
  /** `npm start` hands its "starting" page's port over (WEB_PORT_HANDOFF, decision 030). */
  portHandoff: boolean;
  /** Ends the process with a start-up failure's message. */
  fail: (error: unknown) => never;
}

/** The metrics of this process, or of the cluster, on their private port (decision 022). */
export async function listenForMetrics(
  source: Parameters<typeof serveWebMetrics>[0],
  at: { host: string; port: number },
  fail: WebServerOptions['fail'],
): Promise<void> {
  try {
    const { port } = await serveWebMetrics(source, at.host, at.port);
    console.log(`web: metrics on http://${at.host}:${port}/metrics`);
  } catch (error) {
    fail(new Error(`metrics port ${at.port}: ${(error as Error).message}`));
  }
}

export async function startWebServer({ env, content, root, portHandoff, fail }: WebServerOptions): Promise<void> {
  // Off unless WEB_METRICS_PORT is set: then nothing below is timed (decision 022).
  const metrics = env.metrics ? createWebMetrics() : undefined;
  if (metrics && cluster.isWorker) shareWithSupervisor(metrics.registry);
  else if (metrics && env.metrics) await listenForMetrics(metrics.registry, env.metrics, fail);
  const drain = createDrain();
  const app = express();
  app.disable('x-powered-by');
  // Express picks its error output from its env, not from our parsed one: never a stack page.
  app.set('env', env.nodeEnv);
  // Forwarded headers only from the proxies named in TRUST_PROXY (none by default).
  app.set('trust proxy', env.trustProxy.length > 0 ? env.trustProxy : false);
  app.use(drain.middleware);
  if (metrics) app.use(metrics.requests);
  app.use((_req, res, next) => {
    res.set(STATIC_SECURITY_HEADERS);
    next();
  });
  app.use(rejectMalformedRequests());
  // Miner pages read what the API's quota guards: they count too, cached or not (miner-page-quota.server.ts).
  app.use(minerPageQuota({ ...env.minerPageLimit, apiQuota: apiQuotaClient(env.apiUrl) }));
  // Brotli (what browsers ask for) at the middleware's quality 4 with a 256 KB window instead of
  // 4 MB: a page is smaller than that, and each response's encoder no longer allocates and
  // zeroes megabytes, which under load cost more CPU than compressing (decision 015).
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));

  const loadContext = createLoadContext(env, content);

  if (env.nodeEnv === 'development') {
    const { middlewares, devBuild } = await startDevServer(root);
    app.use(middlewares);
    app.use(
      createRequestHandler({
        build: devBuild,
        getLoadContext: async (req, res) => loadContext(await devBuild(), req, res),
        mode: 'development',
      }),
    );
  } else {
    const buildDir = join(root, 'build');
    let build: ServerBuild;
    try {
      build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
    } catch (error) {
      return fail(new Error(`no production build in ${buildDir} (run \`npm run build\`): ${(error as Error).message}`));
    }
    // Hashed assets never change; everything else in build/client is revalidated.
    // The build's Brotli and gzip copies first; the compression middleware leaves them alone.
    app.use('/assets', precompressedAssets(join(buildDir, 'client', 'assets'), 'public, max-age=31536000, immutable'));
    app.use('/assets', express.static(join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y', index: false }));
    // Only a name with an extension can be a file here: a page path skips the disk lookup (a stat
    // and a 404 error object per page render otherwise).
    const files = express.static(join(buildDir, 'client'), { maxAge: '1h', index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next()));
    // Pages rendered in the last few seconds are sent again, with a fresh nonce each time.
    const { rootLocaleOf } = build.entry.module as unknown as {
      rootLocaleOf: (cookie: string | null, lang: string | null) => string;
    };
    if (env.pageCacheBytes > 0) {
      const pageCache = createHtmlCache({ ttlMs: 5000, maxBytes: env.pageCacheBytes, rootLocale: rootLocaleOf });
      metrics?.watchPageCache(pageCache.stats);
      app.use(pageCache.middleware);
    } else {
      app.use((_req, res, next) => {
        res.locals.nonce = newNonce();
        next();
      });
    }
    // A render reaches the compressor in a few large pieces, not React's 2 KB chunks each flushed.
    app.use(coalesceWrites());
    if (metrics) app.use(metrics.renders(build));
    app.use(createRequestHandler({ build, getLoadContext: (req, res) => loadContext(build, req, res), mode: env.nodeEnv }));
  }

  // Last: what threw outside React Router gets the site's 500 page; the stack stays in the log.
  const errorPage = loadServerErrorPages(join(root, 'app', 'locales'), content.config.support_email);
  app.use(createServerErrorHandler({ page: errorPage, log: (line, error) => console.error(line, error) }));

  // Express 5 hands a failed listen (the port is taken) to this callback: a start-up failure.
  // `npm start` serves a "starting" page on the port while the site builds and hands the port
  // over without a moment of refused connections: both bind it with SO_REUSEPORT, and it closes
  // its own once this line says we listen (decision 030). Only then: elsewhere a second server
  // started on a taken port must fail, not share it.
  const reusePort = portHandoff && cluster.isPrimary;
  const server = app.listen({ port: env.port, host: env.host, reusePort }, (error?: Error) => {
    if (error) fail(error);
    console.log(`web: listening on http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}`);
  });
  // CONNECT never reaches Express (Node hands it to 'connect'): answer it as any unserved method.
  server.on('connect', (_req, socket) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });

  // A rolling restart (SIGHUP to the supervisor) replaces this worker once its successor listens.
  process.on('message', (message) => {
    if (message !== DRAIN_MESSAGE) return;
    void drain.start(server, { drainMs: 1500, deadlineMs: 10_000 }).then(() => process.exit(0));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: a second signal (the process group's, then npm start's) is not a kill.
    process.on(signal, () => {
      server.close(() => process.exit(0));
      // Keep-alive sockets would hold close() open; a stop should not hang.
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
}

/**
 * Development: Vite serves the app's modules with hot reload, and the server build is read from
 * it on every request (`NODE_ENV=development node server.ts`, `npm run dev`). In middleware mode
 * the hot reload's WebSocket listens on a fixed port of its own (24678): `hot: false` leaves it
 * out, for a test that must not fail because another process holds that port.
 */
export async function startDevServer(root: string, { hot = true }: { hot?: boolean } = {}) {
  const vite = await import('vite');
  const devServer = await vite.createServer({ root, server: { middlewareMode: true, ...(hot ? {} : { ws: false as const }) } });
  return {
    middlewares: devServer.middlewares,
    devBuild: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    close: () => devServer.close(),
  };
}
