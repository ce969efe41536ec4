/**
 * Clean stops (decision 009): SIGTERM or SIGINT to `npm start`, to its whole process group (what
 * systemd, `timeout` and many supervisors send), or to the API alone stops PostgreSQL and every
 * child within 10 s. Each case starts the product on a fresh data folder (the site is built: this
 * runs after the build, with the browser tests) and sends the signal while the API backfills, the
 * busiest moment of a first start. Only processes and files of this spec's own are touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SITE_PORT } from './ports.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const ROOT = join(import.meta.dirname, '..');
// Ports of their own, next to the suite's, so these servers never meet the suite's. Both from
// SITE_PORT (web-workers.spec.ts takes SITE_PORT + 41): from API_PORT, a run with
// E2E_API_PORT = E2E_PORT + 1 put this API on the cluster test's port, and whichever started
// second failed with EADDRINUSE.
const WEB = SITE_PORT + 40;
const API = SITE_PORT + 42;

/** Live processes whose command line mentions `needle` (the data folder of a case). */
function processesWith(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const state = /State:\s+(\S)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (command.includes(needle) && state !== 'Z') found.push(`${pid} ${command.slice(0, 120)}`);
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Live processes of a process group (the product's Node processes; PostgreSQL has its own). */
function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // Fields after the command's closing parenthesis: state, ppid, pgrp.
        const [state, , pgrp] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${API}/health`)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not start');
}

function start(command: string[], dataDir: string): ChildProcess {
  const [program, ...args] = command[0] === 'npm' ? command : [process.execPath, ...command];
  return spawn(program!, args, {
    cwd: ROOT,
    // Its own process group, as a terminal or a service manager gives it.
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(WEB),
      HOST: '127.0.0.1',
      API_PORT: String(API),
      API_HOST: '127.0.0.1',
      SIMULATOR_BACKFILL_DAYS: '2',
      LOG_LEVEL: 'silent',
    },
  });
}

const cases: Array<{ name: string; command: string[]; signal: NodeJS.Signals; group: boolean; again?: boolean }> = [
  { name: 'SIGTERM to the process group of npm start', command: ['npm', 'start'], signal: 'SIGTERM', group: true },
  // Ctrl-C in a terminal: the whole foreground group.
  { name: 'SIGINT to the process group of npm start', command: ['npm', 'start'], signal: 'SIGINT', group: true },
  // What container runtimes and supervisors send: the main process only (decision 030).
  { name: 'SIGTERM to npm start', command: ['npm', 'start'], signal: 'SIGTERM', group: false },
  { name: 'SIGINT to npm start', command: ['npm', 'start'], signal: 'SIGINT', group: false },
  // A second signal a moment later forces the stop.
  { name: 'SIGTERM twice to npm start', command: ['npm', 'start'], signal: 'SIGTERM', group: false, again: true },
  { name: 'SIGTERM to the API alone', command: ['apps/api/src/server.ts'], signal: 'SIGTERM', group: false },
  { name: 'SIGINT to the process group of the API', command: ['apps/api/src/server.ts'], signal: 'SIGINT', group: true },
];

for (const { name, command, signal, group, again } of cases) {
  test(`${name}: PostgreSQL and every child stopped within 10 s`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'op-clean-stop-'));
    const child = start(command, dataDir);
    try {
      await waitForHealth();
      expect(processesWith(dataDir).some((line) => line.includes('postgres'))).toBe(true);
      const sent = Date.now();
      process.kill(group ? -child.pid! : child.pid!, signal);
      if (again) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
      }
      await expect
        .poll(() => [...processesWith(dataDir), ...groupMembers(child.pid!)], { timeout: 10_000, intervals: [200] })
        .toEqual([]);
      await expect.poll(() => child.exitCode ?? child.signalCode, { timeout: 10_000 - (Date.now() - sent) }).not.toBeNull();
      await expect(fetch(`http://127.0.0.1:${WEB}/favicon.svg`)).rejects.toThrow();
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      for (const line of processesWith(dataDir)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
