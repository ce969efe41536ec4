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
  /** How the pool connects (a second pool on the same database copies it). */
  connection: pg.PoolConfig;
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Where the migrations are (MIGRATIONS_DIR); apps/api/migrations by default. */
  migrationsDir?: string;
  log?: (line: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let closed = false;
  /**
   * A lost embedded PostgreSQL (killed, crashed) is started again on the same folder and
   * socket, so the pool's next connections simply work: requests answer 503 meanwhile and
   * nothing committed is lost (the WAL replays). Tried again with a growing pause until it works.
   */
  const restart = async (reason: string, attempt = 1): Promise<void> => {
    if (closed) return;
    options.log?.(`database: embedded PostgreSQL stopped unexpectedly (${reason}); starting it again (try ${attempt})`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(500 * attempt, 5000)));
    if (closed) return;
    try {
      embedded = await startEmbeddedPostgres(embeddedOptions());
      if (closed) await embedded.stop();
      else options.log?.('database: embedded PostgreSQL is back');
    } catch (error) {
      await restart(`start failed: ${(error as Error).message}`, attempt + 1);
    }
  };
  const embeddedOptions = () => ({
    dir: join(options.dataDir, 'postgres'),
    database: 'openpool',
    onUnexpectedExit: (reason: string) => void restart(reason),
  });
  let config: pg.PoolConfig;
  if (options.databaseUrl) {
    config = { connectionString: options.databaseUrl };
  } else {
    embedded = await startEmbeddedPostgres(embeddedOptions());
    config = { ...embedded.connection };
    // The first API process owns the embedded server; more replicas on this machine join it
    // through its socket (decision 014).
    const { host, user, database } = embedded.connection;
    options.log?.(
      `database: embedded PostgreSQL; more API replicas: DATABASE_URL=postgresql://${user}@/${database}?host=${host}`,
    );
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
    await migrate(pool, options.migrationsDir);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  return {
    pool,
    connection: config,
    get embedded() {
      return embedded;
    },
    async close() {
      closed = true;
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

/** Whether the database answers a trivial query within `timeoutMs` (for /ready). */
export async function databaseAnswers(pool: pg.Pool, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
