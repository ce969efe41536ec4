// What a test run leaves behind, and clearing it (decision 001). Every stage of `npm test` runs
// with TMPDIR set to a folder of its own, so whatever the stage creates in the temporary folder
// (the tests' PostgreSQL data folders, 55 MB to 2 GB each) is found there, and whatever still
// runs from it (a PostgreSQL started with `-D <that folder>/...`) names it on its command line.
// Matching on that one folder, never on a name pattern like `postgres` or `/tmp/op-test-*`,
// is what keeps this safe on a machine where other checkouts run their tests at the same time.
// Plain JavaScript: scripts/test.mjs and scripts/folder-guard.mjs run it without a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a command-line argument names `folder` or a path inside it (`/f/data`, `--pgdata=/f/data`). */
export function namesInside(arg, folder) {
  const inside = folder.endsWith('/') ? folder : `${folder}/`;
  const equals = arg.indexOf('=');
  const candidates = equals > 0 ? [arg, arg.slice(equals + 1)] : [arg];
  return candidates.some((candidate) => candidate === folder || candidate === inside || candidate.startsWith(inside));
}

function commandLine(proc, pid) {
  try {
    // Arguments are NUL-separated; a zombie or a kernel thread has none.
    return readFileSync(join(proc, String(pid), 'cmdline'), 'utf8')
      .split('\0')
      .filter((arg) => arg !== '');
  } catch {
    return [];
  }
}

/**
 * Running processes whose arguments name something inside `folder` (the program itself aside):
 * `[{ pid, program, args }]`. Read from /proc (Linux, where the embedded PostgreSQL runs).
 */
export function processesInside(folder, { proc = '/proc', except = [process.pid] } = {}) {
  let names;
  try {
    names = readdirSync(proc);
  } catch {
    return [];
  }
  const found = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (except.includes(pid)) continue;
    const args = commandLine(proc, pid);
    if (args.slice(1).some((arg) => namesInside(arg, folder))) found.push({ pid, program: basename(args[0] ?? ''), args });
  }
  return found.sort((a, b) => a.pid - b.pid);
}

/**
 * Stops processes found by processesInside, each only while its command line still names the
 * folder (a pid can be reused by an unrelated process once the first one is gone). SIGINT first:
 * PostgreSQL's fast shutdown; then SIGQUIT (its immediate shutdown); then SIGKILL.
 * Returns the pids that were still running when it gave up (none, normally).
 */
export async function stopProcesses(processes, folder, { proc = '/proc', steps = STOP_STEPS } = {}) {
  const stillOurs = (pid) =>
    commandLine(proc, pid)
      .slice(1)
      .some((arg) => namesInside(arg, folder));
  let left = processes.map((found) => found.pid).filter(stillOurs);
  for (const [signal, waitMs] of steps) {
    for (const pid of left) {
      try {
        process.kill(pid, signal);
      } catch {
        /* gone meanwhile */
      }
    }
    const deadline = Date.now() + waitMs;
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(50);
      left = left.filter(stillOurs);
    }
    if (left.length === 0) break;
  }
  return left;
}
const STOP_STEPS = [
  ['SIGINT', 10_000],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
];

/**
 * The embedded PostgreSQL's socket folders the processes name (`unix_socket_directories=`): they
 * sit in the temporary folder, outside the cleared one (decision 004, addendum of 2026-11-28),
 * and a server stopped by signal leaves them. Only the project's own names are taken.
 */
export function socketFoldersOf(processes) {
  const option = 'unix_socket_directories=';
  return processes.flatMap(({ args }) =>
    args
      .filter((arg) => arg.startsWith(option))
      .map((arg) => arg.slice(option.length))
      .filter((path) => isAbsolute(path) && /^pg-openpool-[0-9a-f]{12}$/.test(basename(path))),
  );
}

/** Stops what runs from `folder` and removes it: what a test folder's guard does at the end. */
export async function clearFolder(folder, options = {}) {
  const processes = processesInside(folder, options);
  const stuck = await stopProcesses(processes, folder, options);
  if (stuck.length > 0) throw new Error(`could not stop pid ${stuck.join(', ')} running from ${folder}`);
  // Their clusters are in `folder`: no server may use these sockets once it is gone.
  for (const socketFolder of socketFoldersOf(processes)) rmSync(socketFolder, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
  return processes;
}

/** Whether a folder holds a PostgreSQL cluster (PG_VERSION) within `depth` levels. */
function holdsCluster(path, depth) {
  if (existsSync(join(path, 'PG_VERSION'))) return true;
  if (depth === 0) return false;
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) => entry.isDirectory() && holdsCluster(join(path, entry.name), depth - 1));
}

/**
 * Whether an entry a stage left in its temporary folder is one of the project's own data folders:
 * the tests name theirs `op-...` and `openpool-...`, and anything holding a PostgreSQL cluster is
 * one whatever its name. The rest are the tools' caches (node-compile-cache, Playwright's
 * transform cache), which are removed with the folder without failing the run.
 */
export function isDataFolder(folder, name) {
  return name.startsWith('op-') || name.startsWith('openpool-') || holdsCluster(join(folder, name), 3);
}

/**
 * After a stage: gives the stage's processes `graceMs` to end on their own (a guard that is still
 * removing a folder, a PostgreSQL finishing its fast shutdown), then stops what is still running,
 * lists the data folders left and removes the stage's folder. Returns `{ processes, folders }`:
 * what the stage left behind, empty when it cleaned up after itself.
 */
export async function clearStage(folder, { graceMs = 20_000, ...options } = {}) {
  const deadline = Date.now() + graceMs;
  let processes = processesInside(folder, options);
  while (processes.length > 0 && Date.now() < deadline) {
    await sleep(100);
    processes = processesInside(folder, options);
  }
  const stuck = await stopProcesses(processes, folder, options);
  let folders = [];
  try {
    folders = readdirSync(folder)
      .filter((name) => isDataFolder(folder, name))
      .sort();
  } catch {
    /* the stage removed the folder itself */
  }
  let notRemoved;
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch (error) {
    // A file system still mounted inside it (EBUSY), say: named, not a crash of the run.
    notRemoved = error instanceof Error ? error.message : String(error);
  }
  return { processes, folders, stuck, ...(notRemoved ? { notRemoved } : {}) };
}

/** The message that fails the run, naming what the stage left; '' when it left nothing. */
export function describeLeftovers(stage, folder, { processes, folders, stuck = [], notRemoved }) {
  if (processes.length === 0 && folders.length === 0 && !notRemoved) return '';
  const parts = [];
  if (processes.length > 0) parts.push(`${processes.length} process${processes.length === 1 ? '' : 'es'}`);
  if (folders.length > 0) parts.push(`${folders.length} data folder${folders.length === 1 ? '' : 's'}`);
  if (parts.length === 0) parts.push('the folder itself');
  const lines = [
    `${stage} left behind in ${folder} (its own temporary folder): ${parts.join(' and ')}. A stage must stop ` +
      'its servers and remove its folders, even when a test fails (decision 001). Cleared what could be:',
  ];
  for (const { pid, program, args } of processes) {
    const shown = args.slice(1).join(' ');
    lines.push(
      `  pid ${pid}: ${program} ${shown.length > 160 ? `${shown.slice(0, 157)}...` : shown}${stuck.includes(pid) ? ' (STILL RUNNING)' : ''}`,
    );
  }
  for (const name of folders) lines.push(`  folder ${join(folder, name)}`);
  if (notRemoved) lines.push(`  and ${folder} could not be removed: ${notRemoved}`);
  return lines.join('\n');
}

/**
 * Runs one step of `npm test` (a command, to its end) with a temporary folder of its own, then
 * clears what it left there. `ok` only when the command succeeded and left nothing; `message`
 * names what it left. The embedded PostgreSQL's socket folders (`pg-openpool-*`, under TMPDIR:
 * apps/api/src/db/socket-folder.ts) are made in it too, and go with it.
 */
export async function runStage(title, command, args, { cwd, env = process.env, stdio = 'inherit', graceMs } = {}) {
  // `/tmp/op-o-XXXXXX` for the ops tests: short, though a socket's 107-byte limit no longer
  // depends on it (its folder's name is a hash; decision 004, addendum of 2026-11-28).
  const folder = mkdtempSync(join(tmpdir(), `op-${title.slice(0, 1).toLowerCase()}-`));
  const run = spawnSync(command, args, { cwd, stdio, env: { ...env, TMPDIR: folder } });
  const left = await clearStage(folder, graceMs === undefined ? {} : { graceMs });
  const message = describeLeftovers(title, folder, left);
  return { ok: run.status === 0 && message === '', status: run.status, folder, left, message };
}
