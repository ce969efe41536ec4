/** Builds the real app around a test database, a fixed clock and simulated rates. */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';
import { parsePoolConfig, type PoolConfig } from '@openpool/domain/pool-config';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';
import { buildApp } from '../app.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';
import { createCachedRates } from '../rates/cached.ts';
import { PRICED_TICKERS } from '../rates/provider.ts';
import { createSimulatedRates } from '../rates/simulated.ts';
import { createRateDays } from '../rates/rate-days.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import type { NotifyEnv } from '../env.ts';
import { createNotifier, type Notifier } from '../notify/notifier.ts';

const content = new URL('../../../../content/', import.meta.url);
export const POOL_CONFIG: PoolConfig = parsePoolConfig(JSON.parse(readFileSync(new URL('pools.json', content), 'utf8')));
export const SITE_CONFIG = parseSiteConfig(readFileSync(new URL('site.json', content), 'utf8'));
export const HARDWARE = parseHardwareCatalogue(
  Object.fromEntries(
    HARDWARE_FILES.map((name) => [name, readFileSync(new URL(`hardware/${name}`, content), 'utf8')]),
  ) as unknown as HardwareFiles,
);
export const TOKEN = 'test-token-0123456789abcdef';
/** The REFERRAL_SECRET the test app shares with a web server that would sign its landings. */
export const REFERRAL_SECRET = 'test-referral-secret-0123456789abcdef';

export interface Harness {
  app: FastifyInstance;
  engine: Engine;
  db: TestDatabase;
  clock: { now: number };
  /** Present when the harness was asked for notifications. */
  notifier?: Notifier;
  /** Lines the notifier logged (failures it reports to the operator). */
  logs: string[];
  /** The app's own log lines (JSON), when the harness was given a log level. */
  appLogs: string[];
  ingest(source: string, events: IngestEvent[]): Promise<{ statusCode: number; body: unknown }>;
  get<T = unknown>(url: string): Promise<{ statusCode: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Notification settings of a test: mail to a test SMTP server or a temporary folder. */
export type HarnessNotify = Partial<NotifyEnv> & Pick<NotifyEnv, 'mailDir'>;

export async function createHarness(
  startMs: number,
  options: {
    trustProxy?: string[];
    notify?: HarnessNotify;
    logLevel?: 'info' | 'warn' | 'error';
    /** Coins fed as a regtest node would (toy difficulties and heights): held only to the structural bounds. */
    testChains?: readonly string[];
    /** The clock follows the events (each batch sent live, at its last event's time), never going back. */
    live?: boolean;
    /** Difficulties a coin's node reports (decision 029): the breaker's reference for those coins. */
    nodeDifficulty?: ReadonlyMap<string, number>;
  } = {},
): Promise<Harness> {
  const db = await createTestDatabase();
  const clock = { now: startMs };
  const logs: string[] = [];
  const appLogs: string[] = [];
  const ctx = { db: db.pool, pool: POOL_CONFIG, site: SITE_CONFIG, now: () => clock.now, memoMs: 0 };
  const notifier = options.notify
    ? await createNotifier({
        ctx,
        env: {
          siteUrl: 'http://site.test',
          apiUrl: 'http://api.test',
          mailFrom: 'OpenPool <alerts@pool.test>',
          offlineAfterS: 600,
          maxPerHour: 10,
          mailPerMinute: 60,
          mailPerHour: 1000,
          ...options.notify,
        },
        txExplorers: { ltc: 'https://explorer.test/tx/{txid}', doge: 'https://explorer.test/doge/tx/{txid}' },
        log: (line) => logs.push(line),
      })
    : undefined;
  const engine = createEngine({
    pool: db.pool,
    config: POOL_CONFIG,
    sender: createSimulatedSender(),
    chains: new Map((options.testChains ?? []).map((coin) => [coin, 'test' as const])),
    nodeDifficulty: options.nodeDifficulty ? (coin) => options.nodeDifficulty?.get(coin) : undefined,
  });
  const simulatedRates = createSimulatedRates(1, PRICED_TICKERS);
  const rates = createCachedRates(simulatedRates, { refreshMs: 60_000, now: () => clock.now });
  const app = await buildApp({
    ctx,
    engine,
    notifier,
    ingestToken: TOKEN,
    rates,
    corsOrigins: ['http://localhost:3000'],
    // Injected requests come from 127.0.0.1: tests act as the proxy that names the client.
    trustProxy: options.trustProxy ?? ['loopback'],
    hardware: HARDWARE,
    referralSecret: REFERRAL_SECRET,
    rateDays: createRateDays(db.pool, simulatedRates, () => clock.now),
    logLevel: options.logLevel,
    logStream: { write: (line) => void appLogs.push(line) },
  });
  return {
    app,
    engine,
    db,
    clock,
    notifier,
    logs,
    appLogs,
    async ingest(source, events) {
      if (options.live) for (const event of events) clock.now = Math.max(clock.now, event.at);
      const response = await app.inject({
        method: 'POST',
        url: `/internal/v1/events?source=${source}`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        payload: toNdjson(events),
      });
      return { statusCode: response.statusCode, body: response.json() };
    },
    async get(url) {
      const response = await app.inject({ method: 'GET', url });
      return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
    },
    async close() {
      await notifier?.stop();
      await app.close();
      await db.close();
    },
  };
}
