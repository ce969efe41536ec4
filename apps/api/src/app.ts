/**
 * The API application: it wires plugins (error mapping, caching, limits, docs) and each
 * folder's routes, and holds no route or query of its own (decision 033). It is handed its
 * database, engine and config; it opens nothing itself, so tests build it around a test
 * database and a fixed clock.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHealth } from './db/database.ts';
import type { Engine } from './engine/engine.ts';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { registerCaching } from './http/caching.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerDocs } from './http/docs.ts';
import { registerApiInfoRoutes } from './http/routes.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimitOptions } from './http/rate-limit.ts';
import { registerHardwareRoutes } from './hardware/routes.ts';
import { createIngestor, type Ingestor } from './ingest/ingestor.ts';
import { registerIngestRoutes } from './ingest/routes.ts';
import { registerMinerRoutes } from './miner/routes.ts';
import { registerMinerPageRoutes } from './miner/page/routes.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { registerExportRoutes } from './miner/export-routes.ts';
import { createRateDays, type RateDays } from './rates/rate-days.ts';
import type { ApiContext } from './context.ts';
import { registerPoolRoutes } from './pool/routes.ts';
import type { RatesSnapshot } from './rates/provider.ts';
import { registerReferralRoutes } from './referral/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { registerWatcherRoutes } from './settings/watcher-routes.ts';
import type { Notifier } from './notify/notifier.ts';
import { registerDrain } from './http/drain.ts';
import type { ApiMetrics } from './metrics/api-metrics.ts';
import type { SolvencyCheck } from './solvency/solvency.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerCompatRoutes } from './compat/routes.ts';
import { minerAlertsReader, registerAlertRoutes } from './notify/alert-routes.ts';

export interface AppOptions {
  ctx: ApiContext;
  engine: Engine;
  ingestToken: string;
  /** The one ingest path; the runtime passes its own to share it with the in-process simulator. */
  ingestor?: Ingestor;
  rates: { get(): Promise<RatesSnapshot> };
  corsOrigins: readonly string[];
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none: the socket's address counts. */
  trustProxy: readonly string[];
  /** What /health reports about the simulator's backfill, when one runs. */
  status?: () => Record<string, unknown>;
  logLevel?: string;
  /** Where the log goes (tests read it); standard output when absent. */
  logStream?: { write(line: string): void };
  /** Notifications: mail-link routes, the bot's webhook, outbox figures on /health. */
  notifier?: Notifier;
  /** The hardware catalogue (content/hardware), when the content folder has one. */
  hardware?: HardwareCatalogue;
  /** REFERRAL_SECRET, shared with the web server: landings it signed are the only referrals (decision 017). */
  referralSecret?: string;
  /** Prometheus metrics (decision 022), when API_METRICS_PORT is set. */
  metrics?: ApiMetrics;
  /** Wallets against what the pool owes, for coins with a node (decision 022). */
  solvency?: SolvencyCheck;
  /** True while a stopping replica drains (API_DRAIN_SECONDS): /ready 503, Connection: close. */
  draining?: () => boolean;
  /** The database's restart and disk state (decision 030), on /ready, /health and ingest. */
  database?: () => DatabaseHealth;
  /** Each day's rates for exports (decision 023); without it, only the days kept in `rate_days`. */
  rateDays?: RateDays;
  /** The public API's per-client quotas (decision 023); defaults: DEFAULT_RATE_LIMITS, loopback exempt. */
  rateLimits?: Partial<Omit<RateLimitOptions, 'now'>>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logLevel && options.logLevel !== 'silent'
        ? { level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
        : false,
    // Behind a CDN or reverse proxy the client address is in X-Forwarded-For, and settings
    // rate limits key on it: believed only from the proxies named in TRUST_PROXY (decision 008),
    // or anyone could pick a fresh address for every attempt.
    trustProxy: options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // URLs carry addresses of up to 254 characters; anything far longer is not ours.
    routerOptions: { maxParamLength: 512 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // Every answer is what its Content-Type says, never sniffed into something else;
  // HTML pages are never framed and send no referrer (http/security-headers.ts says why).
  registerSecurityHeaders(app);
  app.setNotFoundHandler(notFoundHandler);
  options.metrics?.registerHttp(app);
  if (options.draining) registerDrain(app, options.draining);

  const limits = { ...DEFAULT_RATE_LIMITS, exempt: ['loopback'], ...options.rateLimits, now: options.ctx.now };
  const allowed = new Set(options.corsOrigins);
  // Credentials (the ref cookie, the profile call) only for the site's own origins; anyone
  // else may still read public data, without them.
  await app.register(
    cors,
    () => (request: { headers: { origin?: string } }, callback: (error: Error | null, options: object) => void) => {
      const origin = request.headers.origin;
      const own = origin !== undefined && allowed.has(origin);
      callback(null, {
        origin: own ? origin : '*',
        credentials: own,
        methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
        // The settings form shows how long to wait after too many attempts.
        exposedHeaders: ['retry-after', 'ratelimit', 'ratelimit-policy'],
        maxAge: 600,
      });
    },
  );
  await registerDocs(app, limits);
  registerCaching(app);
  registerRateLimits(app, limits);
  registerApiInfoRoutes(app, limits);

  registerHealthRoutes(app, {
    db: options.ctx.db,
    status: options.status,
    database: options.database,
    solvency: options.solvency,
    notifier: options.notifier,
  });
  registerCompatRoutes(app, options.ctx, { rates: options.rates });
  registerPoolRoutes(app, options.ctx);
  registerMinerRoutes(app, options.ctx);
  registerAuditRoutes(app, options.ctx);
  registerExportRoutes(app, options.ctx, {
    rateDays: options.rateDays ?? createRateDays(options.ctx.db, null, options.ctx.now),
    fiatCodes: async () => Object.keys((await options.rates.get()).fiat),
  });
  if (options.hardware)
    registerHardwareRoutes(app, options.ctx, { catalogue: options.hardware, rates: () => options.rates.get() });
  registerSettingsRoutes(app, options.ctx, { offlineAfterS: options.notifier?.offlineAfterS ?? 600 });
  registerWatcherRoutes(app, options.ctx);
  registerReferralRoutes(app, options.ctx, options.referralSecret);
  registerAlertRoutes(app, options.ctx, options.notifier);
  registerMinerPageRoutes(app, options.ctx, { alerts: minerAlertsReader(options.ctx, options.notifier) });
  options.notifier?.registerRoutes(app);
  registerIngestRoutes(app, {
    ingestor:
      options.ingestor ?? createIngestor({ engine: options.engine, now: options.ctx.now, metrics: options.metrics?.ingest }),
    token: options.ingestToken,
    database: options.database,
  });
  return app;
}
