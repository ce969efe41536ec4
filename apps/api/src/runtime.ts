/**
 * Wires the whole service: database (embedded or DATABASE_URL), engine, HTTP app, rates,
 * payout and retention timers, and in the demo the simulator (driven by simulator/driver.ts).
 * server.ts only parses the environment and calls this; the crash test and benchmarks start
 * it the same way.
 */
import type { ChainKind } from '@openpool/domain/chain-params';
import { loadHardwareCatalogue } from './hardware/catalogue.ts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { parseCoinContent, type CoinContent } from '@openpool/domain/coin-content';
import { buildApp } from './app.ts';
import { HttpError } from './http/errors.ts';
import { createIngestor } from './ingest/ingestor.ts';
import { openDatabase, type Database } from './db/database.ts';
import { createEngine, LOCK_SPACE, type Engine } from './engine/engine.ts';
import { startSingleton, type Singleton } from './db/singleton.ts';
import { createSimulatedSender, type PayoutSender } from './engine/payouts/payout-sender.ts';
import { createWalletSender, nodeChainKind, routeSenders } from './engine/payouts/wallet-sender.ts';
import type { ApiEnv } from './env.ts';
import { createCachedRates } from './rates/cached.ts';
import { createCoinGeckoRates } from './rates/coingecko.ts';
import { PRICED_TICKERS } from './rates/provider.ts';
import { createSimulatedRates } from './rates/simulated.ts';
import { createRateDays, keepingRateDays } from './rates/rate-days.ts';
import { DEFAULT_RATE_LIMITS } from './http/rate-limit.ts';
import { startSimulatorDriver } from './simulator/driver.ts';
import { dropHistory, historyFilling, openHistoryShadow } from './simulator/history.ts';
import { createNotifier } from './notify/notifier.ts';
import { createApiMetrics } from './metrics/api-metrics.ts';
import { registerDatabaseGauges } from './metrics/database-gauges.ts';
import { meterSender } from './metrics/metered-sender.ts';
import { serveMetrics } from './metrics/metrics-port.ts';
import { registerSolvencyGauges } from './metrics/solvency-gauges.ts';
import { createSolvencyCheck, type SolvencyCheck } from './solvency/solvency.ts';

export interface Runtime {
  app: FastifyInstance;
  db: Database;
  engine: Engine;
  /** Resolves when the simulator's backfill is done (at once when it is off). */
  backfilled: Promise<void>;
  /** Starts a stopping replica's drain: /ready 503 and Connection: close until stop() (issue 30). */
  drain(): void;
  stop(): Promise<void>;
}

const PAYOUT_TICK_MS = 5000;

export async function startRuntime(env: ApiEnv, log: (line: string) => void = console.log): Promise<Runtime> {
  const [siteText, poolText, coinsText] = await Promise.all([
    readFile(join(env.contentDir, 'site.json'), 'utf8'),
    readFile(join(env.contentDir, 'pools.json'), 'utf8'),
    // Only for explorer links in payout notifications: a content folder without it still starts.
    readFile(join(env.contentDir, 'coins.json'), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    }),
  ]);
  const site = parseSiteConfig(siteText);
  const hardware = await loadHardwareCatalogue(env.contentDir);
  if (!hardware) log(`api: no ${join(env.contentDir, 'hardware')}: the hardware routes are off`);
  const pool = parsePoolConfig(JSON.parse(poolText));
  // Our own stratum server (issue 15) where the operator says it is, instead of the file's regions.
  for (const { coin, url } of env.stratumUrls) {
    const config = pool.coins.get(coin);
    if (config) Object.assign(config, { stratumUrls: [url], sslStratumUrls: [] });
  }
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, migrationsDir: env.migrationsDir, log });
  // Off unless API_METRICS_PORT is set: then nothing is counted at all (issue 30).
  const metrics = env.metrics ? createApiMetrics() : undefined;
  // Coins with a node pay from its wallet; the others (the demo's) keep the simulated sender.
  const walletSenders = new Map<string, PayoutSender>(
    env.nodes.map((node) => [
      node.coin,
      createWalletSender({
        coin: node.coin,
        rpcUrl: node.rpcUrl,
        fee: node.payoutFee,
        unitDecimals: pool.coins.get(node.coin)?.unitDecimals ?? 8,
      }),
    ]),
  );
  const sender = meterSender(routeSenders(walletSenders, createSimulatedSender()), metrics?.engine);
  const engine = createEngine({
    pool: db.pool,
    config: pool,
    sender,
    log,
    chains: await nodeChains(env.nodes, log),
    metrics: metrics?.engine,
  });
  const ratesProvider =
    env.rates.provider === 'coingecko'
      ? createCoinGeckoRates({ fetch: globalThis.fetch, apiKey: env.rates.coingeckoApiKey, tickers: PRICED_TICKERS })
      : createSimulatedRates(env.simulator.seed, PRICED_TICKERS);
  // Every snapshot is kept as its day's rate, for exports' fiat values (issue 29, decision 023).
  const rates = keepingRateDays(
    createCachedRates(ratesProvider, {
      refreshMs: 60_000,
      onError: (error) => log(`rates: ${(error as Error).message}`),
    }),
    db.pool,
    ratesProvider.name,
    (error) => log(`rates: not kept: ${(error as Error).message}`),
  );
  const ingestToken = env.ingestToken ?? randomBytes(24).toString('base64url');
  if (!env.ingestToken)
    log('api: INGEST_TOKEN is not set; ingest accepts only the built-in simulator (a random token was generated)');
  if (!env.referralSecret)
    log('api: REFERRAL_SECRET is not set; no referral is recorded (the web server signs landings with it; decision 017)');

  let simulatorStatus: object = { state: env.simulator.enabled ? 'starting' : 'off' };
  const ctx = { db: db.pool, pool, site, now: Date.now };
  const coins: Partial<CoinContent['coins']> =
    coinsText === null ? {} : parseCoinContent(JSON.parse(coinsText), join(env.contentDir, 'coins.json')).coins;
  const notifier = await createNotifier({
    ctx,
    env: env.notify,
    txExplorers: Object.fromEntries(Object.entries(coins).map(([coin, info]) => [coin, info?.explorer?.tx])),
    log,
  });
  // Each coin with a node: its wallet against what the pool owes, on /health and as metrics.
  const onNodeRpc = metrics ? registerSolvencyGauges(metrics.registry, () => solvency) : undefined;
  const solvency: SolvencyCheck | undefined =
    env.nodes.length > 0 ? createSolvencyCheck({ db: db.pool, config: pool, nodes: env.nodes, onRpc: onNodeRpc }) : undefined;
  let draining = false;
  let takeover = false;
  const ingestor = createIngestor({ engine, now: ctx.now, metrics: metrics?.ingest });
  const app = await buildApp({
    ctx,
    notifier,
    engine,
    ingestToken,
    ingestor,
    rates,
    corsOrigins: env.corsOrigins,
    trustProxy: env.trustProxy,
    // A standby replica that takes the simulator over keeps serving while it resumes (issue 30).
    status: () => ({ simulator: takeover ? { ...simulatorStatus, takeover: true } : simulatorStatus }),
    logLevel: env.logLevel,
    hardware,
    referralSecret: env.referralSecret,
    metrics,
    solvency,
    draining: () => draining,
    // The simulated walk is a pure function of time: it can give any past day's rate.
    rateLimits: {
      general: { ...DEFAULT_RATE_LIMITS.general, quota: env.rateLimits.perMinute },
      export: { ...DEFAULT_RATE_LIMITS.export, quota: env.rateLimits.exportsPer10Min },
      exempt: env.rateLimits.exempt,
    },
    rateDays: createRateDays(db.pool, ratesProvider.name === 'simulated' ? ratesProvider : null, Date.now),
  });
  await app.ready();
  notifier.start();
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  if (metrics && env.metrics) {
    registerDatabaseGauges(metrics.registry, { db: db.pool, config: pool, nodeCoins: env.nodes.map((node) => node.coin) });
    metricsServer = await serveMetrics(metrics.registry, env.metrics.host, env.metrics.port);
    log(`api: metrics on http://${env.metrics.host}:${metricsServer.port}/metrics`);
  }

  const timers: NodeJS.Timeout[] = [];
  const background = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    background.add(promise);
    void promise.finally(() => background.delete(promise)).catch(() => undefined);
    return promise;
  };

  // Payouts go through the sender outside the engine's transactions; retention hourly.
  timers.push(
    setInterval(() => void track(engine.sendPayouts().catch((error: Error) => log(`payouts: ${error.message}`))), PAYOUT_TICK_MS),
  );
  timers.push(
    setInterval(
      () => void track(engine.applyRetention(Date.now()).catch((error: Error) => log(`retention: ${error.message}`))),
      3_600_000,
    ),
  );
  // A day's rate is kept even on a day nobody asks for rates (decision 023).
  timers.push(setInterval(() => void track(rates.get().catch(() => undefined)), 3_600_000));

  let backfilled: Promise<void> = Promise.resolve();
  let simulator: Singleton | undefined;
  if (!env.simulator.enabled) await dropAbandonedHistory(db, log);
  if (env.simulator.enabled) {
    let markBackfilled!: () => void;
    backfilled = new Promise((resolve) => (markBackfilled = resolve));
    // One replica simulates (issue 16, decision 014); the others serve and stand by, and one
    // of them takes over, resuming from the committed offsets, if that replica dies.
    simulator = startSingleton({
      pool: db.pool,
      lock: [LOCK_SPACE.simulator, 0],
      log,
      onStandby: () => {
        log('simulator: another API replica runs the simulator; this one stands by');
        simulatorStatus = { state: 'standby', failing: [] };
        markBackfilled();
      },
      start: async () => {
        // Taking over from a replica that stopped: the database holds a live pool already.
        takeover = (simulatorStatus as { state?: string }).state === 'standby';
        const driver = await startSimulatorDriver({
          // A coin with a real node gets its events from its stratum server only.
          settings: {
            ...env.simulator,
            coins: site.enabled.filter((coin) => !walletSenders.has(coin)),
            minersPerCoin: env.simulator.miners,
          },
          pool,
          hardware,
          engine,
          log,
          // Only while the simulator is the only writer: the swap replaces every engine table, so
          // events of real coins or of outside stratum servers ingested meanwhile would be lost.
          history:
            walletSenders.size === 0 && !env.ingestToken
              ? {
                  filling: () => historyFilling(db.pool),
                  open: () => openHistoryShadow({ db: db.pool, connection: db.connection, config: pool, log }),
                }
              : undefined,
          // The ingest route's own path, without HTTP: its own history may be older than the
          // late window (a long backfill, a restart after days down), see ingest/ingestor.ts.
          post: async (source, ndjson) => {
            try {
              await ingestor.apply(source, ndjson, { ownHistory: true });
            } catch (error) {
              if (error instanceof HttpError) throw new Error(`ingest answered ${error.status}: ${error.message}`);
              throw error;
            }
          },
        });
        simulatorStatus = driver.status;
        void driver.backfilled.then(markBackfilled);
        return driver;
      },
    });
  }

  return {
    app,
    db,
    engine,
    backfilled,
    drain() {
      draining = true;
    },
    async stop() {
      metricsServer?.server.close();
      for (const timer of timers) clearInterval(timer);
      await notifier.stop();
      await simulator?.stop();
      await app.close();
      await Promise.allSettled([...background]);
      await db.close();
    },
  };
}

/**
 * A first start's history left half-filled (simulator/history.ts) by a process that died,
 * when the simulator is now off and nothing will finish it: dropped, so the API stops saying
 * history is filling. Only when no replica runs the simulator (its lock is free).
 */
async function dropAbandonedHistory(db: Database, log: (line: string) => void): Promise<void> {
  if (!(await historyFilling(db.pool))) return;
  const client = await db.pool.connect();
  try {
    const free = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, 0) as ok', [LOCK_SPACE.simulator]);
    if (!free.rows[0]?.ok) return;
    try {
      await dropHistory(db.pool);
      log('simulator: off; dropped the unfinished first-start history');
    } finally {
      await client.query('select pg_advisory_unlock($1, 0)', [LOCK_SPACE.simulator]);
    }
  } finally {
    client.release();
  }
}

/**
 * The chain each coin's node is on (decision 018): a regtest node's samples (difficulty at the
 * proof-of-work limit, heights from 0) would be refused by the real chain's bounds. A node
 * that does not answer in 30 s is taken for a main-chain node, and said so.
 */
async function nodeChains(
  nodes: readonly { coin: string; rpcUrl: string }[],
  log: (line: string) => void,
): Promise<Map<string, ChainKind>> {
  const chains = new Map<string, ChainKind>();
  for (const node of nodes) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        chains.set(node.coin, await nodeChainKind(node.rpcUrl));
        break;
      } catch (error) {
        if (attempt >= 30) {
          log(
            `${node.coin}: the node did not say which chain it is on (${(error as Error).message}); holding its samples to the main chain's bounds`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  return chains;
}
