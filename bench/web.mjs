// `npm run bench:web`: figures for the web server on loopback (pages render real data from an API
// started for the run), next to static copies of the same HTML served
// by the same process in the same run (these machines are shared and noisy; compare, don't trust
// absolutes). Prints: JavaScript of a first visit (gzipped KB), SSR and static requests per
// second with p50/p99 latency, and the server's memory. Bounded: a few seconds per target.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

// The pages render real pool data: an API with one simulated day, fixed after its backfill.
const site = await startSite(PORT);
const BASE = site.base;
const staticDir = join(root, 'apps/web/build/client/__bench');
// A miner the simulated day really has (an unknown one is a 404 'Nothing found' page).
const { results: topMiners } = await (await fetch(`${site.apiBase}/btc/api/v1/top-miners`)).json();
const MINER = topMiners[0]?.address;
if (!MINER) throw new Error('the simulated day has no btc miner');
process.on('exit', () => rmSync(staticDir, { recursive: true, force: true }));

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

for (const path of ['/', '/btc', '/ltc/difficulty', `/btc/miner/stats/${MINER}`]) {
  const js = await firstVisitJavaScript(path);
  console.log(
    `scripts named in the HTML of ${path}: ${js.files} JS files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzipped / 1024).toFixed(1)} KB gzipped (bench:lighthouse counts all a visit loads); HTML ${(js.htmlGzipped / 1024).toFixed(1)} KB gzipped`,
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
  ['SSR /ru/btc/miner/stats/{address}', `/ru/btc/miner/stats/${MINER}`],
]) {
  await load(path); // warm-up: the first pass pays for JIT and caches, and is discarded
  const r = await load(path);
  console.log(
    `${label.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.count} requests, ${r.errors} errors)`,
  );
}
console.log(`web server memory after load: ${rssMb(site.webPid).toFixed(0)} MB RSS`);
rmSync(staticDir, { recursive: true, force: true });
await site.stop();
