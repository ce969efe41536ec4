// `npm run bench:api`: the API on loopback. Pool stats and the stats of a miner with 50
// workers, each at a fixed 1,000 requests a second (open loop, so slow answers cannot hide
// by slowing the sender) and at full speed, next to a constant JSON answer of the same
// process (the anonymous profile: no database) measured in the same run. Then the memory of
// the API process with the default demo (simulator and its backfill) running.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';

const PORT = 18960;
const TOKEN = 'bench-token-0123456789abcdef';
const RATE = Number(process.env.BENCH_API_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const DEMO = process.env.BENCH_API_DEMO !== 'off';
const root = join(import.meta.dirname, '..');

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'op-bench-api-'));
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      INGEST_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve());
    child.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });
  return { child, dir };
}

async function stopApi({ child, dir }: { child: ChildProcess; dir: string }) {
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
  rmSync(dir, { recursive: true, force: true });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port: PORT, path, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${path}: ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Open loop: one request every 1/RATE s whatever the answers do. */
async function fixedRate(path: string) {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const total = RATE * SECONDS;
  const started = performance.now();
  let errors = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      get(path).then(
        (ms) => void latencies.push(ms),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), errors };
}

/** Closed loop at full speed with 16 connections for 5 s. */
async function fullSpeed(path: string) {
  const end = performance.now() + 5000;
  let n = 0;
  const worker = async () => {
    while (performance.now() < end) {
      await get(path);
      n += 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return n / 5;
}

async function seed() {
  // A pool of 200 miners and one miner with 50 workers, 24 hours of 10-minute shares.
  const now = Date.now();
  let seq = 0;
  const from = now - 24 * 3600_000;
  for (let t = from; t < now; t += 2 * 3600_000) {
    const events: IngestEvent[] = [
      {
        type: 'network',
        seq: ++seq,
        coin: 'ltc',
        difficulty: 5e7,
        hashrate: 2e15,
        height: 2_900_000,
        reward: '625000000',
        at: t,
      },
    ];
    for (let step = t; step < Math.min(now, t + 2 * 3600_000); step += 600_000) {
      for (let w = 0; w < 50; w += 1) {
        events.push({
          type: 'share',
          seq: ++seq,
          coin: 'ltc',
          address: 'ltc1qbenchfarm',
          worker: `l9-${w}`,
          scheme: 'pps',
          difficulty: 2 ** 20,
          status: 'valid',
          ip: '192.0.2.7',
          at: step + w,
        });
      }
      for (let m = 0; m < 200; m += 1) {
        events.push({
          type: 'share',
          seq: ++seq,
          coin: 'ltc',
          address: `ltc1qminer${m}`,
          worker: 'rig',
          scheme: m % 5 ? 'pps' : 'prop',
          difficulty: 2 ** 16,
          status: 'valid',
          ip: '192.0.2.8',
          at: step + 100 + m,
        });
      }
    }
    const response = await fetch(`http://127.0.0.1:${PORT}/internal/v1/events?source=bench`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
      body: toNdjson(events),
    });
    if (response.status !== 200) throw new Error(await response.text());
  }
}

const api = await startApi({ SIMULATOR: 'off' });
try {
  await seed();
  const targets = [
    ['constant JSON (baseline)', '/api/v2/profile'],
    ['pool stats', '/ltc/api/v1/pool/stats'],
    ['miner stats, 50 workers', '/ltc/api/v1/miner/stats/ltc1qbenchfarm'],
    ['miner workers, 50 workers', '/ltc/api/v3/miner/workers/ltc1qbenchfarm'],
  ] as const;
  for (const [, path] of targets) await get(path); // warm up
  for (const [name, path] of targets) {
    const fixed = await fixedRate(path);
    const max = await fullSpeed(path);
    console.log(
      `api: ${name.padEnd(26)} at ${RATE}/s: ${fixed.rps.toFixed(0)} req/s, p50 ${fixed.p50.toFixed(2)} ms, p99 ${fixed.p99.toFixed(2)} ms, errors ${fixed.errors}; full speed ${max.toFixed(0)} req/s`,
    );
  }
  console.log(`api: RSS of the API process after the load: ${rssMb(api.child.pid!).toFixed(0)} MB`);
} finally {
  await stopApi(api);
}

if (DEMO) {
  const started = Date.now();
  const demo = await startApi({});
  try {
    for (;;) {
      const health = (await (await fetch(`http://127.0.0.1:${PORT}/health`)).json()) as {
        simulator: { state: string; backfill_seconds?: number };
      };
      if (health.simulator.state === 'live') {
        console.log(
          `api: demo start to live data (7-day backfill of every enabled coin): ${((Date.now() - started) / 1000).toFixed(1)} s (backfill ${health.simulator.backfill_seconds} s)`,
        );
        break;
      }
      if (health.simulator.state === 'failed') throw new Error('simulator failed');
      if (Date.now() - started > 300_000) throw new Error('backfill took over 5 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 10_000));
    console.log(
      `api: RSS of the API process with the demo running live: ${rssMb(demo.child.pid!).toFixed(0)} MB (PostgreSQL's processes not included)`,
    );
  } finally {
    await stopApi(demo);
  }
}
