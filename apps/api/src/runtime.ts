/**
 * Wires the whole service: database (embedded or DATABASE_URL), engine, HTTP app, rates,
 * payout and retention timers, and in the demo the simulator (runtime/simulation.ts).
 * server.ts only parses the environment and calls this; the crash test and benchmarks start
 * it the same way.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadCoinContent, loadHardwareCatalogue, loadPoolConfig, loadSiteConfig } from '@openpool/domain/content-files';
import type { CoinContent } from '@openpool/domain/coin-content';
import { buildApp } from './app.ts';
import { createIngestor } from './ingest/ingestor.ts';
import { openDatabase, type Database } from './db/database.ts';
import { createEngine, type Engine } from './engine/engine.ts';
import { createSimulatedSender, type PayoutSender } from './engine/payouts/payout-sender.ts';
import { createWalletSender, routeSenders } from './engine/payouts/wallet-sender.ts';
import type { ApiEnv } from './env.ts';
import { createCachedRates } from './rates/cached.ts';
import { createCoinGeckoRates } from './rates/coingecko.ts';
import { PRICED_TICKERS } from './rates/provider.ts';
import { createSimulatedRates } from './rates/simulated.ts';
import { createRateDays, keepingRateDays } from './rates/rate-days.ts';
import { DEFAULT_RATE_LIMITS } from './http/rate-limit.ts';
import { createNotifier } from './notify/notifier.ts';
import { createApiMetrics } from './metrics/api-metrics.ts';
import { registerDatabaseGauges } from './metrics/database-gauges.ts';
import { meterSender } from './metrics/metered-sender.ts';
import { serveMetrics } from '@openpool/metrics-port';
import { registerSolvencyGauges } from './metrics/solvency-gauges.ts';
import { createSolvencyCheck, type SolvencyCheck } from './solvency/solvency.ts';
import { moneroChains, nodeChains } from './runtime/node-chains.ts';
import { createMoneroSender } from './engine/payouts/monero-sender.ts';
import { createNodeDifficulty } from './engine/node-difficulty.ts';
import { startSimulation, type Simulation } from './runtime/simulation.ts';

export interface Runtime {
  app: FastifyInstance;
  db: Database;
  engine: Engine;
  /** Resolves when the simulator's backfill is done (at once when it is off). */
  backfilled: Promise<void>;
  /** Starts a stopping replica's drain: /ready 503 and Connection: close until stop() (decision 022). */
  drain(): void;
  stop(): Promise<void>;
}

const PAYOUT_TICK_MS = 5000;

export async function startRuntime(env: ApiEnv, log: (line: string) => void = console.log): Promise<Runtime> {
  // One clock for every figure, the simulator and the rates: frozen at FIXED_NOW in browser
  // tests, so a page and the API read the same moment (decision 032).
  const fixedNow = env.fixedNow;
  const now = fixedNow === undefined ? Date.now : () => fixedNow;
  const site = loadSiteConfig(env.contentDir);
  const hardware = loadHardwareCatalogue(env.contentDir);
  if (!hardware) log(`api: no ${join(env.contentDir, 'hardware')}: the hardware routes are off`);
  const pool = loadPoolConfig(env.contentDir);
  // Our own stratum server (decision 013) where the operator says it is, instead of the file's regions.
  for (const { coin, url } of env.stratumUrls) {
    const config = pool.coins.get(coin);
    if (config) Object.assign(config, { stratumUrls: [url], sslStratumUrls: [] });
  }
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, migrationsDir: env.migrationsDir, log });
  // Off unless API_METRICS_PORT is set: then nothing is counted at all (decision 022).
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
  for (const node of env.moneroNodes)
    if (node.walletUrl)
      walletSenders.set(node.coin, createMoneroSender({ coin: node.coin, walletUrl: node.walletUrl, fee: node.payoutFee }));
  const sender = meterSender(routeSenders(walletSenders, createSimulatedSender()), metrics?.engine);
  // The breaker's reference for coins with a node: the node's own difficulty (decision 029).
  const nodeDifficulty = createNodeDifficulty(env.nodes, { log });
  await nodeDifficulty.refresh();
  const engine = createEngine({
    pool: db.pool,
    config: pool,
    sender,
    log,
    nodeDifficulty: nodeDifficulty.difficulty,
    chains: new Map([...(await nodeChains(env.nodes, log)), ...(await moneroChains(env.moneroNodes, log))]),
    metrics: metrics?.engine,
  });
  const ratesProvider =
    env.rates.provider === 'coingecko'
      ? createCoinGeckoRates({ fetch: globalThis.fetch, apiKey: env.rates.coingeckoApiKey, tickers: PRICED_TICKERS })
      : createSimulatedRates(env.simulator.seed, PRICED_TICKERS);
  // Every snapshot is kept as its day's rate, for exports' fiat values (decision 023).
  const rates = keepingRateDays(
    createCachedRates(ratesProvider, {
      refreshMs: 60_000,
      now,
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

  const ctx = { db: db.pool, pool, site, now };
  const coins: Partial<CoinContent['coins']> =
    // Only for explorer links in payout notifications: a content folder without it still starts.
    loadCoinContent(env.contentDir)?.coins ?? {};
  const notifier = await createNotifier({
    ctx,
    env: env.notify,
    txExplorers: Object.fromEntries(Object.entries(coins).map(([coin, info]) => [coin, info?.explorer?.tx])),
    log,
  });
  // Each coin with a node: its wallet against what the pool owes, on /health and as metrics.
  const onNodeRpc = metrics ? registerSolvencyGauges(metrics.registry, () => solvency) : undefined;
  const solvency: SolvencyCheck | undefined =
    env.nodes.length + env.moneroNodes.length > 0
      ? createSolvencyCheck({
          db: db.pool,
          config: pool,
          nodes: [
            ...env.nodes,
            ...env.moneroNodes.flatMap((node) =>
              node.walletUrl ? [{ coin: node.coin, rpcUrl: node.walletUrl, family: 'monero' as const }] : [],
            ),
          ],
          onRpc: onNodeRpc,
        })
      : undefined;
  let draining = false;
  // Started once the app is up (below); until then /health says 'starting' (or 'off').
  let simulation: Simulation | undefined = undefined;
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
    status: () => ({ simulator: simulation?.status() ?? { state: env.simulator.enabled ? 'starting' : 'off' } }),
    logLevel: env.logLevel,
    hardware,
    referralSecret: env.referralSecret,
    metrics,
    solvency,
    draining: () => draining,
    database: db.health,
    // The simulated walk is a pure function of time: it can give any past day's rate.
    rateLimits: {
      general: { ...DEFAULT_RATE_LIMITS.general, quota: env.rateLimits.perMinute },
      export: { ...DEFAULT_RATE_LIMITS.export, quota: env.rateLimits.exportsPer10Min },
      exempt: env.rateLimits.exempt,
    },
    rateDays: createRateDays(db.pool, ratesProvider.name === 'simulated' ? ratesProvider : null, now),
  });
  await app.ready();
  notifier.start();
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  if (metrics && env.metrics) {
    registerDatabaseGauges(metrics.registry, {
      db: db.pool,
      config: pool,
      nodeCoins: [...env.nodes, ...env.moneroNodes].map((node) => node.coin),
    });
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
      () => void track(engine.applyRetention(now()).catch((error: Error) => log(`retention: ${error.message}`))),
      3_600_000,
    ),
  );
  if (env.nodes.length > 0) timers.push(setInterval(() => void track(nodeDifficulty.refresh()), 60_000));
  // A day's rate is kept even on a day nobody asks for rates (decision 023).
  timers.push(setInterval(() => void track(rates.get().catch(() => undefined)), 3_600_000));

  simulation = await startSimulation({
    env,
    db,
    pool,
    site,
    hardware,
    engine,
    ingestor,
    // Every coin with a node is mined for real, with or without a wallet to pay from: simulating
    // it too would credit invented shares beside the real ones.
    nodeCoins: new Set([...env.nodes, ...env.moneroNodes].map((node) => node.coin)),
    now,
    log,
  });

  return {
    app,
    db,
    engine,
    backfilled: simulation.backfilled,
    drain() {
      draining = true;
    },
    async stop() {
      metricsServer?.server.close();
      for (const timer of timers) clearInterval(timer);
      await notifier.stop();
      await simulation?.stop();
      await app.close();
      await Promise.allSettled([...background]);
      await db.close();
    },
  };
}
