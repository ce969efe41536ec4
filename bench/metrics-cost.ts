// `npm run bench:metrics`: what the Prometheus metrics cost (decision 022), in one run.
// 1. Ingest: two API processes on fresh embedded PostgreSQLs, one without metrics (no
//    API_METRICS_PORT: nothing counted) and one with them, scraped every
//    BENCH_METRICS_SCRAPE_SECONDS (15); shares per second through the whole ingest path.
// 2. Uncached renders: two web servers with PAGE_CACHE_MB=0 in front of one API (a simulated
//    day), one with WEB_METRICS_PORT (scraped likewise), one without; renders per second of a
//    mix of pages at 4 connections.
// Each part also prints the CPU per request of each process (less blurred by other work on the
// machine than times) and what one scrape costs.
// Off and on take turns request by request for 2 x BENCH_METRICS_ROUNDS x BENCH_METRICS_SECONDS
// seconds, so a machine that slows down (other work) weighs on both alike. Needs `npm run build`.
// BENCH_METRICS_ONLY=ingest or web runs one part.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';
import { startSite } from './lib/site.mjs';

const SECONDS = Number(process.env.BENCH_METRICS_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 5);
const TOKEN = 'bench-token-0123456789abcdef';
const root = join(import.meta.dirname, '..');
const PORT = { off: 19210, on: 19211, onMetrics: 19212, site: 19220, webOff: 19222, webOn: 19223, webOnMetrics: 19224 };

const SCRAPE_SECONDS = Number(process.env.BENCH_METRICS_SCRAPE_SECONDS ?? 15);
const scrape = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`).then(
    (r) => r.text(),
    () => '',
  );

/** Prometheus' part: a scrape every BENCH_METRICS_SCRAPE_SECONDS (15, a common interval). */
function scrapeEvery(port: number) {
  const timer = setInterval(() => void scrape(port), SCRAPE_SECONDS * 1000);
  return () => clearInterval(timer);
}

/** What one scrape costs the process, apart from the load: 20 scrapes in a row, CPU per scrape. */
async function scrapeCost(what: string, pid: number, port: number) {
  const before = cpuMs(pid);
  for (let i = 0; i < 20; i += 1) await scrape(port);
  console.log(`${what}: one scrape costs the process ${((cpuMs(pid) - before) / 20).toFixed(1)} ms of CPU`);
}

async function startApi(port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'op-bench-metrics-'));
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      SIMULATOR: 'off',
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
  return {
    pid: child.pid!,
    async stop() {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await done;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * bench/ingest.ts's shape of batch, smaller (5,000 shares of 2,000 miners, a minute of event time each),
 * on ltc with a network sample its main chain could show (decision 018's bounds).
 */
function batches() {
  let seq = 0;
  // Inside PPS's 48-hour window (decision 018), with room for 2,000 batches before the wall clock.
  let at = Date.now() - 40 * 3600_000;
  return (size = 5000): string => {
    const events: IngestEvent[] = [
      { type: 'network', seq: ++seq, coin: 'ltc', difficulty: 7e4, hashrate: 2e15, height: 3_200_000, reward: '625000000', at },
    ];
    for (let i = 0; i < size; i += 1) {
      const m = (i * 7919) % 2000;
      at += 1;
      events.push({
        type: 'share',
        seq: ++seq,
        coin: 'ltc',
        address: `ltc1qbench${String(m).padStart(30, '0')}`,
        worker: `rig${i % 4}`,
        scheme: m % 10 === 0 ? 'prop' : 'pps',
        difficulty: 65536,
        status: i % 97 === 0 ? 'stale' : 'valid',
        ip: '192.0.2.10',
        at,
        agent: 'lolMiner/1.92',
      });
    }
    at += 60_000;
    return toNdjson(events);
  };
}

/** Time spent on each side's requests; requests of the two sides take turns, so drift weighs on both. */
interface Side {
  count: number;
  ms: number[];
}
const side = (): Side => ({ count: 0, ms: [] });

async function timed<T>(into: Side, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  into.ms.push(performance.now() - started);
  return result;
}

async function postBatch(port: number, body: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/internal/v1/events?source=bench`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body,
  });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accepted: number }).accepted - 1;
}

async function render(base: string, path: string): Promise<void> {
  const response = await fetch(base + path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
}

/** CPU a process has used, in ms (utime + stime of /proc/PID/stat, at 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU per request of each side's process: what load on the machine cannot blur much. */
function reportCpu(what: string, off: { cpu: number; requests: number }, on: { cpu: number; requests: number }) {
  const [a, b] = [off.cpu / off.requests, on.cpu / on.requests];
  console.log(
    `${what}: CPU per request off ${a.toFixed(2)} ms, on ${b.toFixed(2)} ms: metrics on ${(((b - a) / a) * 100).toFixed(1)} % (positive: costlier)`,
  );
}

function report(what: string, off: Side, on: Side, rate: (s: Side) => number, unit: string) {
  const sum = (s: Side) => s.ms.reduce((total, ms) => total + ms, 0);
  const p50 = (s: Side) => [...s.ms].sort((a, b) => a - b)[Math.floor(s.ms.length / 2)]!;
  for (const [name, s] of [
    ['off', off],
    ['on ', on],
  ] as const)
    console.log(
      `${what}, metrics ${name}: ${rate(s).toFixed(0)} ${unit} (${s.ms.length} requests, ${(sum(s) / 1000).toFixed(1)} s, p50 ${p50(s).toFixed(1)} ms)`,
    );
  console.log(`${what}: metrics on ${(((rate(on) - rate(off)) / rate(off)) * 100).toFixed(1)} % against off (negative: slower)`);
}

/** `ingest` or `web` runs that part alone; both by default. */
const ONLY = process.env.BENCH_METRICS_ONLY;

// 1. Ingest.
if (ONLY !== 'web') await ingestPart();
async function ingestPart() {
  const apiOff = await startApi(PORT.off, {});
  const apiOn = await startApi(PORT.on, { API_METRICS_PORT: String(PORT.onMetrics) });
  const stopScraping = scrapeEvery(PORT.onMetrics);
  try {
    const [nextOff, nextOn] = [batches(), batches()];
    const [off, on] = [side(), side()];
    const started = Date.now();
    const cpu0 = [cpuMs(apiOff.pid), cpuMs(apiOn.pid)];
    for (let turn = 0; Date.now() - started < 2 * ROUNDS * SECONDS * 1000; turn += 1) {
      const [bodyOff, bodyOn] = [nextOff(), nextOn()];
      const offFirst = turn % 2 === 0;
      for (const which of offFirst ? ['off', 'on'] : ['on', 'off']) {
        if (which === 'off') off.count += await timed(off, () => postBatch(PORT.off, bodyOff));
        else on.count += await timed(on, () => postBatch(PORT.on, bodyOn));
      }
    }
    report(
      'ingest (batches of 5,000 shares, off and on in turns)',
      off,
      on,
      (s) => s.count / (s.ms.reduce((a, b) => a + b, 0) / 1000),
      'shares/s',
    );
    reportCpu(
      'ingest, API process (PostgreSQL apart), per 5,000-share batch',
      { cpu: cpuMs(apiOff.pid) - cpu0[0]!, requests: off.ms.length },
      {
        cpu: cpuMs(apiOn.pid) - cpu0[1]!,
        requests: on.ms.length,
      },
    );
    await scrapeCost('ingest, API', apiOn.pid, PORT.onMetrics);
  } finally {
    stopScraping();
    await Promise.all([apiOff.stop(), apiOn.stop()]);
  }
}

// 2. Uncached renders.
if (ONLY !== 'ingest') await webPart();
async function webPart() {
  const site = await startSite(PORT.site);
  try {
    const webOff = await site.addWeb(PORT.webOff, { PAGE_CACHE_MB: '0' });
    const webOn = await site.addWeb(PORT.webOn, { PAGE_CACHE_MB: '0', WEB_METRICS_PORT: String(PORT.webOnMetrics) });
    const stop = scrapeEvery(PORT.webOnMetrics);
    const paths = ['/', '/btc', '/ltc', '/kas', '/ru/btc', '/btc/hashrate', '/ltc/top-miners'];
    // Four connections; each asks off and on for the same page in turns (which first alternates).
    const run = async (off: Side, on: Side, seconds: number) => {
      const end = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: 4 }, async (_, offset) => {
          for (let i = offset; Date.now() < end; i += 4) {
            const path = paths[i % paths.length]!;
            for (const which of i % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
              if (which === 'off') await timed(off, () => render(webOff.base, path));
              else await timed(on, () => render(webOn.base, path));
            }
          }
        }),
      );
    };
    await run(side(), side(), 5); // warm both (JIT, the API's memo)
    const [off, on] = [side(), side()];
    const cpu0 = [cpuMs(webOff.pid), cpuMs(webOn.pid)];
    await run(off, on, 2 * ROUNDS * SECONDS);
    const cpu = [cpuMs(webOff.pid) - cpu0[0]!, cpuMs(webOn.pid) - cpu0[1]!];
    stop();
    // Four connections, half their time on each side: a side's rate is its renders over its time, times 4.
    report(
      `uncached renders (${paths.length} pages, 4 connections)`,
      off,
      on,
      (s) => (4 * s.ms.length) / (s.ms.reduce((a, b) => a + b, 0) / 1000),
      'renders/s',
    );
    await scrapeCost('uncached renders, web', webOn.pid, PORT.webOnMetrics);
    reportCpu(
      'uncached renders, web process',
      { cpu: cpu[0]!, requests: off.ms.length },
      { cpu: cpu[1]!, requests: on.ms.length },
    );
  } finally {
    await site.stop();
  }
}
