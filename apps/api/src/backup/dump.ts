/**
 * A consistent dump of the pool's database (decision 022): every table of the
 * `public` schema read in one REPEATABLE READ transaction, so the dump is one instant of the
 * pool however much ingest commits meanwhile, as pg_dump does. pg_dump itself cannot be used
 * here: the embedded server is PostgreSQL 18, the embedded package ships no pg_dump, and
 * Debian 12's pg_dump (15) refuses a newer server. Rows are written as PostgreSQL's own record
 * text (`t::text`), which every type reads back exactly; the schema is not dumped, it is the
 * migrations the dump names, so a restore runs those first.
 *
 * Format (gzip, format.ts): a JSON header line, then for each table `#table NAME` and one
 * JSON string per row, then `#sequences` and `#end` with the row counts and the rows' digest
 * (a truncated file has no `#end`).
 */
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { DUMP_FORMAT, DUMP_VERSION, jsonLine, rowDigest, type DumpHeader } from './format.ts';

export { DUMP_FORMAT, type DumpHeader } from './format.ts';

export interface DumpSummary {
  header: DumpHeader;
  rows: Record<string, number>;
  sha256: string;
}

const BATCH = 2000;

/** Writes the dump to `out` (which the caller gzips and closes). `snapshot`: an exported snapshot to dump exactly. */
export async function writeDump(pool: pg.Pool, out: Writable, options: { snapshot?: string } = {}): Promise<DumpSummary> {
  const client = await pool.connect();
  // A file that fails (a full disk) destroys `out`: the dump stops there instead of waiting
  // for a 'drain' that never comes.
  const write = (text: string) => {
    if (out.destroyed) return Promise.reject(new Error('the dump’s file was closed (write failed)'));
    if (out.write(text)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(new Error('the dump’s file was closed (write failed)'));
      out.once('close', onClose);
      out.once('drain', () => {
        out.off('close', onClose);
        resolve();
      });
    });
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    // pg_dump's --snapshot: the dump of a moment another transaction exported (the backup test's).
    if (options.snapshot) await client.query(`set transaction snapshot '${options.snapshot.replace(/[^0-9A-F-]/gi, '')}'`);
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      created_at: new Date().toISOString(),
      // The instant the dump shows (the transaction's snapshot), which is what the operator
      // reconciles the wallet and the sources against after a restore.
      taken_at: (await client.query<{ at: Date }>('select transaction_timestamp() as at')).rows[0]!.at.toISOString(),
      server_version: (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? '',
      migrations: (await client.query<{ version: string }>('select version from schema_migrations order by version')).rows.map(
        (row) => row.version,
      ),
      tables: await tablesInLoadOrder(client),
    };
    await write(jsonLine(header));
    const rows: Record<string, number> = {};
    const digest = rowDigest();
    for (const table of header.tables) {
      await write(`#table ${table}\n`);
      rows[table] = 0;
      await client.query(
        `declare dump_rows no scroll cursor for select t::text as r from only public.${client.escapeIdentifier(table)} t`,
      );
      for (;;) {
        const batch = await client.query<{ r: string }>(`fetch ${BATCH} from dump_rows`);
        if (batch.rows.length === 0) break;
        for (const row of batch.rows) digest.add(row.r);
        await write(batch.rows.map((row) => jsonLine(row.r)).join(''));
        rows[table] += batch.rows.length;
      }
      await client.query('close dump_rows');
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
    );
    const sha256 = digest.hex();
    await write(`#sequences ${jsonLine(sequences.rows)}`);
    await write(`#end ${jsonLine({ rows, sha256 })}`);
    await client.query('commit');
    return { header, rows, sha256 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Every table of `public`, each after the tables its foreign keys reference. */
async function tablesInLoadOrder(client: pg.PoolClient): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).rows.map((row) => row.name);
  const references = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const reference of references.rows) if (reference.child === table) place(reference.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}
