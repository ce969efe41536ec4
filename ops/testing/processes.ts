/**
 * The real processes for the ops tests (decision 022): the API (`apps/api/src/server.ts`), the web
 * server's build (`apps/web/build/server.js`) and the stratum server, each started as `npm
 * start` starts it, with its own environment, logs kept for the failure message, and stopped
 * with SIGTERM (SIGKILL after 15 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const TOKEN = 'ops-test-ingest-token-0123456789';

export interface Service {
  name: string;
  child: ChildProcess;
  log(): string;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export function startService(name: string, args: string[], env: Record<string, string>, cwd = ROOT): Service {
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The app's own env parser reads these; the child needs PATH and the like too.
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  let log = '';
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    log: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.ok,
    () => false,
  );

async function ready(service: Service, url: string, timeoutMs: number): Promise<Service> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited with ${service.child.exitCode}:\n${service.log()}`);
    if (Date.now() > deadline)
      throw new Error(`${service.name} not ready at ${url} after ${timeoutMs / 1000} s:\n${service.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return service;
}

export function startApi(port: number, env: Record<string, string>, name = 'api'): Promise<Service> {
  const service = startService(name, ['apps/api/src/server.ts'], {
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    INGEST_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    ...env,
  });
  return ready(service, `http://127.0.0.1:${port}/ready`, 150_000);
}

export function startWeb(port: number, apiUrl: string, env: Record<string, string> = {}, name = 'web'): Promise<Service> {
  const service = startService(
    name,
    ['build/server.js'],
    { HOST: '127.0.0.1', PORT: String(port), API_URL: apiUrl, ...env },
    join(ROOT, 'apps', 'web'),
  );
  return ready(service, `http://127.0.0.1:${port}/favicon.svg`, 60_000);
}

export function startStratum(env: Record<string, string>): Service {
  return startService('stratum', ['apps/stratum/src/main.ts'], { STRATUM_HOST: '127.0.0.1', INGEST_TOKEN: TOKEN, ...env });
}

export async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`metrics on ${port}: ${response.status} ${await response.text()}`);
  return response.text();
}

/** Names of the metric families a scrape exports (histograms and summaries by their base name). */
export function metricNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const match = /^# TYPE (\S+) (\S+)/.exec(line);
    if (!match) continue;
    const [, name, type] = match as unknown as [string, string, string];
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}
