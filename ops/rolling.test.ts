/**
 * Upgrades without downtime (decision 022, rolling upgrades): two API replicas on one PostgreSQL behind a
 * load balancer that checks `/ready`, and the web server with two workers in front of it, all
 * under steady load (pages through the web workers, API calls through the balancer, the
 * simulator ingesting). The replicas are restarted one at a time with API_DRAIN_SECONDS, the
 * new release bringing a migration that adds a column to a table ingest writes all the time;
 * then the web workers are restarted one at a time (SIGHUP). No request may fail.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { MIGRATIONS_DIR } from '../apps/api/src/db/migrate.ts';
import { guardFolder, type GuardedFolder } from '../apps/api/src/testing/folder-guard.ts';
import { startBalancer, type Balancer } from './testing/balancer.ts';
import { startLoad } from './testing/load.ts';
import { startApi, startWeb, until, type Service } from './testing/processes.ts';

const PORT = { a: 17150, b: 17151, balancer: 17152, web: 17153 };
let dir: string;
let folder: GuardedFolder | undefined;
let database: EmbeddedPostgres | undefined;
let db: pg.Pool | undefined;
let balancer: Balancer | undefined;
const replicas: Record<'a' | 'b', Service | undefined> = { a: undefined, b: undefined };
let web: Service | undefined;

/** The next release: today's migrations and one more, adding a column to a hot table. */
function nextRelease(): string {
  const folder = join(dir, 'migrations-next');
  mkdirSync(folder);
  for (const name of readdirSync(MIGRATIONS_DIR)) copyFileSync(join(MIGRATIONS_DIR, name), join(folder, name));
  // Expand only (decision 022): nullable, no default, no rewrite; the old release ignores it.
  writeFileSync(join(folder, '900_rolling_probe.sql'), 'alter table workers add column rolling_probe text;\n');
  return folder;
}

function replica(name: 'a' | 'b', env: Record<string, string> = {}): Promise<Service> {
  return startApi(
    PORT[name],
    {
      DATABASE_URL: `postgresql://postgres@/openpool?host=${database!.connection.host}`,
      DATA_DIR: join(dir, name),
      SIMULATOR_MINERS: '3',
      SIMULATOR_BACKFILL_DAYS: '0.05',
      API_DRAIN_SECONDS: '2',
      ...env,
    },
    `api ${name}`,
  );
}

beforeAll(async () => {
  // Removed with whatever still runs from it (PostgreSQL), by its guard if no afterAll runs (decision 001).
  folder = guardFolder(mkdtempSync(join(tmpdir(), 'op-rolling-')));
  dir = folder.path;
  // The operator's PostgreSQL, apart from the replicas (one that owned it could not restart).
  database = await startEmbeddedPostgres({ dir: join(dir, 'postgres'), database: 'openpool' });
  db = new pg.Pool({ ...database.connection, max: 2 });
  // PostgreSQL's stop at the end ends its connections too (57P01): not a failure.
  db.on('error', () => undefined);
  replicas.a = await replica('a');
  replicas.b = await replica('b');
  balancer = await startBalancer(PORT.balancer, [`http://127.0.0.1:${PORT.a}`, `http://127.0.0.1:${PORT.b}`]);
  await until('both replicas in rotation', () => balancer!.healthy().length === 2);
  web = await startWeb(PORT.web, balancer.url, { WEB_WORKERS: '2' });
});

afterAll(async () => {
  await web?.stop();
  for (const service of Object.values(replicas)) await service?.stop();
  await balancer?.close();
  await db?.end();
  await database?.stop();
  await folder?.remove();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rolling restarts', () => {
  it('restart two API replicas (with a migration) and two web workers under load without a failed request', async () => {
    const pages = startLoad(`http://127.0.0.1:${PORT.web}`, ['/', '/btc', '/ltc', '/kas', '/favicon.svg'], 4);
    const api = startLoad(
      balancer!.url,
      ['/btc/api/v1/pool/stats', '/api/v1/pools', '/ltc/api/v1/blocks', '/kas/api/v1/top-miners'],
      4,
    );
    const ingested = async () =>
      Number((await db!.query(`select coalesce(sum(last_seq), 0) as n from ingest_offsets`)).rows[0]?.n);
    const before = await ingested();
    await pause(3000);

    const next = nextRelease();
    const t0 = Date.now() - 0;
    for (const name of ['a', 'b'] as const) {
      const old = replicas[name]!;
      const code = await old.stop('SIGTERM');
      expect(code, old.log()).toBe(0);
      console.log(`${name} stopped at ${Date.now() - t0} ms`);
      replicas[name] = await replica(name, { MIGRATIONS_DIR: next });
      console.log(`${name} ready at ${Date.now() - t0} ms`);
      await until(`replica ${name} back in rotation`, () => balancer!.healthy().length === 2, 30_000);
      await pause(2000);
    }
    const column = await db!.query(
      `select 1 from information_schema.columns where table_name = 'workers' and column_name = 'rolling_probe'`,
    );
    expect(column.rowCount).toBe(1);

    const workers = () => (web!.log().match(/rolling restart done/g) ?? []).length;
    web!.child.kill('SIGHUP');
    await until('the web workers to be replaced', () => workers() === 1, 60_000);
    await pause(3000);

    const [pageFigures, apiFigures] = await Promise.all([pages.stop(), api.stop()]);
    const after = await ingested();
    console.log(
      `rolling restarts: pages ${pageFigures.requests} requests, ${pageFigures.failures} failed; ` +
        `API ${apiFigures.requests} requests, ${apiFigures.failures} failed; balancer failures ${balancer!.failures()}; ` +
        `ingest went on: pool_buckets.valid_n grew by ${after - before}`,
    );
    console.log(`backends in rotation: ${balancer!.timeline().join('; ')}`);
    expect({ pages: pageFigures.errors, api: apiFigures.errors, balancer: balancer!.reasons() }).toEqual({
      pages: {},
      api: {},
      balancer: {},
    });
    expect(balancer!.failures()).toBe(0);
    expect(pageFigures.requests).toBeGreaterThan(100);
    expect(apiFigures.requests).toBeGreaterThan(100);
    expect(after).toBeGreaterThan(before);
  });
});
