/**
 * The one PostgreSQL connection pool of the API: the server named by DATABASE_URL, or the
 * embedded one under DATA_DIR. numeric columns come back as strings (we turn them into
 * bigint where money is concerned); int8 as JS numbers, which our counts and ids fit.
 */
import { statfs } from 'node:fs/promises';
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
  /** What /ready and /health say about the database beyond "it answers" (decision 030). */
  health(): DatabaseHealth;
  close(): Promise<void>;
}

export interface DatabaseHealth {
  /**
   * ok; restarting: the embedded PostgreSQL is being started again after it stopped;
   * disk_full: its data folder's file system has no room (PostgreSQL refuses writes, or stopped).
   */
  state: 'ok' | 'restarting' | 'disk_full';
  /** The embedded server's file system (absent with DATABASE_URL: the operator's server). */
  disk?: { path: string; free_bytes: number; full: boolean };
  /** Failed starts since PostgreSQL last stopped, and why the last one failed. */
  restart?: { attempts: number; reason: string };
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Where the migrations are (MIGRATIONS_DIR); apps/api/migrations by default. */
  migrationsDir?: string;
  log?: (line: string) => void;
}

/**
 * Free space under which the disk counts as full: four WAL segments. PostgreSQL stops (PANIC)
 * when it cannot create the next 16 MB segment; with less than this the next one may not fit.
 */
export const DISK_FULL_BELOW_BYTES = 64 * 1024 * 1024;
const DISK_CHECK_MS = 2000;
/** Pauses between failed starts: 0.25, 0.5, 1, 2, 4, 5, 5... s. */
export const restartPauseMs = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 5000);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let closed = false;
  const onClose: Array<() => void> = [];
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      onClose.push(() => (clearTimeout(timer), resolve()));
    });
  const health: DatabaseHealth = { state: 'ok' };
  const folder = join(options.dataDir, 'postgres');
  /** Set when PostgreSQL said "No space left on device"; cleared once the file system has room again. */
  let noSpaceSeen = false;
  const checkDisk = async () => {
    try {
      const fs = await statfs(folder);
      const free = fs.bavail * fs.bsize;
      const full = free < DISK_FULL_BELOW_BYTES;
      if (noSpaceSeen && !full) {
        noSpaceSeen = false;
        options.log?.(`database: ${folder} has room again (${Math.round(free / 2 ** 20)} MB free)`);
      }
      health.disk = { path: folder, free_bytes: free, full: full || noSpaceSeen };
    } catch {
      /* not created yet */
    }
    health.state = health.disk?.full ? 'disk_full' : healing ? 'restarting' : 'ok';
  };
  const onLog = (text: string) => {
    // PostgreSQL's own words for a full disk, in an ERROR (a write refused) or a PANIC (it stops).
    if (!noSpaceSeen && text.includes('No space left on device')) {
      noSpaceSeen = true;
      options.log?.(`database: no space left on the disk of ${folder}; writes are refused (503) until there is room`);
      void checkDisk();
    }
  };

  /**
   * A lost embedded PostgreSQL (killed, crashed, stopped on a full disk) is started again on the
   * same folder and socket, so the pool's next connections simply work: requests answer 503
   * meanwhile and nothing committed is lost (the WAL replays). One loop at a time (decision 030): a
   * loss while a loop runs is that loop's to heal, and each failed start is retried by the same
   * loop after a pause that grows to 5 s; it goes on until PostgreSQL starts or the API stops,
   * saying why on each failure, on /ready (503) and /health.
   */
  let healing: Promise<void> | undefined;
  const heal = (reason: string) => {
    if (closed || healing) return;
    healing = (async () => {
      options.log?.(`database: embedded PostgreSQL stopped unexpectedly (${reason}); starting it again`);
      for (let attempt = 1; !closed; attempt += 1) {
        health.restart = { attempts: attempt - 1, reason };
        await pause(restartPauseMs(attempt));
        if (closed) return;
        try {
          const started = await startEmbeddedPostgres(embeddedOptions());
          if (closed) {
            await started.stop();
            return;
          }
          embedded = started;
          options.log?.(`database: embedded PostgreSQL is back (start ${attempt})`);
          return;
        } catch (error) {
          reason = `start ${attempt} failed: ${lastLines((error as Error).message)}`;
          options.log?.(`database: ${reason}; trying again in ${restartPauseMs(attempt + 1) / 1000} s`);
        }
      }
    })().finally(() => {
      healing = undefined;
      delete health.restart;
      void checkDisk();
    });
    void checkDisk();
  };
  const embeddedOptions = () => ({
    dir: folder,
    database: 'openpool',
    onLog,
    onUnexpectedExit: heal,
  });
  let config: pg.PoolConfig;
  if (options.databaseUrl) {
    config = { connectionString: options.databaseUrl };
  } else {
    embedded = await startEmbeddedPostgres(embeddedOptions());
    config = { ...embedded.connection };
    await checkDisk();
    const diskTimer = setInterval(() => void checkDisk(), DISK_CHECK_MS);
    diskTimer.unref();
    onClose.push(() => clearInterval(diskTimer));
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
    health: () => ({ ...health }),
    async close() {
      closed = true;
      for (const cancel of onClose) cancel();
      // pool.end() waits for queries in flight (a stopped simulator's history batch): the
      // embedded server's fast shutdown ends those sessions (rolled back) instead of waiting.
      const ending = pool.end().catch(() => undefined);
      // A start under way finishes and is stopped by its loop.
      await healing;
      await embedded?.stop();
      await ending;
    },
  };
}

/** The last few lines of a long message (PostgreSQL's start output ends with the reason). */
function lastLines(message: string): string {
  return message.trim().split('\n').slice(-3).join(' | ').slice(0, 500);
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
  // Connection refused/reset, PostgreSQL's admin shutdown / cannot-connect-now classes, and a
  // full disk or failing I/O (53100, 58030: a write refused until the operator makes room; a 500
  // would say the request was wrong; decision 030).
  return [
    '53100',
    '58030',
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
