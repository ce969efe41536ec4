/**
 * Starting and stopping the whole service: database (embedded or DATABASE_URL), engine,
 * HTTP app, rates, and in the demo the simulator with its backfill. server.ts only parses
 * the environment and calls this; the crash test and benchmarks start it the same way.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/database.ts';
import { createEngine, type Engine } from './engine/engine.ts';
import { createSimulatedSender } from './engine/sender.ts';
import type { ApiEnv } from './env.ts';
import { createCachedRates } from './rates/cached.ts';
import { createCoinGeckoRates } from './rates/coingecko.ts';
import { PRICED_TICKERS } from './rates/provider.ts';
import { createSimulatedRates } from './rates/simulated.ts';

export interface Runtime {
  app: FastifyInstance;
  db: Database;
  engine: Engine;
  /** Resolves when the simulator's backfill is done (at once when it is off). */
  backfilled: Promise<void>;
  stop(): Promise<void>;
}

const LIVE_TICK_MS = 5000;
const STEP_MS = 10 * 60 * 1000;

export async function startRuntime(env: ApiEnv, log: (line: string) => void = console.log): Promise<Runtime> {
  const [siteText, poolText] = await Promise.all([
    readFile(join(env.contentDir, 'site.json'), 'utf8'),
    readFile(join(env.contentDir, 'pools.json'), 'utf8'),
  ]);
  const site = parseSiteConfig(siteText);
  const pool = parsePoolConfig(JSON.parse(poolText));
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, log });
  const engine = createEngine({ pool: db.pool, config: pool, sender: createSimulatedSender(), log });
  const ratesProvider =
    env.rates.provider === 'coingecko'
      ? createCoinGeckoRates({ fetch: globalThis.fetch, apiKey: env.rates.coingeckoApiKey, tickers: PRICED_TICKERS })
      : createSimulatedRates(env.simulator.seed, PRICED_TICKERS);
  const rates = createCachedRates(ratesProvider, {
    refreshMs: 60_000,
    onError: (error) => log(`rates: ${(error as Error).message}`),
  });
  const ingestToken = env.ingestToken ?? randomBytes(24).toString('base64url');
  if (!env.ingestToken)
    log('api: INGEST_TOKEN is not set; ingest accepts only the built-in simulator (a random token was generated)');

  const simulatorStatus: Record<string, unknown> = { state: env.simulator.enabled ? 'starting' : 'off' };
  const app = await buildApp({
    ctx: { db: db.pool, pool, site, now: Date.now },
    engine,
    ingestToken,
    rates,
    corsOrigins: env.corsOrigins,
    status: () => ({ simulator: simulatorStatus }),
    logLevel: env.logLevel,
  });
  await app.ready();

  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const background = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    background.add(promise);
    void promise.finally(() => background.delete(promise)).catch(() => undefined);
    return promise;
  };

  // Payouts go through the sender outside the engine's transactions; retention hourly.
  timers.push(
    setInterval(() => void track(engine.sendPayouts().catch((error: Error) => log(`payouts: ${error.message}`))), LIVE_TICK_MS),
  );
  timers.push(
    setInterval(
      () => void track(engine.applyRetention(Date.now()).catch((error: Error) => log(`retention: ${error.message}`))),
      3_600_000,
    ),
  );

  let backfilled: Promise<void> = Promise.resolve();
  if (env.simulator.enabled) {
    // Loaded only in the demo: a pool fed by real stratum servers never needs it.
    const { createSimulator } = await import('./simulator/simulator.ts');
    const pipeline = createSendPipeline(async (source, ndjson) => {
      if (stopped) throw new Error('stopping');
      const response = await app.inject({
        method: 'POST',
        url: `/internal/v1/events?source=${encodeURIComponent(source)}`,
        headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/x-ndjson' },
        payload: ndjson,
      });
      if (response.statusCode !== 200) throw new Error(`ingest answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    });
    const simulator = createSimulator({
      seed: env.simulator.seed,
      coins: site.enabled,
      pool,
      minersPerCoin: env.simulator.miners,
      send: (source, ndjson) => pipeline.send(source, ndjson),
    });
    backfilled = track(
      (async () => {
        const now = Date.now();
        const horizon = now - env.simulator.backfillDays * 86_400_000;
        const from = horizon - (horizon % STEP_MS);
        const until = now - (now % STEP_MS);
        const offsets = new Map<string, number>();
        for (const source of simulator.sources()) offsets.set(source, await engine.lastSeq(source));
        const started = Date.now();
        simulatorStatus.state = 'backfilling';
        simulatorStatus.from = Math.floor(from / 1000);
        const seqs = [...offsets.values()];
        // A first start backfills the horizon. A restart resumes every source from its own
        // committed offset (regenerating exactly what was sent); a coin enabled since then
        // gets its history from a full run, whose events the others skip by offset.
        if (seqs.every((seq) => seq === 0)) {
          if (until > from) await simulator.run(from, until, 'backfill');
        } else {
          await simulator.resume(offsets, until);
          if (seqs.some((seq) => seq === 0) && until > from) await simulator.run(from, until, 'backfill');
        }
        await pipeline.drain();
        await engine.sendPayouts();
        simulatorStatus.state = 'live';
        simulatorStatus.backfill_seconds = (Date.now() - started) / 1000;
        log(
          `simulator: history up to ${new Date(until).toISOString()} ingested in ${((Date.now() - started) / 1000).toFixed(1)} s; running live`,
        );
        if (!env.simulator.live) return;
        let cursor = until;
        const tick = async () => {
          if (stopped) return;
          const target = Date.now();
          if (target > cursor) {
            await simulator.run(cursor, target, 'live');
            await pipeline.drain();
            cursor = target;
          }
        };
        let ticking = false;
        timers.push(
          setInterval(() => {
            if (ticking) return;
            ticking = true;
            void track(
              tick()
                .catch((error: Error) => log(`simulator: ${error.message}`))
                .finally(() => (ticking = false)),
            );
          }, LIVE_TICK_MS),
        );
      })().catch((error: Error) => {
        simulatorStatus.state = 'failed';
        log(`simulator: backfill failed: ${error.message}`);
      }),
    );
  }

  return {
    app,
    db,
    engine,
    backfilled,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await app.close();
      await Promise.allSettled([...background]);
      await db.close();
    },
  };
}

/**
 * Batches of different sources are ingested in parallel (the engine locks per coin family,
 * so a second core works too); batches of one source stay in order. `send` returns once the
 * batch is queued with few enough in flight; the first failure is thrown by the next call
 * and by `drain`, and the engine's committed offsets make a retry from there safe.
 */
function createSendPipeline(post: (source: string, ndjson: string) => Promise<void>, maxInFlight = 3) {
  const queues = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  return {
    async send(source: string, ndjson: string): Promise<void> {
      if (failure) throw failure;
      const job = (queues.get(source) ?? Promise.resolve()).then(() => {
        if (failure) throw failure;
        return post(source, ndjson);
      });
      queues.set(
        source,
        job.catch(() => undefined),
      );
      inFlight.add(job);
      job.then(
        () => inFlight.delete(job),
        (error: Error) => {
          failure ??= error;
          inFlight.delete(job);
        },
      );
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight).catch(() => undefined);
      if (failure) throw failure;
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      const error = failure;
      failure = undefined;
      if (error) throw error;
    },
  };
}
