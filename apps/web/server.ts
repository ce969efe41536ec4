/**
 * The web server: static assets, security headers, and React Router's SSR handler, with the
 * site config and environment handed to loaders through context. Production runs this file as
 * build/server.js (build-server.ts bundles it, so no TypeScript is stripped at run time);
 * `node server.ts` runs it as it is, and with NODE_ENV=development serves from Vite with hot reload.
 */
import cluster from 'node:cluster';
import { basename, dirname, join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { AppContext } from './app/platform/context.ts';
import { parseWebEnv } from './app/env.server.ts';
import { resolveApiBaseUrl, type createApiClient } from './app/platform/api-client.ts';
import { createApiReuse } from './server/api-reuse.server.ts';
import { coalesceWrites } from './server/coalesce-writes.server.ts';
import { createServerTransport } from './server/server-fetch.server.ts';
import { createDocumentCache, type DocumentCache } from './app/data/document-cache.server.ts';
import { createHtmlCache, newNonce } from './server/html-cache.server.ts';
import { precompressedAssets } from './server/precompressed.server.ts';
import { createServerErrorHandler, loadServerErrorPages, rejectMalformedRequests } from './server/request-guard.server.ts';
import { apiQuotaClient, minerPageQuota } from './server/miner-page-quota.server.ts';
import { STATIC_SECURITY_HEADERS } from './server/security-headers.server.ts';
import { DRAIN_MESSAGE, superviseWorkers } from './server/web-workers.server.ts';
import { createDrain } from './server/drain.server.ts';
import { createWebMetrics } from './server/web-metrics.server.ts';
import { serveWebMetrics, shareWithSupervisor } from './server/web-metrics-port.server.ts';
import {
  loadCoinContent,
  loadComparePools,
  loadHardwareCatalogue,
  loadSiteConfig,
  requireContent,
} from '@openpool/domain/content-files';

// apps/web, whether this runs as server.ts or as its bundle, build/server.js.
const here = basename(import.meta.dirname) === 'build' ? dirname(import.meta.dirname) : import.meta.dirname;

function startupFailure(error: unknown): never {
  console.error(`web: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let env: ReturnType<typeof parseWebEnv>;
let config: ReturnType<typeof loadSiteConfig>;
let coinContent: NonNullable<ReturnType<typeof loadCoinContent>>;
let hardware: NonNullable<ReturnType<typeof loadHardwareCatalogue>>;
let comparePools: NonNullable<ReturnType<typeof loadComparePools>>;
try {
  env = parseWebEnv(process.env, resolve(here, '..', '..'));
  config = loadSiteConfig(env.contentDir);
  // The site shows every part: it does not start without one (the API can, decision 021).
  coinContent = requireContent(loadCoinContent(env.contentDir), env.contentDir, 'coins.json', 'the coin pages need it');
  hardware = requireContent(loadHardwareCatalogue(env.contentDir), env.contentDir, 'hardware', 'the device pages need it');
  comparePools = requireContent(
    loadComparePools(env.contentDir),
    env.contentDir,
    'compare/pools.json',
    'the compare page needs it',
  );
} catch (error) {
  startupFailure(error);
}

if (cluster.isPrimary && !env.referralSecret)
  console.log(
    'web: REFERRAL_SECRET is not set; referral links set no signed landing, so the API records no referral (decision 017)',
  );

if (cluster.isPrimary && env.workers > 1) {
  superviseWorkers({ count: env.workers });
  // The workers' metrics, summed, on the supervisor's port (decision 022).
  if (env.metrics) await listenForMetrics('cluster', env.metrics);
} else {
  await serve();
}

async function listenForMetrics(source: Parameters<typeof serveWebMetrics>[0], at: { host: string; port: number }) {
  try {
    const { port } = await serveWebMetrics(source, at.host, at.port);
    console.log(`web: metrics on http://${at.host}:${port}/metrics`);
  } catch (error) {
    startupFailure(new Error(`metrics port ${at.port}: ${(error as Error).message}`));
  }
}

async function serve(): Promise<void> {
  // Off unless WEB_METRICS_PORT is set: then nothing below is timed (decision 022).
  const metrics = env.metrics ? createWebMetrics() : undefined;
  if (metrics && cluster.isWorker) shareWithSupervisor(metrics.registry);
  else if (metrics && env.metrics) await listenForMetrics(metrics.registry, env.metrics);
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

  /** The context key from the build itself: a copy imported here would be another object. */
  function contextKeyOf(build: ServerBuild): RouterContext<AppContext> {
    return (build.entry.module as unknown as { appContext: RouterContext<AppContext> }).appContext;
  }

  /** The API client factory of the build (see entry.server.tsx: its errors are the bundle's classes). */
  function apiClientFactoryOf(build: ServerBuild): typeof createApiClient {
    return (build.entry.module as unknown as { createApiClient: typeof createApiClient }).createApiClient;
  }

  // Pool-wide API answers shared by the renders of this process (decision 015; api-reuse.server.ts).
  const apiReuse = createApiReuse({ maxSeconds: env.apiReuseSeconds });
  // Loaders reach the API over kept-alive node:http connections (server-fetch.server.ts).
  const apiTransport = createServerTransport();

  // The sitemaps and robots.txt, built once from the content read above and the build's
  // articles: one cache per build, so a rebuild in development starts afresh (decision 019).
  const documentCaches = new WeakMap<ServerBuild, DocumentCache>();
  function documentsOf(build: ServerBuild): DocumentCache {
    let documents = documentCaches.get(build);
    if (!documents) documentCaches.set(build, (documents = createDocumentCache()));
    return documents;
  }

  function loadContext(build: ServerBuild, req: express.Request, res: express.Response): RouterContextProvider {
    const apiConfig = { ruSiteHost: env.ruSiteHost, ruApiUrl: env.ruApiUrl };
    const host = req.hostname || null;
    const context: AppContext = {
      config,
      coinContent,
      hardware,
      comparePools,
      publicEnv: {
        apiBaseUrl: resolveApiBaseUrl(host, { apiUrl: env.publicApiUrl, ...apiConfig }),
        siteUrl: env.siteUrl,
      },
      api: apiClientFactoryOf(build)({
        baseUrl: resolveApiBaseUrl(host, { apiUrl: env.apiUrl, ...apiConfig }),
        reuse: apiReuse,
        fetch: apiTransport,
      }),
      documents: documentsOf(build),
      cookieDomain: env.cookieDomain,
      referralSecret: env.referralSecret,
      // The HTML cache chose this response's nonce (a fresh one for every response).
      nonce: typeof res.locals.nonce === 'string' ? res.locals.nonce : newNonce(),
    };
    const provider = new RouterContextProvider();
    provider.set(contextKeyOf(build), context);
    return provider;
  }

  if (env.nodeEnv === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ root: here, server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    const devBuild = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.use(
      createRequestHandler({
        build: devBuild,
        getLoadContext: async (req, res) => loadContext(await devBuild(), req, res),
        mode: 'development',
      }),
    );
  } else {
    const buildDir = join(here, 'build');
    let build: ServerBuild;
    try {
      build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
    } catch (error) {
      startupFailure(new Error(`no production build in ${buildDir} (run \`npm run build\`): ${(error as Error).message}`));
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
  const errorPage = loadServerErrorPages(join(here, 'app', 'locales'), config.support_email);
  app.use(createServerErrorHandler({ page: errorPage, log: (line, error) => console.error(line, error) }));

  // Express 5 hands a failed listen (the port is taken) to this callback: a start-up failure.
  // `npm start` serves a "starting" page on the port while the site builds and hands the port
  // over without a moment of refused connections: both bind it with SO_REUSEPORT, and it closes
  // its own once this line says we listen (decision 030). Only then: elsewhere a second server
  // started on a taken port must fail, not share it.
  // Read here, not in env.server.ts: set by scripts/start.mjs only, not an operator's setting.
  const reusePort = process.env.WEB_PORT_HANDOFF === '1' && cluster.isPrimary;
  const server = app.listen({ port: env.port, host: env.host, reusePort }, (error?: Error) => {
    if (error) startupFailure(error);
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
