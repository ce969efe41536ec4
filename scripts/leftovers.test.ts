import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_FILE, SOCKET_PATH_MAX_BYTES, socketFolderFor } from '../apps/api/src/db/socket-folder.ts';
// @ts-expect-error -- a plain .mjs script of the repo root (scripts/test.mjs runs it), no types.
import {
  clearFolder,
  clearStage,
  describeLeftovers,
  isDataFolder,
  namesInside,
  processesInside,
  runStage,
} from './leftovers.mjs';

const made: string[] = [];
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* stopped by the test */
    }
  }
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

describe('namesInside', () => {
  it('takes the folder and paths inside it, as an argument or an option value', () => {
    expect(namesInside('/tmp/stage-a', '/tmp/stage-a')).toBe(true);
    expect(namesInside('/tmp/stage-a/op-test-x/data', '/tmp/stage-a')).toBe(true);
    expect(namesInside('--pgdata=/tmp/stage-a/op-test-x/data', '/tmp/stage-a')).toBe(true);
    expect(namesInside('unix_socket_directories=/tmp/stage-a/run', '/tmp/stage-a/')).toBe(true);
  });

  it('never takes another run whose folder only starts with the same letters', () => {
    expect(namesInside('/tmp/stage-ab/op-test-x/data', '/tmp/stage-a')).toBe(false);
    expect(namesInside('/tmp/stage', '/tmp/stage-a')).toBe(false);
    expect(namesInside('/tmp/op-test-x/data', '/tmp/stage-a')).toBe(false);
    expect(namesInside('-D', '/tmp/stage-a')).toBe(false);
  });
});

describe('processesInside', () => {
  it("finds the processes whose arguments name the folder, in a /proc of one's own making", () => {
    const proc = folder('leftovers-proc-');
    const cmdline = (pid: number, args: string[]) => {
      mkdirSync(join(proc, String(pid)));
      writeFileSync(join(proc, String(pid), 'cmdline'), args.map((arg) => `${arg}\0`).join(''));
    };
    cmdline(101, ['/opt/pg/bin/postgres', '-D', '/tmp/stage-a/op-test-1/data', '-p', '5432']);
    cmdline(102, ['/opt/pg/bin/postgres', '-D', '/tmp/stage-ab/op-test-2/data']); // another run's
    cmdline(103, ['postgres: checkpointer']); // a postmaster's child: goes with it
    cmdline(104, []); // a zombie
    cmdline(105, ['/tmp/stage-a/tool']); // the program alone does not count: its arguments do
    cmdline(106, ['/usr/bin/node', 'scripts/folder-guard.mjs', '/tmp/stage-a/op-test-3']);
    mkdirSync(join(proc, 'self'));
    expect(processesInside('/tmp/stage-a', { proc, except: [106] })).toEqual([
      { pid: 101, program: 'postgres', args: ['/opt/pg/bin/postgres', '-D', '/tmp/stage-a/op-test-1/data', '-p', '5432'] },
    ]);
    expect(processesInside('/tmp/stage-a', { proc, except: [] }).map((found: { pid: number }) => found.pid)).toEqual([101, 106]);
  });
});

describe('isDataFolder', () => {
  it("counts the project's folders and any PostgreSQL cluster, not the tools' caches", () => {
    const stage = folder('leftovers-stage-');
    mkdirSync(join(stage, 'node-compile-cache'));
    mkdirSync(join(stage, 'renamed', 'pg', 'data'), { recursive: true });
    writeFileSync(join(stage, 'renamed', 'pg', 'data', 'PG_VERSION'), '18\n');
    expect(isDataFolder(stage, 'op-test-abc')).toBe(true);
    expect(isDataFolder(stage, 'openpool-e2e-123')).toBe(true);
    expect(isDataFolder(stage, 'renamed')).toBe(true);
    expect(isDataFolder(stage, 'node-compile-cache')).toBe(false);
  });
});

describe('clearStage', () => {
  it('names, stops and removes what a stage left running and lying in its folder', async () => {
    const stage = folder('leftovers-stage-');
    const data = join(stage, 'op-test-left', 'data');
    mkdirSync(data, { recursive: true });
    mkdirSync(join(stage, 'node-compile-cache'));
    // Stands in for a postmaster left running: a process whose arguments name a folder of the stage.
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")', '--', '-D', data], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.push(server.pid!);
    await new Promise((resolve) => server.stdout.once('data', resolve));
    const gone = new Promise((resolve) => server.once('exit', resolve));

    const left = await clearStage(stage, { graceMs: 0 });

    expect(left.processes.map((found: { pid: number }) => found.pid)).toEqual([server.pid]);
    expect(left.folders).toEqual(['op-test-left']);
    expect(left.stuck).toEqual([]);
    expect(await gone).toBe(null); // it ended because it was told to (SIGINT), not on its own
    expect(existsSync(stage)).toBe(false);
    const message = describeLeftovers('unit tests', stage, left);
    expect(message).toContain(`unit tests left behind in ${stage} (its own temporary folder): 1 process and 1 data folder.`);
    expect(message).toContain(`pid ${server.pid}: node -e setInterval(() => {}, 1000); console.log("up") -- -D ${data}`);
    expect(message).toContain(`folder ${join(stage, 'op-test-left')}`);
    expect(message).not.toContain('node-compile-cache');
  });

  it('lets a process that is ending by itself end, and passes a stage that left only caches', async () => {
    const stage = folder('leftovers-stage-');
    mkdirSync(join(stage, 'node-compile-cache'));
    // A guard still clearing a folder when the stage's command returns: it ends within the grace.
    const guard = spawn(
      process.execPath,
      ['-e', 'process.stdin.on("end", () => process.exit(0)).resume(); console.log("up")', join(stage, 'op-x')],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    started.push(guard.pid!);
    await new Promise((resolve) => guard.stdout.once('data', resolve));
    expect(processesInside(stage).map((found: { pid: number }) => found.pid)).toEqual([guard.pid]);
    const clearing = clearStage(stage, { graceMs: 60_000 });
    guard.stdin.end();

    const left = await clearing;

    expect(left).toEqual({ processes: [], folders: [], stuck: [] });
    expect(describeLeftovers('ops tests', stage, left)).toBe('');
    expect(existsSync(stage)).toBe(false);
  });
});

describe("clearFolder (a test folder's guard)", () => {
  it("stops the folder's server and removes its socket folder, which is outside the folder", async () => {
    const test = folder('op-test-');
    const tmp = folder('leftovers-tmp-');
    const socketFolder = join(tmp, 'pg-openpool-0123456789ab');
    const another = join(tmp, 'pg-openpool-ba9876543210');
    mkdirSync(socketFolder);
    mkdirSync(another);
    writeFileSync(join(socketFolder, '.s.PGSQL.5432.lock'), '1\n');
    // Stands in for a postmaster: its data in the folder, its socket in the temporary folder.
    const args = ['-D', join(test, 'data'), '-c', `unix_socket_directories=${socketFolder}`];
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")', '--', ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.push(server.pid!);
    await new Promise((resolve) => server.stdout.once('data', resolve));

    const stopped = await clearFolder(test);

    expect(stopped.map((found: { pid: number }) => found.pid)).toEqual([server.pid]);
    expect(existsSync(test)).toBe(false);
    expect(existsSync(socketFolder)).toBe(false);
    // Another cluster's socket folder, which no stopped server named, stays.
    expect(existsSync(another)).toBe(true);
  });
});

describe('describeLeftovers', () => {
  it('names a server that would not stop and a folder that could not be removed', () => {
    const message = describeLeftovers('ops tests', '/tmp/stage-a', {
      processes: [{ pid: 42, program: 'postgres', args: ['/opt/pg/bin/postgres', '-D', '/tmp/stage-a/op-x/data'] }],
      folders: [],
      stuck: [42],
      notRemoved: 'EBUSY: resource busy or locked',
    });
    expect(message.split('\n')).toEqual([
      'ops tests left behind in /tmp/stage-a (its own temporary folder): 1 process. A stage must stop its servers and ' +
        'remove its folders, even when a test fails (decision 001). Cleared what could be:',
      '  pid 42: postgres -D /tmp/stage-a/op-x/data (STILL RUNNING)',
      '  and /tmp/stage-a could not be removed: EBUSY: resource busy or locked',
    ]);
    expect(describeLeftovers('lint', '/tmp/stage-b', { processes: [], folders: [], notRemoved: 'EBUSY' })).toContain(
      'lint left behind in /tmp/stage-b (its own temporary folder): the folder itself.',
    );
  });
});

describe('runStage (a step of npm test)', () => {
  it('fails a command that succeeds but leaves a server and a data folder in its temporary folder', async () => {
    // What a test file did before decision 001: a PostgreSQL of its own process group, started
    // from a folder under TMPDIR, and neither stopped nor removed.
    const script = `
      const { mkdtempSync, mkdirSync } = require('node:fs');
      const { join } = require('node:path');
      const { spawn } = require('node:child_process');
      const dir = mkdtempSync(join(require('node:os').tmpdir(), 'op-test-'));
      mkdirSync(join(dir, 'data'));
      const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', '-D', join(dir, 'data')], { detached: true, stdio: 'ignore' });
      server.unref();
      console.log(server.pid);`;
    const stage = await runStage('unit tests', process.execPath, ['-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      graceMs: 0,
    });
    started.push(...stage.left.processes.map((found: { pid: number }) => found.pid));

    expect(stage.status).toBe(0);
    expect(stage.ok).toBe(false);
    expect(stage.folder.startsWith(join(tmpdir(), 'op-u-'))).toBe(true);
    // The socket folder of the deepest cluster the tests make (the ops backup test's restore)
    // is made in the step's folder, so it is cleared with it, and fits PostgreSQL's 107 bytes.
    const deepest = socketFolderFor(join(stage.folder, 'op-backup-XXXXXX/fresh-thief-balance/postgres.restoring'), stage.folder);
    expect(deepest.startsWith(`${stage.folder}/pg-openpool-`)).toBe(true);
    expect(Buffer.byteLength(join(deepest, SOCKET_FILE))).toBeLessThanOrEqual(SOCKET_PATH_MAX_BYTES);
    expect(stage.left.processes).toHaveLength(1);
    expect(stage.left.folders).toHaveLength(1);
    expect(stage.left.folders[0]).toMatch(/^op-test-/);
    expect(stage.message).toContain(
      `pid ${stage.left.processes[0].pid}: node -e setInterval(() => {}, 1000) -- -D ${stage.folder}/op-test-`,
    );
    expect(existsSync(stage.folder)).toBe(false);
    expect(processesInside(stage.folder)).toEqual([]);
  });

  it('passes a command that cleans up after itself, whatever caches it leaves, and fails one that fails', async () => {
    const clean = await runStage(
      'ops tests',
      process.execPath,
      ['-e', "require('node:fs').mkdirSync(require('node:path').join(require('node:os').tmpdir(), 'node-compile-cache'))"],
      { stdio: 'ignore' },
    );
    expect(clean).toMatchObject({ ok: true, status: 0, message: '' });
    expect(existsSync(clean.folder)).toBe(false);

    const failing = await runStage('lint', process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    expect(failing).toMatchObject({ ok: false, status: 3, message: '' });
  });
});
