import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { guardFolder, guardedTempFolder, isRunning } from './folder-guard.ts';

const children: ChildProcess[] = [];
const made: string[] = [];
const orphans: number[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  // A server the guard did not stop (the test failed): never left running by the test itself.
  for (const pid of orphans.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

/** Stands in for a PostgreSQL: its own process group, its arguments naming a folder inside `dir`. */
function server(dir: string): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")', '--', '-D', join(dir, 'data')], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return child;
}

describe('a guarded test folder', () => {
  it('is removed by remove(), with the server still running from it', async () => {
    const folder = guardedTempFolder('op-guard-');
    made.push(folder.path);
    mkdirSync(join(folder.path, 'data'));
    const postgres = server(folder.path);
    await firstLine(postgres);
    const ended = new Promise((resolve) => postgres.once('exit', (_code, signal) => resolve(signal)));

    await folder.remove();

    expect(await ended).toBe('SIGINT');
    expect(existsSync(folder.path)).toBe(false);
  });

  it('is cleared when its owner is killed with SIGKILL, which runs no afterAll nor exit hook', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-guard-'));
    made.push(dir);
    // The owner: a test process that guards the folder and starts a server from it, then is killed.
    const owner = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { spawn } from 'node:child_process';
         import { guardFolder } from ${JSON.stringify(join(import.meta.dirname, 'folder-guard.ts'))};
         guardFolder(process.argv[1]);
         const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', '-D', process.argv[1] + '/data'], { detached: true, stdio: 'ignore' });
         console.log(child.pid);
         setInterval(() => {}, 1000);`,
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(owner);
    const postgres = Number(await firstLine(owner));
    orphans.push(postgres);
    expect(isRunning(postgres)).toBe(true);

    owner.kill('SIGKILL');

    // Waits for the guard's work, however long a loaded machine takes, not for a set time.
    while (existsSync(dir) || isRunning(postgres)) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(dir)).toBe(false);
  });

  it('removes only the folder it guards, and one never made is no error', async () => {
    const other = mkdtempSync(join(tmpdir(), 'op-guard-other-'));
    made.push(other);
    const folder = guardFolder(join(other, 'never-made'));
    await folder.remove();
    expect(existsSync(other)).toBe(true);
    expect(existsSync(folder.path)).toBe(false);
  });
});
