/**
 * Migrations are the numbered `.sql` files in `apps/api/migrations`, applied in order at
 * start-up, each in its own transaction, under an advisory lock so that two API processes
 * starting together do not both apply one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

export const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', 'migrations');
const LOCK_KEY = 727_001;
/** A migration's longest wait for a lock, and how often it tries (decision 022). */
const LOCK_WAIT_MS = 1000;
const LOCK_ATTEMPTS = 120;
const LOCK_NOT_AVAILABLE = '55P03';

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ version: string }>('select version from schema_migrations')).rows.map((row) => row.version),
    );
    const files = (await readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name)).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(dir, file), 'utf8');
      for (let attempt = 1; ; attempt += 1) {
        await client.query('begin');
        try {
          // While other replicas serve (a rolling upgrade, decision 022), a migration waiting for
          // a table's lock would queue every query of that table behind it: it waits 1 s at
          // most, gives the table back, and tries again.
          await client.query(`set local lock_timeout = '${LOCK_WAIT_MS}ms'`);
          await client.query(sql);
          await client.query('insert into schema_migrations (version) values ($1)', [file]);
          await client.query('commit');
          applied.push(file);
          break;
        } catch (error) {
          await client.query('rollback');
          if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE && attempt < LOCK_ATTEMPTS) {
            await new Promise((resolve) => setTimeout(resolve, 250 * Math.min(attempt, 8)));
            continue;
          }
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
