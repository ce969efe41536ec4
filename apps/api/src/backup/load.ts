/**
 * Loads a dump (dump.ts, format.ts) into an empty database (decision 022 and its addendum
 * of 2026-11-28), all in ONE transaction, so nothing of a refused dump is ever committed: the
 * migrations the dump names (from this release's folder: a dump newer than the release is
 * refused), every table's rows, the sequences, then the checks: the file is whole (its `#end`
 * and digest), each table's count, and the ledger invariants (engine/invariants.ts: balances
 * = ledger, paid = payouts, nothing negative). Only then does it commit.
 *
 * The dump is not trusted: a table or sequence it names is quoted only if the schema its own
 * migrations built here has it (a name not in the schema is refused, never put into SQL), rows
 * are parsed by PostgreSQL as typed records, and money that does not add up is refused.
 * Newer migrations of this release run when the API starts on it, as after any upgrade.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { ledgerViolations } from '../engine/invariants.ts';
import { DumpFormatError, readDump, type DumpEnd, type DumpHeader, type DumpItem } from './format.ts';
import { reconcileReport, type ReconcileReport } from './reconcile.ts';
import { printable } from './printable.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

const BATCH = 2000;

export interface LoadResult {
  header: DumpHeader;
  rows: Record<string, number>;
  /** What the operator must square with the world after the dump's instant. */
  reconcile: ReconcileReport;
}

export async function loadDump(
  pool: pg.Pool,
  lines: AsyncIterable<string>,
  options: { migrationsDir?: string } = {},
): Promise<LoadResult> {
  const dir = options.migrationsDir ?? MIGRATIONS_DIR;
  const client = await pool.connect();
  const rows: Record<string, number> = {};
  let header: DumpHeader | undefined;
  let tables = new Set<string>();
  let sequences = new Set<string>();
  try {
    await client.query('begin');
    const existing = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    if ((existing.rows[0]?.n ?? 0) > 0) throw new RestoreError('the target database is not empty: restore into an empty one');

    const items = readDump(lines, async (read) => {
      header = read;
      await applyMigrations(client, read.migrations, dir);
      // The schema's own tables and sequences, as the migrations just built them: the only
      // names that ever reach SQL.
      tables = new Set(
        (await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map(
          (row) => row.name,
        ),
      );
      sequences = new Set(
        (
          await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`)
        ).rows.map((row) => row.name),
      );
      const unknown = read.tables.filter((table) => !tables.has(table));
      if (unknown.length > 0)
        throw new RestoreError(
          `the dump names tables its migrations do not create (${unknown.map((t) => JSON.stringify(t)).join(', ')}): refused`,
        );
      // The migrations wrote their own rows; the dump's (with their dates) replace them.
      await client.query('truncate schema_migrations');
    });

    let table: string | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const name = `public.${client.escapeIdentifier(table)}`;
      await client.query(`insert into ${name} select * from unnest($1::${name}[])`, [batch]);
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
    };
    let end: DumpEnd | undefined;
    for (;;) {
      const next: IteratorResult<DumpItem, DumpEnd> = await items.next();
      if (next.done) {
        end = next.value;
        break;
      }
      const item = next.value;
      if (item.kind === 'row') {
        batch.push(item.text);
        if (batch.length >= BATCH) await flush();
        continue;
      }
      await flush();
      if (item.kind === 'table') {
        table = item.table;
        rows[table] = 0;
      } else {
        table = undefined;
        for (const sequence of item.sequences) {
          if (!sequences.has(sequence.name))
            throw new RestoreError(
              `the dump sets a sequence its migrations do not create (${JSON.stringify(sequence.name)}): refused`,
            );
          if (sequence.value !== null)
            await client.query(`select setval($1::regclass, $2::bigint, true)`, [
              `public.${client.escapeIdentifier(sequence.name)}`,
              sequence.value,
            ]);
        }
      }
    }
    await flush();
    if (!header) throw new RestoreError('the dump has no header');

    for (const name of header.tables) {
      const count = await client.query<{ n: string }>(`select count(*)::text as n from public.${client.escapeIdentifier(name)}`);
      const expected = end.rows[name] ?? 0;
      if (Number(count.rows[0]?.n) !== expected)
        throw new RestoreError(`${name}: ${count.rows[0]?.n} rows restored, the dump has ${expected}`);
    }
    // The migrations the rows say were applied are the ones that were: otherwise the API's
    // next start would run one again over its own tables, or skip one.
    const recorded = (await client.query<{ version: string }>('select version from schema_migrations')).rows
      .map((row) => row.version)
      .sort();
    if (JSON.stringify(recorded) !== JSON.stringify([...header.migrations].sort()))
      throw new RestoreError('the dump’s schema_migrations rows differ from the migrations its header names');
    const violations = await ledgerViolations(client);
    if (violations.length > 0)
      throw new RestoreError(
        `the dump's money does not add up, so it is not restored:\n${violations
          // An example is the dump's text (an address): escaped whole, so it cannot forge a line.
          .map((v) => `  ${v.rule} (${v.count}): ${v.examples.map((example) => printable(String(example))).join('; ')}`)
          .join('\n')}`,
      );
    const reconcile = await reconcileReport(client, header);
    await client.query('commit');
    await client.query('analyze');
    return { header, rows, reconcile };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof DumpFormatError) throw new RestoreError(error.message);
    if (!(error instanceof RestoreError) && (error as { code?: string }).code?.startsWith('Z_'))
      throw new RestoreError(`the file is not a whole gzip dump (${(error as Error).message}): it is damaged or cut short`);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Exactly the dump's migrations, from this release's folder, inside the load's transaction
 * (each migration runs in a transaction of its own at start-up, so none needs to be outside
 * one). The bookkeeping table is the runner's (db/migrate.ts); the dump's rows replace these.
 */
async function applyMigrations(client: pg.PoolClient, names: readonly string[], dir: string): Promise<void> {
  const bad = names.filter((name) => !/^\d{3}_[a-z0-9_]+\.sql$/.test(name));
  if (bad.length > 0) throw new RestoreError(`the dump names migrations that are not migration files (${bad.join(', ')})`);
  const missing = names.filter((name) => !existsSync(join(dir, name)));
  if (missing.length > 0)
    throw new RestoreError(`the dump was made by a newer release (migrations ${missing.join(', ')}): restore with that release`);
  await client.query('create table schema_migrations (version text primary key, applied_at timestamptz not null default now())');
  for (const name of [...names].sort()) {
    await client.query(await readFile(join(dir, name), 'utf8'));
    await client.query('insert into schema_migrations (version) values ($1)', [name]);
  }
}
