// `npm run bench:sitemap`: does a client fetching the sitemaps in a loop slow the pages down
// (decision 019)? The built site on loopback (bench/lib/site.mjs), figures for `/about`
// (a page-cache hit, what a popular page gets) and for a static copy of its HTML served by the
// same process (the baseline), first alone, then while other clients fetch
// `/sitemap/devices.xml` and the index `/sitemap.xml` in a loop with `accept-encoding: gzip`.
// Goal: `/about` keeps at least 80 % of its rate alone. Before that, each sitemap's sizes,
// ETag and 304, the web server's RSS once they are built, and the wall and CPU time of one
// device-sitemap request beside a static file's (figures a busy machine disturbs less).
//
// Plain node:http with kept-alive sockets, bodies drained but never decoded: a crawler's cost to
// the server, and no client CPU spent unzipping megabytes on the two cores the server shares.
// Each round measures both alone and beside the loops, BENCH_ROUNDS (3) rounds: the machine is
// shared, so a share is taken within one round and the median printed. Bounded: BENCH_SECONDS
// (5) per row, loopback only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;

const site = await startSite(PORT);
const staticDir = join(root, 'apps/web/build/client/__bench-sitemap');
process.on('exit', () => rmSync(staticDir, { recursive: true, force: true }));
const page = { 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' };
const crawler = { 'accept-encoding': 'gzip' };

/** One GET; resolves with status, headers and the body's size once it is drained. */
function get(agent, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request(`${site.base}${path}`, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `connections` clients sending `path` back to back until `stop()` says so; their figures. */
async function loop(paths, headers, connections, stop) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  let i = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop()) {
        const at = performance.now();
        try {
          const response = await get(agent, paths[i++ % paths.length], headers);
          bytes += response.bytes;
          if (response.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), count: latencies.length, errors, bytes };
}

const forSeconds = (seconds = SECONDS) => {
  const deadline = performance.now() + seconds * 1000;
  return () => performance.now() >= deadline;
};

/** `path` for SECONDS at CONNECTIONS; with `background`, beside it. */
async function measure(path, background) {
  writeStaticCopy();
  let done = false;
  const beside = background ? loop(background.paths, crawler, background.clients, () => done) : null;
  const result = await loop([path], page, CONNECTIONS, forSeconds());
  done = true;
  return { result, beside: await beside };
}

const line = (label, r) =>
  `  ${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.count} req, ${r.errors} errors)`;

/** CPU time (user + system, all threads) a process has used, in ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

// What one sitemap costs on the wire, and whether it is validated and kept.
const probe = new Agent({ keepAlive: true });
const rssBefore = rssMb(site.webPid);
console.log('sitemaps as a crawler gets them (accept-encoding: gzip)');
for (const path of [
  '/sitemap.xml',
  '/sitemap/pages.xml',
  '/sitemap/coins.xml',
  '/sitemap/articles.xml',
  '/sitemap/devices.xml',
  '/robots.txt',
]) {
  const first = await get(probe, path, crawler);
  const plain = await get(probe, path, {});
  const etag = first.headers.etag;
  const again = etag ? await get(probe, path, { ...crawler, 'if-none-match': etag }) : null;
  console.log(
    `  ${path.padEnd(22)} ${first.status}, ${(plain.bytes / 1024).toFixed(1)} KB, ${(first.bytes / 1024).toFixed(1)} KB as ${first.headers['content-encoding'] ?? 'identity'}; ` +
      `ETag ${etag ?? 'none'}; If-None-Match: ${again?.status ?? '-'}; Cache-Control: ${first.headers['cache-control'] ?? 'none'}`,
  );
}
console.log(
  `  web server RSS ${rssBefore.toFixed(0)} MB before the first sitemap requests, ${rssMb(site.webPid).toFixed(0)} MB after`,
);
// One request at a time: wall time and the web server's CPU per request, beside a static file.
for (const path of ['/favicon.svg', '/sitemap/devices.xml']) {
  const count = 100;
  const cpu = cpuMs(site.webPid);
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await get(probe, path, crawler);
  console.log(
    `  ${path.padEnd(22)} one at a time: ${((performance.now() - started) / count).toFixed(1)} ms per request, web CPU ${((cpuMs(site.webPid) - cpu) / count).toFixed(1)} ms per request`,
  );
}
probe.destroy();

// The static copy is written again before each row: another build empties build/client.
const aboutHtml = await (await fetch(`${site.base}/about`, { headers: { 'accept-language': 'en' } })).text();
const writeStaticCopy = () => {
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'about.html'), aboutHtml);
};

const sitemapLoop = (clients) => ({ paths: ['/sitemap/devices.xml', '/sitemap.xml'], clients });
const targets = [
  ['static copy of /about (baseline)', '/__bench-sitemap/about.html'],
  ['/about (page cache)', '/about'],
];
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `\n/about and a static copy of it, ${CONNECTIONS} connections, ${SECONDS} s per row, ${ROUNDS} rounds, loopback (load average ${loadAverage()})`,
);
// Warm-up, discarded: JIT, the page cache, each sitemap's one build.
for (const [, path] of targets) await loop([path], page, CONNECTIONS, forSeconds(2));
const shares = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  console.log(` round ${round}`);
  for (const [label, path] of targets) {
    // Alone and beside the loops in turn, so a neighbour's load on the machine hits both alike.
    const alone = await measure(path);
    console.log(line(`${label}, alone`, alone.result));
    for (const clients of [1, 4]) {
      const { result, beside } = await measure(path, sitemapLoop(clients));
      console.log(line(`${label}, beside ${clients} sitemap loop${clients > 1 ? 's' : ''}`, result));
      console.log(
        `    the sitemap loop meanwhile: ${beside.rps.toFixed(0)} req/s, p99 ${beside.p99.toFixed(1)} ms, ${(beside.bytes / 1024 / 1024 / SECONDS).toFixed(1)} MB/s on the wire, ${beside.errors} errors`,
      );
      if (path === '/about') shares.push({ clients, share: result.rps / alone.result.rps });
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\n/about beside the sitemap loops, as a share of its rate alone in the same round (goal: 80 % or more)`);
for (const clients of [1, 4]) {
  const mine = shares.filter((row) => row.clients === clients).map((row) => row.share);
  const middle = median(mine);
  console.log(
    `  ${clients} loop${clients > 1 ? 's' : ''}: median ${(middle * 100).toFixed(0)} % ${middle >= 0.8 ? 'ok' : 'BELOW GOAL'} (rounds: ${mine.map((share) => `${(share * 100).toFixed(0)} %`).join(', ')})`,
  );
}
console.log(`  load average at the end: ${loadAverage()}`);
rmSync(staticDir, { recursive: true, force: true });
await site.stop();
