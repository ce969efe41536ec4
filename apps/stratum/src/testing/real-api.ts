/**
 * The real API process for the stratum servers' end-to-end tests, as `npm start` runs it
 * (embedded PostgreSQL, the engine, the payout sender), on the test's clock (clock.ts), with
 * the public HTTP API the tests read it through. One helper for every chain's test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { SettableClock, TestClock } from './clock.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export interface RealApi {
  url: string;
  child: ChildProcess;
  /** Everything the API printed (for a failure's message). */
  log(): string;
  /** A GET of the public API, 200 or thrown with the answer. */
  get<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

/** Waits for a signal: `check` until it gives a value, polled every `everyMs`; the failure says what was last seen. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  options: { ms?: number; everyMs?: number; context?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.ms ?? 60_000);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${options.context ? `: ${options.context()}` : ''}`);
    await new Promise((done) => setTimeout(done, options.everyMs ?? 100));
  }
}

export async function startRealApi(options: {
  port: number;
  dataDir: string;
  token: string;
  clock: TestClock | SettableClock;
  /** The chain's settings (LTC_RPC_URL, XMR_DAEMON_URL, …). */
  env: Record<string, string>;
  readyMs?: number;
}): Promise<RealApi> {
  const settable = 'attach' in options.clock ? options.clock : undefined;
  const child = spawn(process.execPath, ['--import', join(import.meta.dirname, 'api-clock.ts'), 'apps/api/src/server.ts'], {
    cwd: ROOT,
    // The IPC channel carries a settable clock's moves (api-clock.ts).
    stdio: ['ignore', 'pipe', 'pipe', ...(settable ? (['ipc'] as const) : [])],
    env: {
      // The API's own environment parser reads these; the child needs PATH and the like too.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      OPENPOOL_TEST_CLOCK: options.clock.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(options.port),
      DATA_DIR: options.dataDir,
      SIMULATOR: 'off',
      INGEST_TOKEN: options.token,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  settable?.attach(child);
  let log = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const api: RealApi = {
    url,
    child,
    log: () => log,
    async get<T>(path: string) {
      const response = await fetch(url + path);
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
  await until(
    'the API to be ready',
    () => {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${log}`);
      return fetch(`${url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { ms: options.readyMs ?? 120_000, everyMs: 200 },
  );
  return api;
}
