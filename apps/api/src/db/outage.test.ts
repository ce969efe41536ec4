/**
 * The database going away: requests answer 503 with Retry-After (never 500, never a crash),
 * and the API recovers by itself when PostgreSQL is back, with no restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createEngine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';
import { createCachedRates } from '../rates/cached.ts';
import { PRICED_TICKERS } from '../rates/provider.ts';
import { createSimulatedRates } from '../rates/simulated.ts';
import { guardFolder } from '../testing/folder-guard.ts';
import { POOL_CONFIG, SITE_CONFIG } from '../testing/harness.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

// Removed with its PostgreSQL after the file, or by the guard when the worker dies first (decision 001).
const folder = guardFolder(mkdtempSync(join(tmpdir(), 'op-outage-')));
const dir = folder.path;
let server: EmbeddedPostgres | undefined;

afterAll(async () => {
  await server?.stop();
  await folder.remove();
});

describe('database outage', () => {
  it('answers 503 with Retry-After while PostgreSQL is down, and recovers alone', { timeout: 60_000 }, async () => {
    server = await startEmbeddedPostgres({ dir, database: 'openpool' });
    const pool = new pg.Pool({ ...server.connection, max: 4, connectionTimeoutMillis: 2000 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    await migrate(pool);
    const app = await buildApp({
      ctx: { db: pool, pool: POOL_CONFIG, site: SITE_CONFIG, now: Date.now, memoMs: 0 },
      engine: createEngine({ pool, config: POOL_CONFIG, sender: createSimulatedSender() }),
      ingestToken: 'outage-token-0123456789',
      rates: createCachedRates(createSimulatedRates(1, PRICED_TICKERS), { refreshMs: 60_000 }),
      corsOrigins: [],
      trustProxy: [],
    });
    expect((await app.inject('/ltc/api/v1/pool/stats')).statusCode).toBe(200);

    await server.stop();
    const down = await app.inject('/ltc/api/v1/pool/stats');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ error: 'unavailable' });
    expect((await app.inject('/ltc/api/v1/miner/stats/ltc1qabc')).statusCode).toBe(503);

    server = await startEmbeddedPostgres({ dir, database: 'openpool' });
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      status = (await app.inject('/ltc/api/v1/pool/stats')).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    await app.close();
    await pool.end();
  });
});
