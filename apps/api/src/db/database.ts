/**
 * The one PostgreSQL connection pool of the API: the server named by DATABASE_URL, or the
 * embedded one under DATA_DIR. numeric columns come back as strings (we turn them into
 * bigint where money is concerned); int8 as JS numbers, which our counts and ids fit.
 */
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface Database {
  pool: pg.Pool;
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  log?: (line: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let config: pg.PoolConfig;
  if (options.databaseUrl) {
    config = { connectionString: options.databaseUrl };
  } else {
    embedded = await startEmbeddedPostgres({ dir: join(options.dataDir, 'postgres'), database: 'openpool' });
    config = { ...embedded.connection };
  }
  const pool = new pg.Pool({
    ...config,
    max: options.poolSize ?? 8,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    application_name: 'openpool-api',
  });
  // An idle client losing its server (restart, network) must not crash the process; the
  // pool drops it and the next query reconnects.
  pool.on('error', (error) => options.log?.(`database: idle client error: ${error.message}`));
  // A checked-out client whose server goes away emits 'error' too; its query rejects and
  // the request answers 503, so the event itself only needs to be logged, not to crash us.
  pool.on('connect', (client) => client.on('error', (error) => options.log?.(`database: client error: ${error.message}`)));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  return {
    pool,
    embedded,
    async close() {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

/** True for errors that mean "the database is not reachable right now" (answer 503, retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    const message = (error as Error | null)?.message ?? '';
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    );
  }
  // Connection refused/reset, and PostgreSQL's admin shutdown / cannot-connect-now classes.
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'ENOENT',
    'EPIPE',
    'ETIMEDOUT',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
    '08001',
    '08004',
  ].includes(code);
}
