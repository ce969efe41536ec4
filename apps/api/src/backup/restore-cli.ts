/**
 * `npm run restore -- FILE`: loads a dump of `npm run backup` into an empty database: the one
 * at DATABASE_URL (it must have no tables), or a new embedded one in DATA_DIR (the folder must
 * not hold a database yet). Then `npm start` with the same DATA_DIR or DATABASE_URL runs the
 * restored pool. Decision 022 and its addendum of 2026-11-28.
 *
 * Nothing of a refused dump is left behind. The load is one transaction that commits only
 * after the ledger invariants hold (load.ts), so DATABASE_URL stays empty on any failure. The
 * embedded database is built in `DATA_DIR/postgres.restoring` and renamed to
 * `DATA_DIR/postgres` only once committed and its server stopped: a failed, interrupted or
 * killed restore never leaves a `postgres` folder that `npm start` would run as an empty pool,
 * and the next restore clears what a killed one left.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { processRuns as isAlive } from '../db/process-state.ts';
import { parseApiEnv } from '../env.ts';
import { dumpFileLines } from './dump-file.ts';
import { loadDump, RestoreError, type LoadResult } from './load.ts';
import { printable } from './printable.ts';
import { describeReconcile } from './reconcile.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * What a killed restore left: its folder, and maybe its PostgreSQL (which runs in a process
 * group of its own, so it outlives a `kill -9` of the restore). Refuses while that restore runs.
 */
async function clearAbandoned(staging: string): Promise<void> {
  if (!existsSync(staging)) return;
  const owner = Number(existsSync(join(staging, 'restore.pid')) ? readFileSync(join(staging, 'restore.pid'), 'utf8') : 0);
  if (owner > 0 && owner !== process.pid && isAlive(owner))
    throw new RestoreError(`another restore (pid ${owner}) is loading into ${staging}: wait for it, or stop it`);
  const pidFile = join(staging, 'data', 'postmaster.pid');
  const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (Number.isInteger(postmaster) && postmaster > 0 && isAlive(postmaster)) {
    // Fast shutdown of a server whose data is thrown away anyway; escalate if it lingers.
    for (const [signal, waitMs] of [
      ['SIGINT', 10_000],
      ['SIGKILL', 5_000],
    ] as const) {
      try {
        process.kill(postmaster, signal);
      } catch {
        break;
      }
      for (const deadline = Date.now() + waitMs; Date.now() < deadline && isAlive(postmaster);) await sleep(50);
      if (!isAlive(postmaster)) break;
    }
    if (isAlive(postmaster))
      throw new RestoreError(`the PostgreSQL (pid ${postmaster}) of an abandoned restore still runs in ${staging}`);
  }
  rmSync(staging, { recursive: true, force: true });
}

async function restoreEmbedded(file: string, dataDir: string, migrationsDir: string | undefined): Promise<LoadResult> {
  const target = join(dataDir, 'postgres');
  const staging = join(dataDir, 'postgres.restoring');
  const createdDataDir = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let embedded: EmbeddedPostgres | undefined;
  let pool: pg.Pool | undefined;
  let loaded: LoadResult | undefined;
  // Set once this restore made the staging folder: a second restore racing for it must not remove the first's.
  let ownsStaging = false;
  // Ctrl-C or a SIGTERM mid-restore: stopping the server ends the load (its next query fails),
  // and the cleanup below runs as for any failure, instead of leaving the staging folder behind.
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = signal;
    console.error(`restore: ${signal}: stopping, nothing will be restored`);
    void embedded?.stop();
  };
  const checkInterrupted = () => {
    if (interrupted) throw new RestoreError(`interrupted by ${interrupted}`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await clearAbandoned(staging);
    mkdirSync(staging);
    ownsStaging = true;
    writeFileSync(join(staging, 'restore.pid'), String(process.pid));
    embedded = await startEmbeddedPostgres({ dir: staging, database: 'openpool' });
    checkInterrupted();
    pool = new pg.Pool({ ...embedded.connection, max: 2 });
    // pool.end() resolves before its clients' sockets close; the server's stop right after
    // then reaches an idle client as 57P01, which is the end we asked for, not a failure.
    pool.on('error', () => undefined);
    loaded = await loadDump(pool, dumpFileLines(file), { migrationsDir }).catch((error: unknown) => {
      checkInterrupted();
      throw error;
    });
    await pool.end();
    pool = undefined;
    await embedded.stop();
    embedded = undefined;
    checkInterrupted();
    rmSync(join(staging, 'restore.pid'));
    // Checked again: a `postgres` folder that appeared meanwhile is never replaced.
    if (existsSync(target)) throw new RestoreError(`${target} appeared during the restore: it is left as it is`);
    renameSync(staging, target);
    return loaded;
  } finally {
    await pool?.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    const restored = existsSync(target) && !existsSync(staging) && loaded !== undefined;
    if (ownsStaging && !restored) rmSync(staging, { recursive: true, force: true });
    // A data folder this restore made is removed again if nothing else was put in it.
    if (!restored && createdDataDir && existsSync(dataDir) && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function restoreInto(file: string, url: string, migrationsDir: string | undefined): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await loadDump(pool, dumpFileLines(file), { migrationsDir });
  } finally {
    await pool.end();
  }
}

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error('usage: npm run restore -- FILE   (into DATABASE_URL, or a new embedded database in DATA_DIR)');
    return 2;
  }
  const file = resolve(args[0]!);
  if (!existsSync(file)) {
    console.error(`restore: no file ${file}`);
    return 1;
  }
  const env = parseApiEnv(process.env, ROOT);
  if (!env.databaseUrl && existsSync(join(env.dataDir, 'postgres'))) {
    console.error(`restore: ${env.dataDir} already holds a database: restore into a new DATA_DIR (or an empty DATABASE_URL)`);
    return 1;
  }
  const started = Date.now();
  try {
    const { header, rows, reconcile } = env.databaseUrl
      ? await restoreInto(file, env.databaseUrl, env.migrationsDir)
      : await restoreEmbedded(file, env.dataDir, env.migrationsDir);
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    // Everything printed from here on may hold the dump's text: escaped for the terminal.
    console.log(
      `restore: ${total} rows of ${header.tables.length} tables from ${file} (made ${printable(String(header.created_at))}) into ` +
        `${env.databaseUrl ? 'DATABASE_URL' : join(env.dataDir, 'postgres')} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        'balances equal their ledgers, paid equals the payouts, nothing negative.',
    );
    console.log(printable(describeReconcile(reconcile), { keepNewlines: true }));
    return 0;
  } catch (error) {
    // A refusal names what it refused (an address, a table, a database error quoting a value):
    // a refusal's own lines are kept (load.ts escapes the dump's text in them), anything else
    // is escaped whole.
    const refusal = error instanceof RestoreError;
    console.error(
      `restore: ${refusal ? '' : 'failed: '}${printable((error as Error).message, { keepNewlines: refusal })}\n` +
        'restore: nothing was restored; the target is as it was.',
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
