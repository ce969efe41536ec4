/**
 * WEB_WORKERS (decision 015): several web processes on one port. A worker that dies is
 * replaced and the site keeps answering; a stop sent to the supervisor alone ends every worker;
 * a worker that cannot start (the port is taken) stops the supervisor instead of a fork loop.
 * The web server runs alone here: static files need no API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { SITE_PORT } from './ports.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

const ROOT = join(import.meta.dirname, '..');
const PORT = SITE_PORT + 41;
// The build the run's site uses: a copy beside apps/web when E2E_WEB_BUILD names one (playwright.config.ts),
// relative to the checkout or absolute, as that config's `node <build>/server.js` takes it.
const WEB_BUILD = resolve(ROOT, process.env.E2E_WEB_BUILD ?? 'apps/web/build');

/** Live processes whose parent is `ppid`. */
function childrenOf(ppid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const [state, parent] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(parent) === ppid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

function startWeb(): ChildProcess {
  return spawn(process.execPath, [join(WEB_BUILD, 'server.js')], {
    cwd: dirname(WEB_BUILD),
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), WEB_WORKERS: '2' },
  });
}

const answers = async () => {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/favicon.svg`)).status;
  } catch {
    return 0;
  }
};

test('a worker that dies is replaced; SIGTERM to the supervisor stops every worker', async () => {
  const primary = startWeb();
  try {
    await expect.poll(answers, { timeout: 20_000 }).toBe(200);
    await expect.poll(() => childrenOf(primary.pid!).length, { timeout: 10_000 }).toBe(2);
    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => childrenOf(primary.pid!).filter((pid) => pid !== victim).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(answers, { timeout: 10_000 }).toBe(200);

    const workers = childrenOf(primary.pid!);
    primary.kill('SIGTERM');
    await expect.poll(() => primary.exitCode ?? primary.signalCode, { timeout: 10_000 }).not.toBeNull();
    expect(workers.filter((pid) => existsProcess(pid))).toEqual([]);
    expect(await answers()).toBe(0);
  } finally {
    if (primary.exitCode === null) primary.kill('SIGKILL');
  }
});

test('a worker that cannot start stops the supervisor with an error', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(PORT, '127.0.0.1', resolve));
  const primary = startWeb();
  try {
    await expect.poll(() => primary.exitCode, { timeout: 20_000 }).not.toBeNull();
    expect(primary.exitCode).not.toBe(0);
  } finally {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    taken.close();
  }
});

function existsProcess(pid: number): boolean {
  try {
    const state = /State:\s+(\S)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state !== 'Z';
  } catch {
    return false;
  }
}
