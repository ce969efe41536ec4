// `npm run bench:web`: figures for the web server on loopback (pages render real data from an API
// started for the run), each next to a static copy of the same HTML served by the same process in
// the same run (these machines are shared and noisy: compare, don't trust absolutes). Requests
// ask for what a browser asks for (Accept-Encoding with br), so the compression is the one
// visitors get; uncached rows also print the CPU the web server spent per request.
//   1. JavaScript and HTML of a first visit;
//   2. CACHED: the same URL again and again (page-cache hits; what a popular page gets), at 16
//      and 32 connections, with p99 (a stampede when an entry expires shows there);
//   3. UNCACHED: a second web server with PAGE_CACHE_MB=0, so every request renders (what a
//      distinct URL gets: a miner's page, a page nobody opened in the last 5 s): server time of
//      one request at a time (a farm of 2,000 workers among them), then a mix of pages at 16
//      connections, with one web process and with one per core (WEB_WORKERS);
//   4. ONE READ PER MINER PAGE (decision 034): the uncached miner page's CPU, web server and API
//      together, before and after the page read its figures in one API call, in this run: the
//      web app of BENCH_BEFORE (default: the last commit whose miner page made eight calls,
//      built once from `git archive` by bench/lib/before-build.mjs; BENCH_BEFORE=none skips it)
//      and this build, each in front of the same API, on the same rotation of miners;
//   5. MEMORY: RSS of the cached server before and after 20,000 requests on distinct URLs
//      (tracking parameters, distinct ranges and miners), twice.
// Bounded: a few seconds per target, a fixed count for the memory runs. BENCH_WEB_BUILD=apps/<copy>/build
// runs a copy made with WEB_BUILD_DIR (react-router.config.ts) instead of apps/web/build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeBuild } from './lib/before-build.mjs';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DISTINCT = Number(process.env.BENCH_DISTINCT_URLS ?? 20_000);

// The miner page's eight API calls were last made by this commit's web app (decision 034).
const BEFORE = process.env.BENCH_BEFORE ?? 'ea6fcc6';
const before = BEFORE === 'none' ? null : beforeBuild(BEFORE);

const webDir = process.env.BENCH_WEB_BUILD ? dirname(join(root, process.env.BENCH_WEB_BUILD)) : join(root, 'apps/web');
const site = await startSite(PORT, {}, { webDir });
const uncached = await site.addWeb(PORT + 2, { PAGE_CACHE_MB: '0' });
// The same, with one web process per core (WEB_WORKERS): what an operator runs on a multi-core box.
const cores = Math.min(4, availableParallelism());
const uncachedWorkers = await site.addWeb(PORT + 3, { PAGE_CACHE_MB: '0', WEB_WORKERS: String(cores) });
const staticDir = join(webDir, 'build/client/__bench');
process.on('exit', () => rmSync(staticDir, { recursive: true, force: true }));
// Miners the simulated day really has (an unknown one is a 404 'Nothing found' page).
const miners = {};
for (const coin of ['btc', 'ltc', 'kas']) {
  const { results } = await (await fetch(`${site.apiBase}/${coin}/api/v1/top-miners`)).json();
  miners[coin] = results.map((row) => row.address);
}
const MINER = miners.btc[0];
if (!MINER) throw new Error('the simulated day has no btc miner');
// What a browser sends: Brotli is what visitors get, and it costs the server differently from gzip.
const headers = { 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' };

async function firstVisit(base, path) {
  const html = await (await fetch(base + path, { headers })).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let gzipped = 0;
  for (const url of urls) gzipped += gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer()), { level: 9 }).length;
  return { files: urls.size, gzipped, html: Buffer.byteLength(html), htmlGzipped: gzipSync(html).length };
}

/** Requests for SECONDS from `connections` workers; `next()` gives each request's URL. */
async function load(base, next, connections) {
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  let errors = 0;
  let i = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(base + next(i++), { headers });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), count: latencies.length, errors };
}

/** CPU time (user + system, all threads) a process has used, in ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** One row; with `pid`, also the CPU that web server spent per request (its server time). */
async function row(label, base, next, connections, pid) {
  await load(base, next, connections); // warm-up: the first pass pays for JIT and caches, and is discarded
  const before = pid ? cpuMs(pid) : 0;
  const r = await load(base, next, connections);
  const cpu = pid ? `  web CPU ${((cpuMs(pid) - before) / r.count).toFixed(1)} ms/req` : '';
  console.log(
    `  ${label.padEnd(44)} ${String(connections).padStart(2)} conn ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.count} req, ${r.errors} errors)${cpu}`,
  );
}

/** Web server and API CPU per request, one connection, for SECONDS after a warm-up; returns their sum (ms). */
async function cpuRow(label, server, next) {
  await load(server.base, next, 1);
  const web = cpuMs(server.pid);
  const api = cpuMs(site.apiPid);
  const r = await load(server.base, next, 1);
  const webMs = (cpuMs(server.pid) - web) / r.count;
  const apiMs = (cpuMs(site.apiPid) - api) / r.count;
  console.log(
    `  ${label.padEnd(44)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  CPU web ${webMs.toFixed(1).padStart(5)} + API ${apiMs.toFixed(1).padStart(5)} = ${(webMs + apiMs).toFixed(1).padStart(5)} ms/req  (${r.count} req, ${r.errors} errors)`,
  );
  return webMs + apiMs;
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const fixed = (path) => () => path;

console.log('1. first visit (scripts named in the HTML; bench:lighthouse counts all a visit loads)');
for (const path of ['/', '/btc', '/ltc/difficulty', `/btc/miner/stats/${MINER}`]) {
  const v = await firstVisit(site.base, path);
  console.log(
    `  ${path.slice(0, 40).padEnd(40)} ${v.files} JS files, ${(v.gzipped / 1024).toFixed(1)} KB gzipped; HTML ${(v.html / 1024).toFixed(1)} KB, ${(v.htmlGzipped / 1024).toFixed(1)} KB gzipped`,
  );
}

// The same HTML as static files of the same servers: the baseline a render is compared with.
mkdirSync(staticDir, { recursive: true });
for (const [name, path] of [
  ['home.html', '/'],
  ['btc.html', '/btc'],
  ['miner.html', `/btc/miner/stats/${MINER}`],
]) {
  writeFileSync(join(staticDir, name), await (await fetch(site.base + path, { headers })).text());
}

console.log(`\n2. CACHED pages (the same URL again: page-cache hits), ${SECONDS} s per row, loopback`);
await row('static copy of /btc (baseline)', site.base, fixed('/__bench/btc.html'), 16);
await row('SSR / (cached)', site.base, fixed('/'), 16);
await row('SSR /btc (cached)', site.base, fixed('/btc'), 16);
await row('static copy of /btc (baseline)', site.base, fixed('/__bench/btc.html'), 32);
await row('SSR /btc (cached; expires every 5 s)', site.base, fixed('/btc'), 32);
await row(`SSR /ru/btc/miner/stats/{miner} (cached)`, site.base, fixed(`/ru/btc/miner/stats/${MINER}`), 32);

console.log(`\n3. UNCACHED renders (a web server with PAGE_CACHE_MB=0: every request renders), ${SECONDS} s per row`);
await row('static copy of /btc (baseline)', uncached.base, fixed('/__bench/btc.html'), 1, uncached.pid);
await row('SSR /btc, one at a time', uncached.base, fixed('/btc'), 1, uncached.pid);
await row('static copy of a miner page (baseline)', uncached.base, fixed('/__bench/miner.html'), 1, uncached.pid);
await row('SSR /btc/miner/stats/{miner}, one at a time', uncached.base, fixed(`/btc/miner/stats/${MINER}`), 1, uncached.pid);
await row('SSR /, one at a time', uncached.base, fixed('/'), 1, uncached.pid);
await row('SSR /device/gpu, one at a time', uncached.base, fixed('/device/gpu'), 1, uncached.pid);
// A farm: one ltc address with 2,000 workers, one small share each (it stays out of the top
// miners above), posted through the ingest path; its page draws the first 100 rows.
const FARM = 'LtcBenchFarm' + 'x'.repeat(22);
const farmAt = Date.now();
const farmShares = Array.from({ length: 2000 }, (_, i) =>
  JSON.stringify({
    type: 'share',
    seq: farmAt * 1000 + i,
    coin: 'ltc',
    address: FARM,
    worker: `rig${i}`,
    scheme: 'pps',
    difficulty: 1,
    status: 'valid',
    ip: '198.51.100.7',
    at: farmAt - 30_000,
  }),
);
const ingested = await fetch(`${site.apiBase}/internal/v1/events?source=bench-farm`, {
  method: 'POST',
  headers: { authorization: `Bearer ${site.ingestToken}`, 'content-type': 'application/x-ndjson' },
  body: `${farmShares.join('\n')}\n`,
});
if (!ingested.ok) throw new Error(`farm ingest: ${ingested.status} ${await ingested.text()}`);
// The row's label says 2,000 workers: never time a farm the engine has not finished taking in.
for (let tries = 0; ; tries++) {
  const { results } = await (await fetch(`${site.apiBase}/ltc/api/v3/miner/workers/${FARM}`)).json();
  if (results?.length === 2000) break;
  if (tries === 60) throw new Error(`farm: the API shows ${results?.length ?? 0} of its 2,000 workers after 30 s`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const farmHtml = await (await fetch(`${uncached.base}/ltc/miner/stats/${FARM}`, { headers })).text();
await row(
  `SSR a farm's page (2,000 workers, ${(farmHtml.length / 1024).toFixed(0)} KB), one at a time`,
  uncached.base,
  fixed(`/ltc/miner/stats/${FARM}`),
  1,
  uncached.pid,
);
const mix = [
  '/',
  '/btc',
  '/ru/ltc',
  ...miners.btc.slice(0, 5).map((a) => `/btc/miner/stats/${a}`),
  ...miners.ltc.slice(0, 3).map((a) => `/ltc/miner/stats/${a}`),
  '/device/gpu',
  '/kas',
];
await row('static copy of /btc (baseline)', uncached.base, fixed('/__bench/btc.html'), 16);
await row(`SSR mix of ${mix.length} pages (home, coins, miners)`, uncached.base, (i) => mix[i % mix.length], 16, uncached.pid);
await row(`same mix, WEB_WORKERS=${cores} (one process per core)`, uncachedWorkers.base, (i) => mix[i % mix.length], 16);

console.log(
  `\n4. ONE READ PER MINER PAGE (decision 034): uncached miner pages (PAGE_CACHE_MB=0), one at a time, ${SECONDS} s per row;` +
    `\n   CPU per page of the web server and of the API (the static row: what serving alone costs); miners in rotation,` +
    `\n   so the API's one-second memo of a miner's reads seldom answers`,
);
const minerPages = Object.entries(miners).flatMap(([coin, list]) => list.map((address) => `/${coin}/miner/stats/${address}`));
const rotate = (i) => minerPages[i % minerPages.length];
const beforeWeb = before
  ? await site.addWeb(PORT + 4, { PAGE_CACHE_MB: '0', CONTENT_DIR: join(before.dir, 'content') }, { webDir: before.webDir })
  : null;
const cpu = { before: [], now: [] };
await cpuRow('static copy of a miner page (baseline)', uncached, fixed('/__bench/miner.html'));
for (let round = 0; round < 2; round += 1) {
  if (beforeWeb) cpu.before.push(await cpuRow(`before: ${before.sha.slice(0, 7)}, 8 API calls a page`, beforeWeb, rotate));
  cpu.now.push(await cpuRow('now: one read, 1 API call a page', uncached, rotate));
}
// A farm's page (its 2,000 workers, section 3) shows what the read's size costs: one URL, so
// the API's memo answers most of its reads in both rows alike.
const farmPage = fixed(`/ltc/miner/stats/${FARM}`);
if (beforeWeb) await cpuRow(`before: a farm's page (2,000 workers)`, beforeWeb, farmPage);
await cpuRow(`now: a farm's page (2,000 workers)`, uncached, farmPage);
if (beforeWeb) {
  const best = (list) => Math.min(...list);
  console.log(
    `  web + API CPU per uncached miner page, best of 2: before ${best(cpu.before).toFixed(1)} ms, now ${best(cpu.now).toFixed(1)} ms` +
      ` (${((best(cpu.now) / best(cpu.before)) * 100).toFixed(0)} % of before)`,
  );
}

console.log(`\n5. MEMORY of the cached server: ${DISTINCT} requests on distinct URLs, 16 connections, twice`);
const all = Object.entries(miners).flatMap(([coin, list]) => list.map((a) => `/${coin}/miner/stats/${a}`));
const distinct = (run) => (i) => {
  const n = run * DISTINCT + i;
  const page = [...mix, ...all][n % (mix.length + all.length)];
  // Newsletter links, distinct chart ranges (a value the page reads, so a page of its own).
  return n % 3 === 0 ? `${page}?utm_source=mail-${n}` : n % 3 === 1 ? `/btc/hashrate?range=r${n}` : `${page}?fbclid=${n}`;
};
console.log(`  web server RSS before: ${rssMb(site.webPid).toFixed(0)} MB`);
for (const run of [0, 1]) {
  let sent = 0;
  const next = distinct(run);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (sent < DISTINCT) {
        const url = next(sent++);
        await (await fetch(site.base + url, { headers })).arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  after run ${run + 1} (${DISTINCT} URLs in ${seconds.toFixed(0)} s, ${(DISTINCT / seconds).toFixed(0)} req/s): ${rssMb(site.webPid).toFixed(0)} MB RSS`,
  );
}
rmSync(staticDir, { recursive: true, force: true });
await site.stop();
