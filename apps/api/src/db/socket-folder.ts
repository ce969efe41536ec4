/**
 * Where the embedded PostgreSQL's Unix socket lives (decision 004, addendum of 2026-11-28).
 *
 * Not under DATA_DIR: a socket's path may have at most 107 bytes (the kernel's sun_path), and
 * `{DATA_DIR}/postgres.restoring/run/.s.PGSQL.5432` passed that with a DATA_DIR of about 70
 * characters, so neither the API nor a backup or restore could start. The socket goes into a
 * short folder of its own in the temporary folder instead, named from a hash of the cluster's
 * real path: the API, `npm run backup`, `npm run restore`, `npm run held` and the tests all
 * find the same folder from DATA_DIR alone. The folder is in a place other users can write to,
 * so it must be made by us (0700, ours, not a link): otherwise another local user could make it
 * first and serve a socket of their own to our commands, or read what they send.
 */
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

export const PG_PORT = 5432;
/** The file PostgreSQL creates in its socket folder (and `<it>.lock` beside it). */
export const SOCKET_FILE = `.s.PGSQL.${PG_PORT}`;
/** sizeof(sockaddr_un.sun_path) is 108 on Linux, with the final NUL: PostgreSQL refuses longer. */
export const SOCKET_PATH_MAX_BYTES = 107;
/** Where the socket goes when the temporary folder's own path is too long for it. */
export const FALLBACK_TMP = '/tmp';

/** A socket folder that cannot be used: said as is to the operator, never as a stack. */
export class SocketFolderError extends Error {}

/** `pg-openpool-` and 48 bits of the cluster's real path: short, and the same for every command. */
export function socketFolderName(realClusterDir: string): string {
  return `pg-openpool-${createHash('sha256').update(realClusterDir).digest('hex').slice(0, 12)}`;
}

/**
 * The rule: `{tmpDir}/pg-openpool-<hash>`, or under `fallback` when the socket's path in the
 * temporary folder would pass the limit (a very long TMPDIR), else a clear refusal naming it.
 */
export function chooseSocketFolder(realClusterDir: string, tmpDir: string, fallback = FALLBACK_TMP): string {
  const name = socketFolderName(realClusterDir);
  const fits = (base: string) => Buffer.byteLength(join(base, name, SOCKET_FILE)) <= SOCKET_PATH_MAX_BYTES;
  if (isAbsolute(tmpDir) && fits(tmpDir)) return join(tmpDir, name);
  if (fits(fallback)) return join(fallback, name);
  throw new SocketFolderError(
    `PostgreSQL's socket ${join(fallback, name, SOCKET_FILE)} would be ${Buffer.byteLength(join(fallback, name, SOCKET_FILE))} bytes long, ` +
      `and a Unix socket's path may have at most ${SOCKET_PATH_MAX_BYTES}: set TMPDIR to a shorter folder`,
  );
}

/** The real path of `path`, also when its last parts do not exist yet (a client before the first start). */
export function realPathOf(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  for (let current = absolute; ; current = dirname(current)) {
    try {
      return join(realpathSync(current), ...missing);
    } catch {
      if (current === dirname(current)) return absolute;
      missing.unshift(basename(current));
    }
  }
}

/** The socket folder of the cluster in `clusterDir` (`{DATA_DIR}/postgres`, or `.restoring`). */
export function socketFolderFor(clusterDir: string, tmpDir: string = tmpdir()): string {
  return chooseSocketFolder(realPathOf(clusterDir), tmpDir);
}

const myUid = (): number => process.getuid?.() ?? 0;

/**
 * Refuses a socket folder that is not a real folder of one of `owners`, closed to everyone
 * else. A link or someone else's folder is not repaired, only named: its maker may still hold
 * it open or have put a socket in it, so the operator removes it.
 */
export function checkSocketFolder(folder: string, owners: readonly number[]): void {
  const info = lstatSync(folder);
  const remove = `remove it (nothing of OpenPool's is in it) and start again`;
  if (info.isSymbolicLink())
    throw new SocketFolderError(`PostgreSQL's socket folder ${folder} is a symbolic link, not a folder of ours: ${remove}`);
  if (!info.isDirectory()) throw new SocketFolderError(`PostgreSQL's socket folder ${folder} is not a folder: ${remove}`);
  if (!owners.includes(info.uid))
    throw new SocketFolderError(
      `PostgreSQL's socket folder ${folder} belongs to user ${info.uid}, not to us (${owners.join(' or ')}): ` +
        `another user may have made it to catch the database's connections; ${remove}`,
    );
  if ((info.mode & 0o077) !== 0)
    throw new SocketFolderError(
      `PostgreSQL's socket folder ${folder} is open to other users (mode ${(info.mode & 0o777).toString(8)}); ${remove}`,
    );
}

/**
 * The folder above must keep others from swapping ours for theirs: writable by its owner only,
 * or sticky (as /tmp is), and owned by root or us.
 */
function checkParent(parent: string, owners: readonly number[]): void {
  let info;
  try {
    info = statSync(parent);
  } catch {
    throw new SocketFolderError(`the temporary folder ${parent} for PostgreSQL's socket does not exist: create it or set TMPDIR`);
  }
  const sticky = (info.mode & 0o1000) !== 0;
  if (!info.isDirectory() || (info.uid !== 0 && !owners.includes(info.uid)) || ((info.mode & 0o022) !== 0 && !sticky))
    throw new SocketFolderError(
      `the temporary folder ${parent} lets other users replace PostgreSQL's socket folder in it ` +
        `(owner ${info.uid}, mode ${(info.mode & 0o7777).toString(8)}): set TMPDIR to a folder of ours`,
    );
}

/**
 * Makes (or takes back) the socket folder for a server about to start: 0700, ours, and handed to
 * `runAs` (the `postgres` user PostgreSQL runs as when we are root).
 */
export function prepareSocketFolder(folder: string, runAs: { uid?: number; gid?: number } = {}): void {
  const owners = runAs.uid === undefined ? [myUid()] : [myUid(), runAs.uid];
  checkParent(dirname(folder), owners);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  checkSocketFolder(folder, owners);
  // Ours and not a link (the parent keeps anyone else from replacing it meanwhile): a umask
  // that took the owner's bits is undone, and the server's user gets it.
  chmodSync(folder, 0o700);
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(folder, runAs.uid, runAs.gid);
}

/**
 * A socket and lock file left by a server that was killed (kill -9: it removes neither). Called
 * only once no server of this cluster runs: PostgreSQL would take the lock for live when its pid
 * now belongs to another process (pids are reused soon in a container), and refuse to start.
 */
export function clearStaleSocket(folder: string): void {
  for (const name of [SOCKET_FILE, `${SOCKET_FILE}.lock`]) rmSync(join(folder, name), { force: true });
}

/** When the server stopped: nothing of it is left in the temporary folder. */
export function removeSocketFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/**
 * The socket folder a command connects to the cluster in `clusterDir` through (backup, held,
 * tests). A server started with another TMPDIR is found too: PostgreSQL writes the folder it
 * listens in to the 5th line of `postmaster.pid`, which is taken when its name is this cluster's.
 * A folder that exists is checked as the server checks it (owned by us or by the cluster's
 * owner, a real folder closed to others); one that does not is returned as is, and connecting
 * says the database is not running.
 */
export function socketFolderToConnect(clusterDir: string, tmpDir: string = tmpdir()): string {
  const real = realPathOf(clusterDir);
  let folder = chooseSocketFolder(real, tmpDir);
  try {
    const listed = readFileSync(join(clusterDir, 'data', 'postmaster.pid'), 'utf8')
      .split('\n')[4]
      ?.trim();
    if (listed && isAbsolute(listed) && basename(listed) === socketFolderName(real)) folder = listed;
  } catch {
    /* not running, or never started */
  }
  const owners = [myUid()];
  for (const owned of [clusterDir, join(clusterDir, 'data')]) {
    try {
      owners.push(statSync(owned).uid);
    } catch {
      /* not made yet */
    }
  }
  try {
    checkSocketFolder(folder, owners);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return folder;
}
