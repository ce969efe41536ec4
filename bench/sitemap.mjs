// `npm run bench:sitemap`: does a client fetching the sitemaps in a loop slow the pages down
// (issue 26, item 6)? The built site on loopback (bench/lib/site.mjs), figures for `/about`
// (a page-cache hit, what a popular page gets) and for a static copy of its HTML served by the
// same process (the baseline), first alone, then while other clients fetch
// `/sitemap/devices.xml` and the index `/sitemap.xml` in a loop with `accept-encoding: gzip`.
// Goal: `/about` keeps at least 80 % of its rate alone.
//
// Plain node:http with kept-alive sockets, bodies drained but never decoded: a crawler's cost to
// the server, and no client CPU spent unzipping megabytes on the two cores the server shares.
// Bounded: BENCH_SECONDS (5) per row, loopback only.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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

const forSeconds = () => {
  const deadline = performance.now() + SECONDS * 1000;
  return () => performance.now() >= deadline;
};

/** `path` for SECONDS at CONNECTIONS, after a discarded warm-up; with `background`, beside it. */
async function measure(path, background) {
  await loop([path], page, CONNECTIONS, forSeconds());
  let done = false;
  const beside = background ? loop(background.paths, crawler, background.clients, () => done) : null;
  const result = await loop([path], page, CONNECTIONS, forSeconds());
  done = true;
  return { result, beside: await beside };
}

const line = (label, r) =>
  `  ${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.count} req, ${r.errors} errors)`;

// What one sitemap costs on the wire, and whether it is validated and kept.
const probe = new Agent({ keepAlive: true });
console.log('sitemaps as a crawler gets them (accept-encoding: gzip)');
for (const path of ['/sitemap.xml', '/sitemap/devices.xml', '/robots.txt']) {
  const first = await get(probe, path, crawler);
  const plain = await get(probe, path, {});
  const etag = first.headers.etag;
  const again = etag ? await get(probe, path, { ...crawler, 'if-none-match': etag }) : null;
  console.log(
    `  ${path.padEnd(22)} ${first.status}, ${(plain.bytes / 1024).toFixed(1)} KB, ${(first.bytes / 1024).toFixed(1)} KB as ${first.headers['content-encoding'] ?? 'identity'}; ` +
      `ETag ${etag ?? 'none'}; again with If-None-Match: ${again?.status ?? '-'}; Cache-Control: ${first.headers['cache-control'] ?? 'none'}`,
  );
}
probe.destroy();

mkdirSync(staticDir, { recursive: true });
const about = await fetch(`${site.base}/about`, { headers: { 'accept-language': 'en' } });
if (!about.ok) throw new Error(`/about: ${about.status}`);
writeFileSync(join(staticDir, 'about.html'), await about.text());

const sitemapLoop = (clients) => ({ paths: ['/sitemap/devices.xml', '/sitemap.xml'], clients });
console.log(`\n/about and a static copy of it, ${CONNECTIONS} connections, ${SECONDS} s per row, loopback`);
const rows = [];
for (const [label, path] of [
  ['static copy of /about (baseline)', '/__bench-sitemap/about.html'],
  ['/about (page cache)', '/about'],
]) {
  const alone = await measure(path);
  console.log(line(`${label}, alone`, alone.result));
  for (const clients of [1, 4]) {
    const { result, beside } = await measure(path, sitemapLoop(clients));
    console.log(line(`${label}, beside ${clients} sitemap loop${clients > 1 ? 's' : ''}`, result));
    console.log(
      `    the sitemap loop meanwhile: ${beside.rps.toFixed(0)} req/s, p99 ${beside.p99.toFixed(1)} ms, ${(beside.bytes / 1024 / 1024 / SECONDS).toFixed(1)} MB/s on the wire, ${beside.errors} errors`,
    );
    rows.push({ path, clients, share: result.rps / alone.result.rps });
  }
}
console.log('\n/about beside the sitemap loops, as a share of its rate alone (goal: 80 % or more)');
for (const { clients, share } of rows.filter((row) => row.path === '/about'))
  console.log(`  ${clients} loop${clients > 1 ? 's' : ''}: ${(share * 100).toFixed(0)} % ${share >= 0.8 ? 'ok' : 'BELOW GOAL'}`);
rmSync(staticDir, { recursive: true, force: true });
await site.stop();
