/**
 * The API application: plugins, error mapping, caching, and every route. It is handed its
 * database, engine and config; it opens nothing itself, so tests build it around a test
 * database and a fixed clock.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES } from '@openpool/domain/paths';
import { profileSchema, ratesSchema } from '@openpool/domain/api';
import { databaseAnswers, isDatabaseUnavailable, type DatabaseHealth } from './db/database.ts';
import type { Engine } from './engine/engine.ts';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { DEFAULT_POWER_COST } from '@openpool/domain/hardware-profit';
import { registerCaching } from './http/caching.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './http/security-headers.ts';
import {
  DEFAULT_RATE_LIMITS,
  documentLimits,
  registerLimitsRoute,
  registerRateLimits,
  type RateLimitOptions,
} from './http/rate-limit.ts';
import { registerHardwareRoutes } from './hardware/routes.ts';
import { listHeld } from './engine/held.ts';
import { createIngestor, type Ingestor } from './ingest/ingestor.ts';
import { registerIngestRoutes } from './ingest/routes.ts';
import { registerMinerRoutes } from './miner/routes.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { registerExportRoutes } from './miner/export-routes.ts';
import { registerQualityRoutes } from './miner/quality.ts';
import { registerBestReportedRoutes } from './miner/best-reported.ts';
import { createRateDays, type RateDays } from './rates/rate-days.ts';
import type { ApiContext } from './context.ts';
import { registerPoolRoutes } from './pool/routes.ts';
import type { RatesSnapshot } from './rates/provider.ts';
import { registerReferralRoutes } from './referral/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { registerWatcherRoutes } from './settings/watchers.ts';
import type { Notifier } from './notify/notifier.ts';
import { registerDrain } from './http/drain.ts';
import type { ApiMetrics } from './metrics/api-metrics.ts';
import { solvencyProblem, type SolvencyCheck } from './solvency/solvency.ts';
import { registerAlertRoutes } from './notify/alert-routes.ts';

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
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenPool API',
        version: '1.0.0',
        description:
          'Public API of the OpenPool mining pool. Amounts are exact decimal strings in coin units, hashrates H/s, times unix seconds. ' +
          'Paths tagged `compatibility` keep the shape miners’ existing tools expect.\n\n' +
          `**Limits** (per client address, IPv6 per /64): ${limits.general.quota} requests a ${limits.general.windowSeconds} s window, ` +
          `exports also ${limits.export.quota} a ${limits.export.windowSeconds} s window. Every counted answer says where you stand in ` +
          '`RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers); past a quota the answer is 429 with ' +
          '`Retry-After`. **Caching**: every answer has `Cache-Control` (pool and miner data 10 s, rates 60 s) and an `ETag`; ' +
          'send `If-None-Match` and a 304 is cheap for both of us. A poll more often than the max-age gets the same figures.',
      },
      tags: [
        { name: 'pool', description: 'Pool and network statistics' },
        { name: 'miner', description: 'One miner: stats, workers, payouts' },
        { name: 'settings', description: 'Miner settings, proven by a worker IP' },
        { name: 'compatibility', description: 'Paths and fields third-party tools already call' },
        { name: 'ingest', description: 'Events from stratum servers (token required)' },
        {
          name: 'audit',
          description: 'Provably fair accounting: every period’s inputs, Merkle roots chained period to period, a miner’s proof',
        },
      ],
    },
    transform: documentLimits(jsonSchemaTransform, limits),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // No validator badge: it would send the document's URL to validator.swagger.io.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    // The docs page under a CSP fitted to Swagger UI (security-headers.ts): swagger-ui's own
    // script hashes, the inline styles its components set, one frame-ancestors 'none'.
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
  });
  registerCaching(app);
  registerRateLimits(app, limits);
  registerLimitsRoute(app, limits);

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { hide: true }, config: { cache: 'none' } }, async (request, reply) => {
    // The API is alive whatever the database does: /health says what is wrong (a full disk, a
    // PostgreSQL being started again) with 200 'degraded', so a liveness probe does not restart
    // an API that restarting would not heal; /ready carries the 503 (decision 030).
    const database = options.database?.();
    const databaseFault = database && database.state !== 'ok' ? database : undefined;
    try {
      const report = await healthReport();
      if (!databaseFault) return report;
      return { ...report, status: 'degraded', database: databaseFault };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'health: database unavailable');
      const status = options.status?.() ?? {};
      return reply.send({ status: 'degraded', database: databaseFault ?? { state: 'unavailable' }, ...status });
    }
  });
  const healthReport = async () => {
    const faults = await options.ctx.db.query<{ coin: string; job: string; hour: Date; message: string; attempts: number }>(
      'select coin, job, hour, message, attempts from engine_faults order by coin',
    );
    const status = options.status?.() ?? {};
    const simulatorFailing = (status.simulator as { failing?: unknown[] } | undefined)?.failing?.length ?? 0;
    // The breaker's holds (decision 018): money that waits for the operator makes the pool degraded.
    const held = await listHeld(options.ctx.db);
    const heldSamples = await options.ctx.db.query<{ coin: string; reason: string; samples: number; first_held_at: Date }>(
      'select coin, reason, samples, first_held_at from network_held order by coin',
    );
    // A wallet short of what the pool owes, or a node that does not answer (decision 022).
    const solvency = (await options.solvency?.report().catch(() => undefined)) ?? [];
    const shortfall = solvencyProblem(solvency);
    return {
      status: faults.rows.length > 0 || simulatorFailing > 0 || held.length > 0 || shortfall ? 'degraded' : 'ok',
      engine: {
        faults: faults.rows.map((row) => ({
          coin: row.coin,
          job: row.job,
          hour: Math.floor(row.hour.getTime() / 1000),
          message: row.message,
          attempts: row.attempts,
        })),
        held: held.map((item) => ({
          id: item.id,
          coin: item.coin,
          kind: item.kind,
          hour: Math.floor(item.hour / 1000),
          ...(item.address ? { address: item.address } : {}),
          amount: item.total,
          ceiling: item.ceiling,
          reason: item.reason,
          action: `npm run held -- release ${item.id}   (or: discard ${item.id})`,
        })),
        held_samples: heldSamples.rows.map((row) => ({
          coin: row.coin,
          reason: row.reason,
          samples: row.samples,
          since: Math.floor(row.first_held_at.getTime() / 1000),
        })),
      },
      ...(options.solvency ? { solvency: { coins: solvency, ...(shortfall ? { problem: shortfall } : {}) } } : {}),
      ...status,
      // Failed deliveries are counted here for the operator (and logged once each by the sender).
      ...(options.notifier ? { notifications: await options.notifier.health() } : {}),
    };
  };
  // Readiness: 503 until the demo's backfill is done, so orchestration (and the browser
  // tests) route traffic only to an API with its history in place.
  // Not ready either while the database does not answer, so a balancer sends no traffic here
  // and a supervisor watching /ready sees the fault.
  r.get('/ready', { schema: { hide: true }, config: { cache: 'none' } }, async (_request, reply) => {
    const simulator = options.status?.().simulator as { state?: string; takeover?: boolean } | undefined;
    const state = simulator?.state;
    // A full disk or a PostgreSQL being started again: not ready even when a read still answers.
    const fault = options.database?.().state;
    const database = (fault === undefined || fault === 'ok') && (await databaseAnswers(options.ctx.db));
    // A standby replica (another one simulates, decision 014) serves what is in the database.
    // A replica taking the simulator over from one that stopped serves the pool meanwhile
    // (rolling restarts, decision 022): only a first start's backfill keeps /ready at 503.
    const ready =
      database &&
      (state === undefined ||
        state === 'live' ||
        state === 'off' ||
        state === 'standby' ||
        (simulator?.takeover === true && state !== 'failed'));
    return reply
      .code(ready ? 200 : 503)
      .send({ ready, simulator: state ?? 'off', database: database ? 'ok' : fault && fault !== 'ok' ? fault : 'unavailable' });
  });
  r.get('/openapi.json', { schema: { hide: true }, config: { cache: 'docs' } }, async () => app.swagger());
  r.get(
    API_ROUTES.rates,
    {
      schema: { tags: ['compatibility'], summary: 'Fiat rates per USD and crypto prices in USD', response: { 200: ratesSchema } },
      config: { cache: 'rates' },
    },
    async () => {
      const snapshot = await options.rates.get();
      return { fiat: snapshot.fiat, crypto: snapshot.crypto, updated_at: Math.floor(snapshot.updatedAt / 1000) };
    },
  );
  r.get(
    API_ROUTES.profile,
    {
      schema: {
        tags: ['compatibility'],
        summary: 'The visitor’s profile; every visitor is anonymous, so this is the anonymous profile',
        response: { 200: profileSchema },
      },
      config: { cache: 'private' },
    },
    async () => ({ authenticated: false, power_cost: DEFAULT_POWER_COST, currency: null }),
  );

  const prices = async () => (await options.rates.get()).crypto;
  registerPoolRoutes(app, options.ctx, prices);
  registerMinerRoutes(app, options.ctx);
  registerAuditRoutes(app, options.ctx);
  registerQualityRoutes(app, options.ctx);
  registerBestReportedRoutes(app, options.ctx);
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
  options.notifier?.registerRoutes(app);
  registerIngestRoutes(app, {
    ingestor:
      options.ingestor ?? createIngestor({ engine: options.engine, now: options.ctx.now, metrics: options.metrics?.ingest }),
    token: options.ingestToken,
    database: options.database,
  });
  return app;
}
