/**
 * `npm run backup` stopped by Ctrl-C or SIGTERM half-way (decision 022): it leaves neither its
 * `.partial` file nor a backup. The dump is held half-way by a lock another session takes on a
 * table, so the signal lands while the file is being written, whatever the machine's speed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, stopTestServer, type TestDatabase } from '../testing/database.ts';

let dir: string;
let source: TestDatabase;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'op-backup-cli-'));
  source = await createTestDatabase();
});
afterAll(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
  await stopTestServer();
});

describe.each(['SIGINT', 'SIGTERM'] as const)('npm run backup stopped by %s', (signal) => {
  it('removes its .partial file and writes no backup', async () => {
    const file = join(dir, `${signal}.dump.gz`);
    const { host, port, database } = source.pool.options as { host: string; port: number; database: string };
    const url = `postgresql://postgres@/${database}?host=${encodeURIComponent(host)}&port=${port}`;
    const locker = await source.pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table ledger in access exclusive mode');
      // The CLI's own environment: the database to back up, nothing read here.
      // eslint-disable-next-line no-restricted-properties
      const env = { ...process.env, DATABASE_URL: url };
      const backup = spawn(process.execPath, [join(import.meta.dirname, 'backup-cli.ts'), file], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      backup.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((done) => backup.on('exit', (code) => done(code)));
      // Half-way: the dump waits for the lock on ledger, and its .partial exists.
      for (;;) {
        const waiting = await source.pool.query(
          `select 1 from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'ledger' and not l.granted`,
        );
        if (waiting.rowCount && existsSync(`${file}.partial`)) break;
      }
      backup.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(stderr).toContain(`backup: ${signal}: stopped, no backup was written`);
      expect(readdirSync(dir).filter((name) => name.startsWith(signal))).toEqual([]);
    } finally {
      await locker.query('rollback');
      locker.release();
    }
  });
});
