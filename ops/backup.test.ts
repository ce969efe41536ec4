/**
 * Backups that restore (decision 022): `npm run backup` of a running pool while the
 * simulator and a stratum-like source ingest, `npm run restore` into a fresh data folder, and
 * every balance, payout and ledger row compared with the pool at the dump's instant (the test
 * exports a snapshot and the backup dumps exactly it, as pg_dump --snapshot does). A second
 * dump, taken on its own, must restore to a pool whose balances equal their ledgers; and the
 * API must start on the restored folder. Miners' hostile text (a watcher label and a share's
 * agent with U+2028, U+2029, emoji and RTL marks, sent through the public API and ingest)
 * restores byte for byte; crafted dumps (a table name as SQL, a balance with no ledger, a cut
 * file) are refused and leave the data folder as it was (decision 022, addendum of 2026-11-28).
 * Every data folder here is 150 characters or more: PostgreSQL's socket is not under it (decision
 * 004, addendum of 2026-11-28), so a long path works for the API, the backup and the restore.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowDigest } from '../apps/api/src/backup/format.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { SOCKET_FILE, socketFolderFor } from '../apps/api/src/db/socket-folder.ts';
import { guardFolder, isRunning, type GuardedFolder } from '../apps/api/src/testing/folder-guard.ts';
import { ROOT, startApi, TOKEN, until, type Service } from './testing/processes.ts';

const run = promisify(execFile);
const API_PORT = 17170;
const API = `http://127.0.0.1:${API_PORT}`;
let dir: string;
let folder: GuardedFolder | undefined;
let api: Service | undefined;
let source: pg.Pool;
/** What miners send: line and paragraph separators, RTL marks and an override, emoji. */
const HOSTILE = 'rig\u2028one\u2029😀\u200fעברית\u202e';

/**
 * What a restore must give back exactly: balances, payouts and the ledger, and the shares of
 * the open hour that PPS has not credited yet (the pool owes them; the ledger only moves when
 * an hour closes or a block is found, so live ingest shows up here within a batch).
 */
async function moneyRows(client: Pick<pg.Pool, 'query'>) {
  const rows = async (sql: string) => (await client.query(sql)).rows;
  return {
    balances: await rows('select * from balances order by coin, address'),
    payouts: await rows('select * from payouts order by id'),
    ledger: await rows('select * from ledger order by id'),
    uncredited: await rows('select * from miner_hourly where valid > credited order by coin, address, scheme, hour'),
    // The miner-written text, as PostgreSQL's record text: equal means equal to the byte.
    text: await rows(`select t::text as r from watcher_links t union all
      select t::text from workers t where agent like '%' || chr(8232) || '%' order by 1`),
  };
}

/** Balances that differ from the sum of their ledger rows (must be none). */
async function unbalanced(client: Pick<pg.Pool, 'query'>) {
  return (
    await client.query(`select b.coin, b.address from balances b
      left join (select coin, address, sum(mature) as mature, sum(immature) as immature from ledger group by coin, address) l
        using (coin, address)
      where b.mature <> coalesce(l.mature, 0) or b.immature <> coalesce(l.immature, 0)`)
  ).rows;
}

async function withRestored<T>(dataDir: string, read: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), database: 'openpool' });
  const pool = new pg.Pool({ ...server.connection, max: 2 });
  // pool.end() resolves before its sockets close; the stop right after may reach an idle client.
  pool.on('error', () => undefined);
  try {
    return await read(pool);
  } finally {
    await pool.end();
    await server.stop();
  }
}

const npmRun = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 1 << 20 });

beforeAll(async () => {
  // Removed with whatever still runs from it (PostgreSQL), by its guard if no afterAll runs (decision 001).
  folder = guardFolder(mkdtempSync(join(tmpdir(), 'op-backup-')));
  // A long operator's path: `live` is 150 characters; a socket under it passed 107 bytes.
  const volume = join(folder.path, 'srv', 'a-mounted-volume-with-a-long-name');
  dir = join(volume, 'openpool-'.padEnd(150 - volume.length - '/live'.length - 1, 'x'));
  mkdirSync(dir, { recursive: true });
  expect(join(dir, 'live').length).toBeGreaterThanOrEqual(150);
  api = await startApi(API_PORT, {
    DATA_DIR: join(dir, 'live'),
    SIMULATOR: 'on',
    SIMULATOR_LIVE: 'on',
    SIMULATOR_MINERS: '6',
    SIMULATOR_BACKFILL_DAYS: '1',
  });
  source = new pg.Pool({
    host: socketFolderFor(join(dir, 'live', 'postgres')),
    port: 5432,
    user: 'postgres',
    database: 'openpool',
    max: 2,
  });
  // The last test stops this pool's PostgreSQL; its idle connections are then terminated,
  // which is expected, not a failure of the test.
  source.on('error', () => {});
});

afterAll(async () => {
  await api?.stop();
  await source?.end();
  await folder?.remove();
});

/** A stratum-like source posting ltc shares as fast as the API takes them, until stopped. */
function liveIngest(address: string) {
  let stop = false;
  let accepted = 0;
  let seq = 0;
  const done = (async () => {
    while (!stop) {
      const at = Date.now();
      const lines = Array.from({ length: 50 }, (_, i) =>
        JSON.stringify({
          type: 'share',
          seq: ++seq,
          coin: 'ltc',
          address,
          worker: 'backup',
          agent: `cgminer ${HOSTILE}`,
          scheme: 'pps',
          difficulty: 64,
          status: 'valid',
          ip: '127.0.0.1',
          at: at - 50 + i,
        }),
      );
      const response = await fetch(`${API}/internal/v1/events?source=backup-test`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        body: lines.join('\n'),
      });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      accepted += ((await response.json()) as { accepted: number }).accepted;
    }
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return accepted;
    },
  };
}

describe('npm run backup and npm run restore', () => {
  it('restore every balance, payout and ledger row of the instant the backup was taken, under live ingest', async () => {
    const address = (await source.query<{ address: string }>(`select address from miners where coin = 'ltc' limit 1`)).rows[0]!
      .address;
    const ingest = liveIngest(address);
    await until(
      'live ingest to commit',
      async () => (await source.query(`select 1 from ingest_offsets where source = 'backup-test'`)).rowCount,
    );
    // A watcher label through the public API, proven by the worker's IP as any miner can.
    const watcher = await fetch(`${API}/ltc/api/v1/miner/watchers/${address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ip: '127.0.0.1', label: `accountant ${HOSTILE}`, expires_days: 30 }),
    });
    expect(watcher.status, await watcher.clone().text()).toBe(201);

    // The instant to dump: exported by a transaction of the test, dumped by the backup.
    const held = await source.connect();
    await held.query('begin isolation level repeatable read read only');
    const snapshot = (await held.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const expected = await moneyRows(held);
    const file = join(dir, 'exact.dump.gz');
    const backup = await npmRun('apps/api/src/backup/backup-cli.ts', [file, '--snapshot', snapshot], {
      DATA_DIR: join(dir, 'live'),
    });
    await held.query('commit');
    held.release();
    // A second backup, on its own instant, while ingest goes on.
    const plain = join(dir, 'plain.dump.gz');
    await npmRun('apps/api/src/backup/backup-cli.ts', [plain], { DATA_DIR: join(dir, 'live') });
    const accepted = await ingest.stop();
    console.log(backup.stdout.trim());

    // The pool moved on while it was dumped: the comparison below means something.
    const now = await moneyRows(source);
    expect(accepted).toBeGreaterThan(0);
    expect(now.uncredited).not.toEqual(expected.uncredited);
    expect(expected.payouts.length).toBeGreaterThan(0);
    expect(expected.balances.length).toBeGreaterThan(0);

    const restore = await npmRun('apps/api/src/backup/restore-cli.ts', [file], { DATA_DIR: join(dir, 'restored') });
    console.log(restore.stdout.trim());
    const restored = await withRestored(join(dir, 'restored'), moneyRows);
    expect(restored.balances).toEqual(expected.balances);
    expect(restored.payouts).toEqual(expected.payouts);
    expect(restored.ledger).toEqual(expected.ledger);
    expect(restored.uncredited).toEqual(expected.uncredited);
    expect(expected.text.length).toBeGreaterThanOrEqual(2);
    expect(restored.text).toEqual(expected.text);
    expect(restore.stdout).toContain('Before you start the pool on it');
    expect(restore.stdout).toMatch(/backup-test: seq \d+/);
    console.log(
      `restore comparison: ${restored.balances.length} balances, ${restored.payouts.length} payouts, ${restored.ledger.length} ledger rows, ` +
        `${restored.uncredited.length} uncredited share hours equal; the live pool had ${now.ledger.length - expected.ledger.length} more ledger rows ` +
        `and ${accepted} shares accepted by then`,
    );

    await npmRun('apps/api/src/backup/restore-cli.ts', [plain], { DATA_DIR: join(dir, 'plain') });
    expect(await withRestored(join(dir, 'plain'), unbalanced)).toEqual([]);
  });

  it('refuse a folder that holds a database, and crafted or cut dumps, leaving the data folder as it was', async () => {
    const refused = await npmRun('apps/api/src/backup/restore-cli.ts', [join(dir, 'exact.dump.gz')], {
      DATA_DIR: join(dir, 'restored'),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('already holds a database') });

    const text = gunzipSync(readFileSync(join(dir, 'exact.dump.gz'))).toString('utf8');
    const lines = text.split('\n');
    /** Rewrites the #end line to agree with the rows, as a careful forger would (counts and digest). */
    const forge = (edited: string[]) => {
      const digest = rowDigest();
      const rows: Record<string, number> = {};
      let table = '';
      for (const line of edited.slice(1)) {
        if (line.startsWith('#table ')) rows[(table = line.slice(7))] = 0;
        else if (line.startsWith('#')) table = '';
        else if (line && table) {
          digest.add(JSON.parse(line) as string);
          rows[table]! += 1;
        }
      }
      return edited.map((line) => (line.startsWith('#end ') ? `#end ${JSON.stringify({ rows, sha256: digest.hex() })}` : line));
    };
    const evil = `ledger" t; copy (select 1) to program 'touch ${join(dir, 'pwned')}'; --`;
    const header = JSON.parse(lines[0]!) as { tables: string[] };
    const balancesAt = lines.indexOf('#table balances');
    const crafted = {
      // A table name that is SQL: refused before any SQL sees it.
      'evil-table': forge([
        JSON.stringify({ ...header, tables: [...header.tables, evil] }),
        ...lines.slice(1).flatMap((line) => (line.startsWith('#sequences') ? [`#table ${evil}`, '"(1)"', line] : [line])),
      ]).join('\n'),
      // 12,345.68 BTC with no ledger row behind it.
      'thief-balance': forge([
        ...lines.slice(0, balancesAt + 1),
        JSON.stringify('(btc,bc1qthief,1234568000000,0,0)'),
        ...lines.slice(balancesAt + 1),
      ]).join('\n'),
      // The file ends before its last table.
      'cut-text': lines.slice(0, Math.floor(lines.length * 0.7)).join('\n'),
    };
    const expectations: Record<string, RegExp> = {
      'evil-table': /tables its migrations do not create/,
      'thief-balance': /money does not add up[\s\S]*bc1qthief/,
      'cut-text': /incomplete/,
      'cut-gzip': /cut short/,
    };
    for (const [name, body] of Object.entries(crafted)) writeFileSync(join(dir, `${name}.dump.gz`), gzipSync(body));
    const whole = readFileSync(join(dir, 'exact.dump.gz'));
    writeFileSync(join(dir, 'cut-gzip.dump.gz'), whole.subarray(0, Math.floor(whole.length * 0.7)));

    // Into a folder that does not exist (it must not exist afterwards) and into one that holds
    // other files (they must be all that is there afterwards).
    const kept = join(dir, 'kept');
    mkdirSync(join(kept, 'backups'), { recursive: true });
    writeFileSync(join(kept, 'backups', 'note.txt'), 'keep me');
    for (const name of Object.keys(expectations)) {
      for (const target of [join(dir, `fresh-${name}`), kept]) {
        const result = await npmRun('apps/api/src/backup/restore-cli.ts', [join(dir, `${name}.dump.gz`)], {
          DATA_DIR: target,
        }).catch((error: { code: number; stderr: string }) => error);
        expect(result, name).toMatchObject({ code: 1, stderr: expect.stringMatching(expectations[name]!) });
        expect((result as { stderr: string }).stderr).toContain('nothing was restored');
      }
      expect(existsSync(join(dir, `fresh-${name}`)), name).toBe(false);
      expect(readdirSync(kept, { recursive: true }).sort(), name).toEqual(['backups', join('backups', 'note.txt')]);
    }
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('leave nothing behind when a restore is interrupted or killed, and clear what a killed one left', async () => {
    const file = join(dir, 'exact.dump.gz');
    const restoring = (dataDir: string) => {
      const child = spawn(process.execPath, ['apps/api/src/backup/restore-cli.ts', file], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: string | null; stderr: string }>((done) =>
        child.once('close', (code, signal) => done({ code, signal, stderr })),
      );
      return { child, exited };
    };
    const pidFile = (dataDir: string) => join(dataDir, 'postgres.restoring', 'data', 'postmaster.pid');
    // The server is up (its socket exists), not initdb's bootstrap backend, which writes a pid file too.
    const socketFolder = (dataDir: string) => socketFolderFor(join(dataDir, 'postgres.restoring'));
    const serving = (dataDir: string) => existsSync(join(socketFolder(dataDir), SOCKET_FILE));

    // Ctrl-C while its PostgreSQL runs: the restore stops it and removes what it made.
    const interrupted = join(dir, 'interrupted');
    const first = restoring(interrupted);
    await until('the restore to start its server', () => serving(interrupted));
    first.child.kill('SIGINT');
    const stopped = await first.exited;
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('nothing will be restored');
    expect(existsSync(interrupted)).toBe(false);
    expect(existsSync(socketFolder(interrupted))).toBe(false);

    // kill -9: its PostgreSQL outlives it (a process group of its own) and no `postgres` folder
    // exists for `npm start` to run as an empty pool; the next restore stops that server and
    // clears the folder.
    const killed = join(dir, 'killed');
    const second = restoring(killed);
    await until('the restore to start its server', () => serving(killed));
    const orphan = Number(readFileSync(pidFile(killed), 'utf8').split('\n')[0]);
    second.child.kill('SIGKILL');
    expect((await second.exited).signal).toBe('SIGKILL');
    expect(existsSync(join(killed, 'postgres'))).toBe(false);
    await npmRun('apps/api/src/backup/restore-cli.ts', [file], { DATA_DIR: killed });
    expect(isRunning(orphan)).toBe(false);
    expect(readdirSync(killed).sort()).toEqual(['postgres']);
    // The killed one's socket folder was taken over and removed with the server that stopped.
    expect(existsSync(socketFolder(killed))).toBe(false);
  });

  it('start the API on the restored folder', async () => {
    await api?.stop();
    api = await startApi(API_PORT, { DATA_DIR: join(dir, 'restored'), SIMULATOR: 'off' }, 'restored api');
    const health = (await (await fetch(`${API}/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
  });
});
