/**
 * Loads a dump (dump.ts) into an empty database (decision 022): the migrations the dump names are
 * applied first (from this release's folder: a dump newer than the release is refused), then
 * every table's rows in one transaction, sequences set where they were, and every table's row
 * count checked against the dump's `#end`. Newer migrations of this release run when the API
 * starts on it, as after any upgrade.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.ts';
import { DUMP_FORMAT, type DumpHeader } from './dump.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

const BATCH = 2000;

export async function loadDump(
  pool: pg.Pool,
  lines: AsyncIterable<string>,
  options: { migrationsDir?: string } = {},
): Promise<{ header: DumpHeader; rows: Record<string, number> }> {
  const iterator = lines[Symbol.asyncIterator]();
  const next = async () => {
    const line = await iterator.next();
    return line.done ? undefined : line.value;
  };
  const first = await next();
  let header: DumpHeader;
  try {
    header = JSON.parse(first ?? '') as DumpHeader;
  } catch {
    throw new RestoreError('not an OpenPool dump (its first line is not the header)');
  }
  if (header.format !== DUMP_FORMAT || header.version !== 1)
    throw new RestoreError('not an OpenPool dump, or of another version');

  const existing = await pool.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
  if ((existing.rows[0]?.n ?? 0) > 0) throw new RestoreError('the target database is not empty: restore into an empty one');
  await applyMigrations(pool, header.migrations, options.migrationsDir ?? MIGRATIONS_DIR);

  const client = await pool.connect();
  const rows: Record<string, number> = {};
  try {
    await client.query('begin');
    // The migrations above wrote their own rows; the dump's (with their dates) replace them.
    await client.query('truncate schema_migrations');
    let table: string | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await client.query(`insert into public."${table}" select * from unnest($1::public."${table}"[])`, [batch]);
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
    };
    let end: { rows: Record<string, number> } | undefined;
    for (let line = await next(); line !== undefined; line = await next()) {
      if (line.startsWith('#table ')) {
        await flush();
        table = line.slice('#table '.length);
        if (!header.tables.includes(table)) throw new RestoreError(`the dump's table ${table} is not in its header`);
        rows[table] = 0;
      } else if (line.startsWith('#sequences ')) {
        await flush();
        table = undefined;
        for (const sequence of JSON.parse(line.slice('#sequences '.length)) as { name: string; value: string | null }[])
          if (sequence.value !== null)
            await client.query(`select setval($1, $2::bigint, true)`, [`public."${sequence.name}"`, sequence.value]);
      } else if (line.startsWith('#end ')) {
        await flush();
        end = JSON.parse(line.slice('#end '.length)) as { rows: Record<string, number> };
      } else if (line !== '') {
        if (!table) throw new RestoreError('a row outside any table');
        batch.push(JSON.parse(line) as string);
        if (batch.length >= BATCH) await flush();
      }
    }
    if (!end) throw new RestoreError('the dump ends early (no #end line): it is incomplete');
    for (const name of header.tables) {
      const count = await client.query<{ n: string }>(`select count(*)::text as n from public."${name}"`);
      const expected = end.rows[name] ?? 0;
      if (Number(count.rows[0]?.n) !== expected)
        throw new RestoreError(`${name}: ${count.rows[0]?.n} rows restored, the dump has ${expected}`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await pool.query('analyze');
  return { header, rows };
}

/** Exactly the dump's migrations, from this release's folder. */
async function applyMigrations(pool: pg.Pool, names: readonly string[], dir: string): Promise<void> {
  const missing = names.filter((name) => !existsSync(join(dir, name)));
  if (missing.length > 0)
    throw new RestoreError(`the dump was made by a newer release (migrations ${missing.join(', ')}): restore with that release`);
  const only = mkdtempSync(join(tmpdir(), 'op-restore-migrations-'));
  try {
    for (const name of names) copyFileSync(join(dir, name), join(only, name));
    await migrate(pool, only);
  } finally {
    rmSync(only, { recursive: true, force: true });
  }
}
