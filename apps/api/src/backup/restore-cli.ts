/**
 * `npm run restore -- FILE`: loads a dump of `npm run backup` into an empty database: the one
 * at DATABASE_URL (it must have no tables), or a new embedded one in DATA_DIR (the folder must
 * not hold a database yet). Then `npm start` with the same DATA_DIR or DATABASE_URL runs the
 * restored pool. Decision 022.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { parseApiEnv } from '../env.ts';
import { loadDump, RestoreError } from './load.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

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
  let embedded: EmbeddedPostgres | undefined;
  if (!env.databaseUrl) {
    if (existsSync(join(env.dataDir, 'postgres'))) {
      console.error(`restore: ${env.dataDir} already holds a database: restore into a new DATA_DIR (or an empty DATABASE_URL)`);
      return 1;
    }
    embedded = await startEmbeddedPostgres({ dir: join(env.dataDir, 'postgres'), database: 'openpool' });
  }
  const pool = new pg.Pool(env.databaseUrl ? { connectionString: env.databaseUrl, max: 2 } : { ...embedded!.connection, max: 2 });
  const started = Date.now();
  try {
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    const { header, rows } = await loadDump(pool, lines, { migrationsDir: env.migrationsDir });
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    console.log(
      `restore: ${total} rows of ${header.tables.length} tables from ${file} (made ${header.created_at}) into ` +
        `${env.databaseUrl ? 'DATABASE_URL' : join(env.dataDir, 'postgres')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    console.error(`restore: ${error instanceof RestoreError ? '' : 'failed: '}${(error as Error).message}`);
    return 1;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

process.exitCode = await main(process.argv.slice(2));
