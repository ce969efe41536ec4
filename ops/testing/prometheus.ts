/**
 * A real Prometheus for the ops tests (Debian's `prometheus` package): started on loopback in
 * a temporary folder with a config that scrapes the given targets every second and loads the
 * given rule files; asked over its HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';

export interface Prometheus {
  url: string;
  query<T = { metric: Record<string, string>; value: [number, string] }[]>(expr: string): Promise<T>;
  alerts(): Promise<{ labels: Record<string, string>; state: string; value: string }[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  port: number;
  /** job name -> host:port targets. */
  jobs: Record<string, string[]>;
  ruleFiles: string[];
}): Promise<Prometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'op-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
    rule_files: options.ruleFiles,
    scrape_configs: Object.entries(options.jobs).map(([job, targets]) => ({ job_name: job, static_configs: [{ targets }] })),
  };
  writeFileSync(join(dir, 'prometheus.yml'), JSON.stringify(config));
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${options.port}`;
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error}`);
    return body.data;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    query: async (expr) => (await api<{ result: never }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
    alerts: async () => (await api<{ alerts: never[] }>('/api/v1/alerts')).alerts,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
