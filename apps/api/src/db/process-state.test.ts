/**
 * The orphan check on real processes: a running one, a zombie (exited, never reaped by its
 * parent) and a pid that is gone; and the embedded server's orphan stop, which must not wait
 * out its escalation for a zombie named by a leftover postmaster.pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOrphan } from './embedded.ts';
import { processRuns } from './process-state.ts';

const onLinux = process.platform === 'linux';
const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
};

describe.runIf(onLinux)('processRuns', () => {
  let parent: ChildProcess;
  let zombie: number;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'op-process-state-'));
    // The child reads one byte from fd 3 and exits; its parent becomes `sleep`, which never
    // waits for children, so the exited child stays a zombie for as long as the `sleep` lives.
    // It exits only once the shell has become `sleep`: a child that exited before (a `true`, as
    // here before) could be reaped by the shell on a loaded machine, leaving no pid at all.
    parent = spawn('sh', ['-c', 'head -c 1 <&3 >/dev/null & echo $!; exec sleep 600'], {
      stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
    });
    const lines = createInterface({ input: parent.stdout! });
    zombie = Number((await lines[Symbol.asyncIterator]().next()).value);
    // The exec and the child's exit are the kernel's: read its state until it says so.
    const comm = () => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim();
    while (comm() !== 'sleep') await new Promise((resolve) => setImmediate(resolve));
    (parent.stdio[3] as NodeJS.WritableStream).end('x');
    while (state(zombie) !== 'Z') await new Promise((resolve) => setImmediate(resolve));
  });
  afterAll(() => {
    parent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('says a running process runs, and a zombie and a gone pid do not', () => {
    expect(processRuns(process.pid)).toBe(true);
    expect(processRuns(parent.pid!)).toBe(true);
    // kill(0) answers for the zombie: the check must look past it.
    expect(() => process.kill(zombie, 0)).not.toThrow();
    expect(processRuns(zombie)).toBe(false);
    expect(processRuns(2 ** 22 + 1)).toBe(false);
  });

  it('stops no orphan when postmaster.pid names a zombie, and does not wait for one', async () => {
    writeFileSync(join(dir, 'postmaster.pid'), `${zombie}\n${dir}\n`);
    // Before, this waited 25 s of escalation and then threw that a PostgreSQL still held the folder.
    await expect(stopOrphan(dir)).resolves.toBeUndefined();
  });
});
