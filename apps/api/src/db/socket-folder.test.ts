/**
 * The embedded PostgreSQL's socket folder (decision 004, addendum of 2026-11-28): the rule that
 * names it, and the refusals of a folder someone else made. Real servers on a 150-character data
 * folder: the `long data folder` case below and ops/backup.test.ts (API, backup, restore).
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedTempFolder } from '../testing/folder-guard.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import {
  checkSocketFolder,
  chooseSocketFolder,
  prepareSocketFolder,
  realPathOf,
  SOCKET_FILE,
  SOCKET_PATH_MAX_BYTES,
  SocketFolderError,
  socketFolderFor,
  socketFolderName,
  socketFolderToConnect,
} from './socket-folder.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'op-sock-'));
  made.push(dir);
  return dir;
}
const me = process.getuid!();
/** The `postgres` user the embedded server runs as when we are root (embedded.ts makes it). */
const idOf = (flag: string) => execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim();

describe('the rule', () => {
  const cluster = '/srv/openpool/data/postgres';

  it('names the folder from the real path: the same for every command, another for another cluster', () => {
    expect(socketFolderName(cluster)).toMatch(/^pg-openpool-[0-9a-f]{12}$/);
    expect(socketFolderName(cluster)).toBe(socketFolderName(cluster));
    expect(socketFolderName(`${cluster}.restoring`)).not.toBe(socketFolderName(cluster));
    expect(chooseSocketFolder(cluster, '/tmp')).toBe(join('/tmp', socketFolderName(cluster)));
  });

  it('keeps the socket within 107 bytes: a TMPDIR too long falls back to /tmp, and past that a refusal names the limit', () => {
    const name = socketFolderName(cluster);
    // The longest temporary folder that still fits: `{tmp}/pg-openpool-<12>/.s.PGSQL.5432` is 107 bytes.
    const room = SOCKET_PATH_MAX_BYTES - `/${name}/${SOCKET_FILE}`.length;
    const fitting = `/${'t'.repeat(room - 1)}`;
    expect(Buffer.byteLength(join(chooseSocketFolder(cluster, fitting), SOCKET_FILE))).toBe(SOCKET_PATH_MAX_BYTES);
    expect(chooseSocketFolder(cluster, `${fitting}x`)).toBe(join('/tmp', name));
    // A relative TMPDIR is not a place: the fallback.
    expect(chooseSocketFolder(cluster, 'tmp')).toBe(join('/tmp', name));
    const refusal = () => chooseSocketFolder(cluster, `${fitting}x`, `${fitting}y`);
    expect(refusal).toThrow(SocketFolderError);
    expect(refusal).toThrow(/108 bytes long, and a Unix socket's path may have at most 107: set TMPDIR/);
  });

  it('takes the real path, also of a folder not made yet, so a link to the data folder finds the same socket', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    expect(realPathOf(join(dir, 'link', 'postgres'))).toBe(join(dir, 'real', 'postgres'));
    expect(socketFolderFor(join(dir, 'link', 'postgres'), '/tmp')).toBe(socketFolderFor(join(dir, 'real', 'postgres'), '/tmp'));
    expect(realPathOf('relative/x')).toBe(join(process.cwd(), 'relative', 'x'));
  });
});

describe('a socket folder someone else made', () => {
  it('is refused when it is a symbolic link, by the server and by a client, and nothing is made through it', () => {
    const tmp = scratch();
    const cluster = join(scratch(), 'postgres');
    const folder = socketFolderFor(cluster, tmp);
    // Planted before the pool starts: a link to a folder its maker reads.
    const trap = join(tmp, 'trap');
    mkdirSync(trap, { mode: 0o700 });
    symlinkSync(trap, folder);
    expect(() => prepareSocketFolder(folder)).toThrow(/is a symbolic link, not a folder of ours: remove it/);
    expect(() => socketFolderToConnect(cluster, tmp)).toThrow(SocketFolderError);
    expect(readdirSync(trap)).toEqual([]);
  });

  it("is refused when it is another user's, open to others, or not a folder", () => {
    const tmp = scratch();
    const folder = join(tmp, 'pg-openpool-000000000000');
    mkdirSync(folder, { mode: 0o700 });
    expect(() => checkSocketFolder(folder, [me])).not.toThrow();
    expect(() => checkSocketFolder(folder, [me + 4242])).toThrow(/belongs to user \d+, not to us/);
    // PostgreSQL's own check would let a group or anyone in: we do not.
    mkdirSync(join(tmp, 'open'), { mode: 0o755 });
    expect(() => checkSocketFolder(join(tmp, 'open'), [me])).toThrow(/open to other users \(mode 755\)/);
    writeFileSync(join(tmp, 'file'), '');
    expect(() => checkSocketFolder(join(tmp, 'file'), [me])).toThrow(/is not a folder/);
  });

  it('is made 0700 and ours, in a temporary folder others cannot swap it in', () => {
    const tmp = scratch();
    const folder = join(tmp, 'pg-openpool-111111111111');
    prepareSocketFolder(folder);
    const info = statSync(folder);
    expect(info.mode & 0o777).toBe(0o700);
    expect(info.uid).toBe(me);
    // A temporary folder anyone may write to without the sticky bit (unlike /tmp) is refused.
    const shared = join(tmp, 'shared');
    mkdirSync(shared);
    // chmod, not mkdir's mode: the umask would take the bits away.
    chmodSync(shared, 0o777);
    expect(() => prepareSocketFolder(join(shared, 'pg-openpool-222222222222'))).toThrow(/lets other users replace/);
    chmodSync(shared, 0o1777);
    expect(() => prepareSocketFolder(join(shared, 'pg-openpool-222222222222'))).not.toThrow();
    expect(() => prepareSocketFolder(join(tmp, 'missing', 'pg-openpool-333333333333'))).toThrow(/does not exist/);
  });
});

describe('a data folder of 150 characters', () => {
  const guarded = guardedTempFolder('op-sock-long-');
  afterAll(() => guarded.remove());
  const volume = join(guarded.path, 'srv', 'a-mounted-volume-with-a-long-name', 'openpool');
  const dataDir = join(volume, 'data-'.padEnd(150 - volume.length - 1, 'x'));
  const cluster = join(dataDir, 'postgres');
  const query = async (host: string) => {
    const client = new pg.Client({ host, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('select 42 as n')).rows[0]!.n;
    } finally {
      await client.end();
    }
  };

  it(
    'starts the API database, is found by a client, and leaves no socket folder once stopped',
    { timeout: 120_000 },
    async () => {
      expect(dataDir.length).toBeGreaterThanOrEqual(150);
      // What failed before: the socket under the data folder would pass the limit.
      expect(Buffer.byteLength(join(cluster, 'run', SOCKET_FILE))).toBeGreaterThan(SOCKET_PATH_MAX_BYTES);
      const { openDatabase } = await import('./database.ts');
      const database = await openDatabase({ dataDir });
      const folder = socketFolderFor(cluster);
      try {
        expect(database.connection.host).toBe(folder);
        expect(existsSync(join(folder, SOCKET_FILE))).toBe(true);
        expect(statSync(folder).mode & 0o777).toBe(0o700);
        // The migrated pool answers, and a command that only knows DATA_DIR finds the same socket.
        expect((await database.pool.query('select count(*)::int as n from schema_migrations')).rows[0].n).toBeGreaterThan(0);
        expect(socketFolderToConnect(cluster)).toBe(folder);
        expect(await query(socketFolderToConnect(cluster))).toBe(42);
        // One run with another TMPDIR than the server's finds it through postmaster.pid.
        expect(socketFolderToConnect(cluster, '/nonexistent-other-tmp')).toBe(folder);
      } finally {
        await database.close();
      }
      expect(existsSync(folder)).toBe(false);
    },
  );

  it(
    'starts again after kill -9, whose socket and lock are left with a pid that is alive again',
    { timeout: 120_000 },
    async () => {
      let died!: () => void;
      const exited = new Promise<void>((resolve) => (died = resolve));
      const first = await startEmbeddedPostgres({ dir: cluster, database: 'postgres', onUnexpectedExit: () => died() });
      const folder = first.connection.host;
      const postmaster = Number(readFileSync(join(cluster, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');
      await exited;
      expect(readdirSync(folder).sort()).toEqual([SOCKET_FILE, `${SOCKET_FILE}.lock`]);
      // The killed server's pid now names a live process (a container reuses low pids soon):
      // PostgreSQL alone would refuse to start on that lock.
      // PostgreSQL takes a pid of another user's process for stale: one of its own user's is the case.
      const asServer = me === 0 ? { uid: Number(idOf('-u')), gid: Number(idOf('-g')) } : {};
      const other = spawn('sleep', ['60'], { stdio: 'ignore', ...asServer });
      try {
        const lock = readFileSync(join(folder, `${SOCKET_FILE}.lock`), 'utf8').split('\n');
        writeFileSync(join(folder, `${SOCKET_FILE}.lock`), [String(other.pid), ...lock.slice(1)].join('\n'));
        const second = await startEmbeddedPostgres({ dir: cluster, database: 'postgres' });
        try {
          expect(second.connection.host).toBe(folder);
          expect(await query(folder)).toBe(42);
        } finally {
          await second.stop();
        }
      } finally {
        other.kill('SIGKILL');
      }
      expect(existsSync(folder)).toBe(false);
    },
  );
});
