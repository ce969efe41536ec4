/**
 * Real PostgreSQL for tests: one embedded server per test process (started on first use), and a
 * fresh migrated database per call, so tests never share state. With TEST_DATABASE_URL set, that
 * server is used instead. The server and its data folder (55 MB at least) go away with
 * stopTestServer, or, when the process ends without it (a file that does not call it, a worker
 * vitest ended or killed), through the folder's guard (decision 001).
 */
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { guardedTempFolder, type GuardedFolder } from './folder-guard.ts';

let server: Promise<EmbeddedPostgres> | undefined;
let folder: GuardedFolder | undefined;
let counter = 0;

function embedded(): Promise<EmbeddedPostgres> {
  if (!server) {
    folder = guardedTempFolder('op-test-');
    server = startEmbeddedPostgres({ dir: folder.path, database: 'postgres' });
  }
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

/** Stops the shared server and removes its data folder; call from afterAll of the last suite. */
export async function stopTestServer(): Promise<void> {
  const running = server;
  const data = folder;
  server = undefined;
  folder = undefined;
  try {
    // A server that failed to start has nothing to stop: its start already failed the test.
    const started = await running?.catch(() => undefined);
    await started?.stop();
  } finally {
    await data?.remove();
  }
}
