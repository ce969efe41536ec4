// `npm run bench:ingest`: shares per second accounted into PostgreSQL through the whole
// ingest path (HTTP POST of NDJSON on loopback -> parse and validate -> engine -> commit),
// sustained for BENCH_INGEST_SECONDS (default 60), from two concurrent senders. Next to it, the same process's rate of
// answering a trivial request (the /health baseline), measured in the same run.
// A fresh embedded PostgreSQL in a temporary folder; nothing else is touched.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { networkSampleBounds } from '@openpool/domain/chain-bounds';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';

const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 60);
const BATCH = Number(process.env.BENCH_INGEST_BATCH ?? 50_000);
const MINERS = 2000;
const WORKERS_PER_MINER = 4;
const PORT = 18950;
const TOKEN = 'bench-token-0123456789abcdef';
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'op-bench-ingest-'));

// The API runs as its own process, as in production; this process only generates and sends.
const api = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: String(PORT),
    API_HOST: '127.0.0.1',
    SIMULATOR: 'off',
    INGEST_TOKEN: TOKEN,
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  api.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve());
  api.on('exit', (code) => reject(new Error(`API exited (${code})`)));
});
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const coins = ['ltc', 'kas', 'etc', 'rvn'] as const;
let seq = 0;
// Event time runs ahead of the wall clock's past: 20k shares span 20 s of event time, so a
// 60 s run crosses several hour boundaries and the hour jobs (PPS credit, payouts) run too.
// Within PPS's 48-hour window: older events are refused (decision 018).
let at = Date.now() - 40 * 3600_000;
function batch(): string {
  const events: IngestEvent[] = [];
  for (const coin of coins) {
    // Each chain's own figures: the reference its bounds are derived from (chain-bounds.ts).
    const bounds = networkSampleBounds(coin, 'main');
    events.push({
      type: 'network',
      seq: ++seq,
      coin,
      difficulty: bounds.difficulty[0] * 1e4,
      hashrate: bounds.hashrate[0] * 1e4,
      height: bounds.height[0] * 2,
      reward: (bounds.reward[1] / 4n).toString(),
      at,
    });
  }
  for (let i = 0; i < BATCH; i += 1) {
    const m = (i * 7919) % MINERS;
    const coin = coins[m % coins.length]!;
    at += 1;
    events.push({
      type: 'share',
      seq: ++seq,
      coin,
      address: `addr${coin}${m}`,
      worker: `rig${i % WORKERS_PER_MINER}`,
      scheme: m % 10 === 0 ? 'prop' : m % 17 === 0 ? 'solo' : 'pps',
      difficulty: 65536,
      status: i % 97 === 0 ? 'stale' : 'valid',
      ip: '192.0.2.10',
      at,
      agent: 'lolMiner/1.92',
    });
  }
  at += 1000 * 60; // a minute of event time per batch
  return toNdjson(events);
}

async function post(body: string, source: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${PORT}/internal/v1/events?source=${source}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body,
  });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

async function baseline(ms: number) {
  let n = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await (await fetch(`http://127.0.0.1:${PORT}/api/v2/profile`)).arrayBuffer();
    n += 1;
  }
  return (n * 1000) / ms;
}

try {
  const base = await baseline(2000);
  // Generate ahead so generation is not measured; two batches in flight keep the engine busy
  // while the next body is parsed.
  let shares = 0;
  const batchLatencies: number[] = [];
  const started = Date.now();
  // Two senders, as two stratum servers would be: one body is parsed while the engine
  // commits the other (the engine itself applies one batch at a time).
  const sender = async (source: string) => {
    while (Date.now() - started < SECONDS * 1000) {
      const body = batch();
      const t = performance.now();
      await post(body, source);
      batchLatencies.push(performance.now() - t);
      shares += BATCH;
    }
  };
  await Promise.all([sender('bench-a'), sender('bench-b')]);
  const seconds = (Date.now() - started) / 1000;
  batchLatencies.sort((a, b) => a - b);
  const p = (q: number) => batchLatencies[Math.min(batchLatencies.length - 1, Math.floor(q * batchLatencies.length))]!.toFixed(0);
  console.log(
    `ingest: ${Math.round(shares / seconds).toLocaleString('en-US')} shares/s sustained over ${seconds.toFixed(0)} s (${shares.toLocaleString('en-US')} shares in ${batchLatencies.length} batches of ${BATCH.toLocaleString('en-US')} from 2 senders; ${MINERS} miners, ${MINERS * WORKERS_PER_MINER} workers, 4 coins)`,
  );
  console.log(`ingest: batch latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  console.log(`ingest: baseline, trivial request on the same server: ${base.toFixed(0)} req/s sequential`);
  console.log(`ingest: API process RSS ${rssMb().toFixed(0)} MB after the run (PostgreSQL's own processes not included)`);
} finally {
  await new Promise((resolve) => {
    api.once('exit', resolve);
    api.kill('SIGINT');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
