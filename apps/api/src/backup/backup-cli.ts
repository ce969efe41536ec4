/**
 * `npm run backup [-- FILE] [--snapshot ID]`: a consistent dump of the running pool's database
 * (DATABASE_URL, or the embedded server's socket, db/socket-folder.ts), gzip, to FILE or
 * $DATA_DIR/backups/openpool-<time>.dump.gz. Written beside as `.partial`, read back through
 * the restore's own parser (every row's digest and count), and renamed only then: a file with
 * the final name is a whole dump that restores, and a backup that cannot say so exits 1 and
 * leaves no file; nor does one stopped by Ctrl-C or SIGTERM (exit 130, 143). Decision 022.
 */
import { createWriteStream, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { parseApiEnv } from '../env.ts';
import { PG_PORT, SocketFolderError, socketFolderToConnect } from '../db/socket-folder.ts';
import { writeDump } from './dump.ts';
import { verifyDumpFile } from './dump-file.ts';

const USAGE = 'usage: npm run backup [-- FILE] [--snapshot ID]';
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

async function main(args: string[]): Promise<number> {
  const snapshotAt = args.indexOf('--snapshot');
  const snapshot = snapshotAt >= 0 ? args[snapshotAt + 1] : undefined;
  const rest = snapshotAt < 0 ? args : args.filter((_arg, index) => index !== snapshotAt && index !== snapshotAt + 1);
  if (rest.length > 1 || (snapshotAt >= 0 && !snapshot) || rest.some((arg) => arg.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const env = parseApiEnv(process.env, ROOT);
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = resolve(rest[0] ?? join(env.dataDir, 'backups', `openpool-${stamp}.dump.gz`));
  mkdirSync(dirname(file), { recursive: true });
  let host = '';
  try {
    if (!env.databaseUrl) host = socketFolderToConnect(join(env.dataDir, 'postgres'));
  } catch (error) {
    if (!(error instanceof SocketFolderError)) throw error;
    console.error(`backup: ${error.message}; no backup was written`);
    return 1;
  }
  const pool = new pg.Pool(
    env.databaseUrl
      ? { connectionString: env.databaseUrl, max: 1 }
      : { host, port: PG_PORT, user: 'postgres', database: 'openpool', max: 1 },
  );
  const started = Date.now();
  const partial = `${file}.partial`;
  // Ctrl-C or a SIGTERM mid-backup: Node's default ends the process on the spot and left the
  // `.partial` behind. Nothing of it is kept; the dump's transaction ends with its connection.
  const onSignal = (signal: NodeJS.Signals) => {
    rmSync(partial, { force: true });
    console.error(`backup: ${signal}: stopped, no backup was written`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // Opened here, at once: no open still under way that could create the file after a signal removed it.
    const out = createWriteStream(partial, { fd: openSync(partial, 'w') });
    const text = new PassThrough();
    // Both must finish: the dump (a database error ends the text, and is reported) and the
    // file (a full disk destroys the text, which ends the dump's transaction).
    const [summary] = await Promise.all([
      writeDump(pool, text, { snapshot }).finally(() => {
        if (!text.destroyed) text.end();
      }),
      pipeline(text, createGzip(), out),
    ]);
    await verifyDumpFile(partial, summary);
    renameSync(partial, file);
    // A whole, verified backup: a signal from here on ends the process and leaves it.
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    const total = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    console.log(
      `backup: ${file}: ${total} rows of ${summary.header.tables.length} tables, ${summary.header.migrations.length} migrations, ` +
        `read back and verified, the pool as of ${summary.header.taken_at}, ` +
        `${(statSync(file).size / 1024).toFixed(0)} KB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED')
      console.error('backup: the pool’s database is not running: start the pool (npm start) or set DATABASE_URL.');
    else console.error(`backup: failed, no backup was written: ${(error as Error).message}`);
    rmSync(partial, { force: true });
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
