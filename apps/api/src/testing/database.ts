/**
 * Real PostgreSQL for tests: one embedded server per test process (started on first use,
 * stopped at exit), and a fresh migrated database per call, so tests never share state.
 * With TEST_DATABASE_URL set, that server is used instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';

let server: Promise<EmbeddedPostgres> | undefined;
let counter = 0;

function embedded(): Promise<EmbeddedPostgres> {
  server ??= startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'op-test-')), database: 'postgres' });
  return server;
}

export interface TestDatabase {
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  // A test helper, not an app: it has no env parser of its own.
  // eslint-disable-next-line no-restricted-properties
  const url = process.env.TEST_DATABASE_URL;
  const base: pg.ClientConfig = url ? { connectionString: url } : (await embedded()).connection;
  const admin = new pg.Client({ ...base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({
    ...base,
    ...(url ? { connectionString: url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`) } : { database: name }),
    max: 4,
  });
  // The database is dropped `with (force)` at close: a connection still idle in the pool then
  // gets PostgreSQL's 57P01, which is the end of the test, not a failure.
  pool.on('error', () => undefined);
  await migrate(pool);
  return {
    pool,
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ ...base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Stops the shared server; call from afterAll of the last suite (or rely on process exit). */
export async function stopTestServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (running) await (await running).stop();
}
