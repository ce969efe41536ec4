// `npm run bench:stratum-xmr`: the Monero stratum (apps/stratum/src/xmr) on a real `monerod
// --regtest`, figures printed, never a pass/fail test. Measured in one run, for each of three
// pools: the baseline (its hash is a stub: framing, JSON, job lookup, the event loop), RandomX
// light mode (256 MiB cache) and fast mode (XMR_RANDOMX_FAST=1: a 2 GiB dataset):
//  - shares verified per second through librandomx0 (koffi asynchronous calls) on 1 thread and
//    on every core (one verified share is one hash), and per core;
//  - the process's RSS once the mode's cache or dataset of one epoch is built (the baseline:
//    the process with the pool only), and how long the build took;
//  - submit-to-answer latency p50/p99 of a miner submitting at a steady rate while a second
//    miner submits beside it, each submission hashed in full.
// The submissions carry a wrong `result`, so every one is hashed in full and refused
// ("Incorrect hash"): the same work as an accepted share, without waiting for real shares.
// Env: BENCH_XMR_PORT (19190; monerod takes the next two), BENCH_XMR_RATE (submits/s of the
// first miner; default: half of what light mode measured on every core, less the second
// miner's third; the same rate for every pool), BENCH_XMR_SECONDS (20), BENCH_XMR_FAST=0 skips
// fast mode (it needs 2.1 GiB free). A third client sends `keepalived` 5 times a second
// throughout: its latency shows whether hashing holds the event loop.
import net from 'node:net';
import { cpus, freemem, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOutbox } from '../apps/stratum/src/outbox.ts';
import { makeAddress } from '../apps/stratum/src/xmr/address.ts';
import { xmrSessionOptions } from '../apps/stratum/src/xmr/defaults.ts';
import { startXmrPool } from '../apps/stratum/src/xmr/pool.ts';
import { loadRandomX, type RandomX } from '../apps/stratum/src/xmr/randomx.ts';
import { startMoneroRegtest } from '../apps/stratum/src/xmr/regtest.ts';

const PORT = Number(process.env.BENCH_XMR_PORT ?? 19190);
const RATE_SET = process.env.BENCH_XMR_RATE ? Number(process.env.BENCH_XMR_RATE) : undefined;
let RATE = 1;
const SECONDS = Number(process.env.BENCH_XMR_SECONDS ?? 20);
const FAST = process.env.BENCH_XMR_FAST !== '0';
const MINER = makeAddress('mainnet', 'standard', Buffer.alloc(32, 3), Buffer.alloc(32, 9));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const cores = cpus().length;

async function hashRate(randomx: RandomX, seed: Buffer, parallel: number, seconds: number): Promise<number> {
  const blob = Buffer.alloc(76, 3);
  let count = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async (_, lane) => {
      const input = Buffer.from(blob);
      input[0] = lane;
      for (let nonce = 0; Date.now() < end; nonce += 1) {
        input.writeUInt32LE(nonce, 39);
        await randomx.hash(seed, input);
        count += 1;
      }
    }),
  );
  return count / seconds;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** An XMRig-speaking client: logs in, then `submit` resolves with the answer's latency in ms. */
async function client(port: number, worker: string) {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  let buffer = '';
  let nextId = 1;
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, at)) as Record<string, unknown>;
      buffer = buffer.slice(at + 1);
      if (typeof message.id === 'number') {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    }
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const call = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.write(JSON.stringify({ id, jsonrpc: '2.0', method, params }) + '\n');
    });
  const login = (await call('login', { login: `${MINER}.${worker}`, pass: 'd=1', algo: ['rx/0'] })).result as {
    id: string;
    job: { job_id: string };
  };
  let nonce = 0;
  return {
    async keepalive(): Promise<number> {
      const started = performance.now();
      await call('keepalived', { id: login.id });
      return performance.now() - started;
    },
    async submit(): Promise<number> {
      const started = performance.now();
      const hex = Buffer.alloc(4);
      hex.writeUInt32LE(nonce++);
      await call('submit', { id: login.id, job_id: login.job.job_id, nonce: hex.toString('hex'), result: '00'.repeat(32) });
      return performance.now() - started;
    },
    close: () => socket.destroy(),
  };
}

/** One miner at RATE/s and a second at a third of it, for SECONDS; the first one's latencies. */
async function steady(port: number): Promise<{ latencies: number[]; keepalives: number[] }> {
  const [first, second, idle] = [await client(port, 'first'), await client(port, 'second'), await client(port, 'idle')];
  const latencies: number[] = [];
  const keepalives: number[] = [];
  const pending: Promise<unknown>[] = [];
  const timer = setInterval(() => pending.push(idle.keepalive().then((ms) => keepalives.push(ms))), 200);
  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(first.submit().then((ms) => latencies.push(ms)));
    if (i % 3 === 0) pending.push(second.submit());
  }
  clearInterval(timer);
  await Promise.all(pending);
  first.close();
  second.close();
  idle.close();
  return { latencies, keepalives };
}

const dir = mkdtempSync(join(tmpdir(), 'op-bench-xmr-'));
const node = await startMoneroRegtest(PORT, { difficulty: 1_000_000_000, wallet: false });

/** A pool on `randomx` under the steady load; its latencies and the process's RSS at the end. */
async function poolRun(name: string, randomx: RandomX) {
  const outbox = openOutbox({
    dir: join(dir, name),
    apiUrl: 'http://127.0.0.1:9',
    token: 'bench-token-0123456789',
    source: 'bench',
    log: () => undefined,
  });
  const pool = await startXmrPool({
    rpc: node.rpc,
    daemonUrl: node.daemonUrl,
    outbox,
    dataDir: join(dir, name),
    poolAddress: MINER,
    network: 'mainnet',
    randomx,
    session: xmrSessionOptions(1),
    // Every submit here is refused on purpose: no ban may cut the run short.
    bans: { minInvalid: Number.MAX_SAFE_INTEGER, banMs: 1 },
    log: () => undefined,
  });
  const port = await pool.server.listen(0, '127.0.0.1');
  const run = await steady(port);
  await pool.stop();
  await outbox.close();
  return { ...run, rss: process.memoryUsage().rss };
}

interface Row {
  mode: string;
  build?: string;
  one?: number;
  all?: number;
  rss: number;
  latencies: number[];
  keepalives: number[];
}
const rows: Row[] = [];
const ms = (values: number[], p: number) => percentile(values, p).toFixed(p === 50 ? 2 : 1);

try {
  const seedAnswer = await node.rpc<{ seed_hash: string }>('get_block_template', { wallet_address: MINER, reserve_size: 8 });
  const seed = Buffer.from(seedAnswer.seed_hash, 'hex');
  const load = [loadavg()[0]!];

  // Light mode's rate sets the steady load every pool gets; measured on a cache freed before
  // the baseline runs, so the baseline's RSS holds no RandomX memory.
  const probe = await loadRandomX({ threads: cores });
  await probe.prepare(seed);
  const lightOne = await hashRate(probe, seed, 1, 5);
  const lightAll = await hashRate(probe, seed, cores, 5);
  probe.close();
  RATE = RATE_SET ?? Math.max(1, Math.floor(lightAll * 0.5 * 0.75));

  const stub: RandomX = {
    mode: 'light',
    hash: async () => Buffer.alloc(32, 0xff),
    prepare: async () => undefined,
    seeds: () => [],
    close: () => undefined,
  };
  rows.push({ mode: 'baseline (hash stubbed: parse, look up, answer)', ...(await poolRun('baseline', stub)) });

  const light = await loadRandomX({ threads: cores });
  let t = performance.now();
  await light.prepare(seed);
  const lightBuild = performance.now() - t;
  const lightRss = process.memoryUsage().rss;
  const lightRun = await poolRun('light', light);
  rows.push({
    mode: 'light (256 MiB cache)',
    build: `${(lightBuild / 1000).toFixed(1)} s`,
    one: lightOne,
    all: lightAll,
    ...lightRun,
    rss: Math.max(lightRss, lightRun.rss),
  });
  light.close();
  load.push(loadavg()[0]!);

  if (FAST && freemem() < 2.2 * 2 ** 30) console.log(`fast mode skipped: ${mib(freemem())} free, it needs 2.1 GiB`);
  else if (FAST) {
    const fast = await loadRandomX({ fast: true, threads: cores });
    t = performance.now();
    await fast.prepare(seed);
    const fastBuild = performance.now() - t;
    const fastRss = process.memoryUsage().rss;
    const fastOne = await hashRate(fast, seed, 1, 5);
    const fastAll = await hashRate(fast, seed, cores, 5);
    const fastRun = await poolRun('fast', fast);
    rows.push({
      mode: 'fast (2 GiB dataset, XMR_RANDOMX_FAST=1)',
      build: `${(fastBuild / 1000).toFixed(1)} s`,
      one: fastOne,
      all: fastAll,
      ...fastRun,
      rss: Math.max(fastRss, fastRun.rss),
    });
    fast.close();
    load.push(loadavg()[0]!);
  }

  console.log(
    `Monero stratum, ${cores} cores, load average ${load.map((l) => l.toFixed(1)).join(' -> ')}; steady load ${RATE}/s + ` +
      `${(RATE / 3).toFixed(1)}/s from a second miner for ${SECONDS} s, a third miner's keepalived 5/s:`,
  );
  console.log(
    '| Pool | Cache/dataset built | Shares verified/s, 1 thread | on every core | per core | RSS | Submit-to-answer p50 / p99 ms | keepalived p50 / p99 ms |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const row of rows)
    console.log(
      `| ${row.mode} | ${row.build ?? '-'} | ${row.one?.toFixed(1) ?? '-'} | ${row.all?.toFixed(1) ?? '-'} | ` +
        `${row.all === undefined ? '-' : (row.all / cores).toFixed(1)} | ${mib(row.rss)} | ` +
        `${ms(row.latencies, 50)} / ${ms(row.latencies, 99)} (${row.latencies.length}) | ${ms(row.keepalives, 50)} / ${ms(row.keepalives, 99)} |`,
    );
} finally {
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
}
