/**
 * Temporary folders of tests that are removed, with whatever still runs from them, whatever way
 * the test process ends (decision 001): an afterAll that awaits `remove()`, or, when no afterAll
 * ran (vitest ends its workers with SIGTERM, which skips exit hooks; a worker killed at a
 * timeout), a guard process that notices its owner is gone. PostgreSQL runs in a process group
 * of its own (db/embedded.ts), so nothing else stops it: one left behind per test file filled a
 * CI machine's disk with its data folders in a day.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const GUARD = join(import.meta.dirname, '../../../../scripts/folder-guard.mjs');

export interface GuardedFolder {
  path: string;
  /** Stops what runs from the folder (PostgreSQL: fast shutdown, then harder) and removes it. */
  remove(): Promise<void>;
}

/** Guards an existing folder (absolute path): cleared when this process ends, or by remove(). */
export function guardFolder(folder: string): GuardedFolder {
  const path = resolve(folder);
  const guard: ChildProcess = spawn(process.execPath, [GUARD, path], {
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  let spawnError: Error | undefined;
  guard.on('error', (error) => (spawnError = error));
  guard.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // The guard must not keep a test process (or a bench) alive: it waits for us, not we for it.
  guard.unref();
  (guard.stdin as Socket | null)?.unref();
  (guard.stderr as Socket | null)?.unref();
  const exited = new Promise<number | null>((resolvePromise) => guard.once('close', (code) => resolvePromise(code)));
  let removed: Promise<void> | undefined;
  return {
    path,
    remove() {
      removed ??= (async () => {
        if (spawnError) throw new Error(`no guard for ${path}: ${spawnError.message}`);
        guard.ref();
        (guard.stderr as Socket | null)?.ref();
        guard.stdin?.end();
        const code = await exited;
        if (code !== 0) throw new Error(`could not clear ${path} (guard exit ${code}): ${errors.trim()}`);
      })();
      return removed;
    },
  };
}

/** A new folder `<tmpdir>/<prefix>XXXXXX`, guarded. */
export function guardedTempFolder(prefix: string): GuardedFolder {
  return guardFolder(mkdtempSync(join(tmpdir(), prefix)));
}

/** Running, and not a zombie (exited, waiting for whoever inherited it to reap it): for tests that check a server is gone. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
}
