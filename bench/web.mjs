// `npm run bench:web`: figures for the web server on loopback (pages render real data from an API
// started for the run), next to static copies of the same HTML served
// by the same process in the same run (these machines are shared and noisy; compare, don't trust
// absolutes). Prints: JavaScript of a first visit (gzipped KB), SSR and static requests per
// second with p50/p99 latency, and the server's memory. Bounded: a few seconds per target.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

// The pages render real pool data: an API with one simulated day, fixed after its backfill.
const API_PORT = PORT + 1;
const apiData = mkdtempSync(join(tmpdir(), 'op-bench-web-'));
const api = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
  env: {
    ...process.env,
    API_HOST: '127.0.0.1',
    API_PORT: String(API_PORT),
    DATA_DIR: apiData,
    SIMULATOR_BACKFILL_DAYS: '1',
    SIMULATOR_LIVE: 'off',
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const server = spawn(process.execPath, ['server.ts'], {
  cwd: join(root, 'apps/web'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    API_URL: `http://127.0.0.1:${API_PORT}`,
    PUBLIC_API_URL: `http://localhost:${API_PORT}`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const staticDir = join(root, 'apps/web/build/client/__bench');
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  if (api.exitCode === null) api.kill('SIGINT');
  rmSync(staticDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitUp() {
  for (let i = 0; i < 1200; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${API_PORT}/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${BASE}/favicon.svg`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('web server did not start (is the site built? npm run build)');
}

async function firstVisitJavaScript(path) {
  const html = await (await fetch(BASE + path, { headers: { 'accept-language': 'en' } })).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let raw = 0;
  let gzipped = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(BASE + url)).arrayBuffer());
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzipped, htmlGzipped: gzipSync(html).length };
}

async function load(path) {
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  let errors = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(BASE + path, { headers: { 'accept-language': 'en' } });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), count: latencies.length, errors };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

await waitUp();
for (const path of ['/', '/btc', '/ltc/difficulty', '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']) {
  const js = await firstVisitJavaScript(path);
  console.log(
    `first visit of ${path}: ${js.files} JS files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzipped / 1024).toFixed(1)} KB gzipped before any chart; HTML ${(js.htmlGzipped / 1024).toFixed(1)} KB gzipped`,
  );
}
// The same HTML as a static file of the same server: the baseline a render is compared with.
mkdirSync(staticDir, { recursive: true });
for (const [name, path] of [
  ['home.html', '/'],
  ['btc.html', '/btc'],
]) {
  writeFileSync(join(staticDir, name), await (await fetch(BASE + path, { headers: { 'accept-language': 'en' } })).text());
}
console.log(`load: ${CONCURRENCY} concurrent connections, ${SECONDS} s per target, loopback`);
for (const [label, path] of [
  ['static copy of / (baseline)', '/__bench/home.html'],
  ['SSR /', '/'],
  ['static copy of /btc (baseline)', '/__bench/btc.html'],
  ['SSR /btc', '/btc'],
  ['SSR /ru/btc/miner/stats/{address}', '/ru/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
]) {
  await load(path); // warm-up: the first pass pays for JIT and caches, and is discarded
  const r = await load(path);
  console.log(
    `${label.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.count} requests, ${r.errors} errors)`,
  );
}
console.log(`web server memory after load: ${rssMb(server.pid).toFixed(0)} MB RSS`);
stop();
