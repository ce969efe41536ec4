// `npm run bench:stratum`: the stratum server (apps/stratum) on loopback, figures printed, never
// a pass/fail test. The server runs in this process on a fixed job (no node: what is measured
// is the server, not litecoind); the miners run in a child process (this file with `clients`),
// so the server's memory and event loop are its own. Measured in the same run:
//  - scrypt (N=1024, r=1, p=1) hashes per second on one core: the share check's cost;
//  - submit-to-answer latency p50/p99 at steady rates of real submissions (each checked with
//    scrypt), next to the same rates of a method answered without hashing (the baseline:
//    framing, JSON and the event loop alone);
//  - idle miners held (subscribed and authorised), the server's RSS before and after.
// Env: BENCH_PORT (3321), BENCH_STRATUM_IDLE (10000), BENCH_STRATUM_RATES (500,1000,2000,4000),
// BENCH_STRATUM_SECONDS (5 per rate).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { Bans } from '../apps/stratum/src/bans.ts';
import { BANS, sessionOptions } from '../apps/stratum/src/defaults.ts';
import { scryptPow } from '../apps/stratum/src/scrypt.ts';
import { createStratumServer } from '../apps/stratum/src/server.ts';
import type { PoolCore } from '../apps/stratum/src/session.ts';
import { createJob } from '../apps/stratum/src/testing/fixtures.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3321);
const ADDRESS = 'ltc1qbenchminer000000000000000000000000000';

if (process.argv[2] === 'clients') await clients(process.argv.slice(3));
else await main();

/** A miner connection: subscribe, authorise at a difficulty every hash meets, then `call`. */
async function connect(port: number, worker: string) {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  const waiting = new Map<number, (line: { error: unknown }) => void>();
  let nextId = 1;
  let buffer = '';
  let jobId = '';
  let ntime = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, at)) as {
        id: number | null;
        method?: string;
        params?: string[];
        error: unknown;
      };
      buffer = buffer.slice(at + 1);
      if (message.method === 'mining.notify') [jobId = '', , , , , , , ntime = ''] = message.params ?? [];
      else if (typeof message.id === 'number') {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    }
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const call = (method: string, params: unknown[]) =>
    new Promise<{ error: unknown }>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.write(JSON.stringify({ id, method, params }) + '\n');
    });
  await call('mining.subscribe', ['openpool-bench/1.0']);
  const login = `${ADDRESS}.${worker}`;
  await call('mining.authorize', [login, 'd=0.0000001']);
  let nonce = 0;
  return {
    call,
    submit: () => call('mining.submit', [login, jobId, '00000000', ntime, (nonce++).toString(16).padStart(8, '0')]),
    close: () => socket.destroy(),
  };
}

/** The child: `clients idle N` holds N miners; `clients load RATE SECONDS METHOD` sends at a steady rate. */
async function clients([mode, a = '0', b = '0', method = 'submit']: string[]): Promise<void> {
  if (mode === 'idle') {
    const held = [];
    for (let i = 0; i < Number(a); i += 250) {
      held.push(
        ...(await Promise.all(Array.from({ length: Math.min(250, Number(a) - i) }, (_, k) => connect(PORT, `idle${i + k}`)))),
      );
    }
    process.stdout.write(JSON.stringify({ held: held.length }) + '\n');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    for (const miner of held) miner.close();
    process.exit(0);
  }
  const rate = Number(a);
  const seconds = Number(b);
  const miners = await Promise.all(Array.from({ length: 20 }, (_, i) => connect(PORT, `load${i}`)));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  let sent = 0;
  const inFlight = new Set<Promise<unknown>>();
  // A tick every 5 ms sends what is due since the start: a steady rate, not bursts per second.
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(rate * seconds, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent++) {
        const miner = miners[sent % miners.length]!;
        const at = performance.now();
        const answer = (method === 'submit' ? miner.submit() : miner.call('mining.extranonce.subscribe', [])).then((line) => {
          latencies.push(performance.now() - at);
          if (line.error) errors += 1;
        });
        inFlight.add(answer);
        void answer.finally(() => inFlight.delete(answer));
      }
      if (sent >= rate * seconds) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  process.stdout.write(
    JSON.stringify({
      answered: latencies.length,
      perSecond: latencies.length / elapsed,
      p50: pick(0.5),
      p99: pick(0.99),
      errors,
    }) + '\n',
  );
  for (const miner of miners) miner.close();
  process.exit(0);
}

function child(args: string[]) {
  const proc = spawn(process.execPath, [import.meta.filename, 'clients', ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  let next: ((value: Record<string, number>) => void) | undefined;
  const queue: Record<string, number>[] = [];
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const value = JSON.parse(buffer.slice(0, at)) as Record<string, number>;
      buffer = buffer.slice(at + 1);
      const waiter = next;
      next = undefined;
      if (waiter) waiter(value);
      else queue.push(value);
    }
  });
  return {
    line: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise<Record<string, number>>((r) => (next = r))),
    release: () => proc.stdin.write('\n'),
    exited: new Promise((resolve) => proc.once('exit', resolve)),
  };
}

async function main(): Promise<void> {
  const rates = (process.env.BENCH_STRATUM_RATES ?? '500,1000,2000,4000').split(',').map(Number);
  const seconds = Number(process.env.BENCH_STRATUM_SECONDS ?? 5);
  const idle = Number(process.env.BENCH_STRATUM_IDLE ?? 10_000);

  // 1. scrypt on one core.
  const header = Buffer.alloc(80, 7);
  let hashes = 0;
  const until = performance.now() + 2000;
  while (performance.now() < until) {
    header.writeUInt32LE(hashes, 76);
    scryptPow(header);
    hashes += 1;
  }
  console.log(`scrypt (N=1024, r=1, p=1): ${(hashes / 2).toFixed(0)} hashes/s on one core (a share check is one hash)`);

  // The server on a fixed job; every share meets the difficulty the bench miners ask for.
  const job = createJob();
  let shares = 0;
  const core: PoolCore = {
    now: Date.now,
    currentJob: () => job,
    job: (id) => (id === job.id ? job : undefined),
    validateAddress: async () => true,
    onShare: () => void (shares += 1),
    onBlockCandidate: () => undefined,
    bans: new Bans(BANS),
    options: sessionOptions(1, 'pps'),
  };
  const server = createStratumServer(core);
  await server.listen(PORT, '127.0.0.1');

  // 2. Latency at steady rates: real submissions, then the baseline, rate by rate.
  console.log(`latency, ${seconds} s per rate, 20 connections (answered/s, p50, p99):`);
  for (const rate of rates) {
    for (const method of ['submit', 'baseline']) {
      const load = child(['load', String(rate), String(seconds), method]);
      const result = await load.line();
      await load.exited;
      console.log(
        `  ${String(rate).padStart(5)}/s ${method === 'submit' ? 'mining.submit (scrypt)  ' : 'baseline (no hashing)   '}` +
          `${result.perSecond!.toFixed(0).padStart(5)}/s  p50 ${result.p50!.toFixed(2)} ms  p99 ${result.p99!.toFixed(2)} ms` +
          (result.errors ? `  (${result.errors} errors)` : ''),
      );
    }
  }
  console.log(`  shares accepted by the server: ${shares}`);

  // 3. Idle miners held.
  global.gc?.();
  const before = process.memoryUsage().rss;
  const holder = child(['idle', String(idle)]);
  const started = performance.now();
  const { held } = await holder.line();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = process.memoryUsage().rss;
  console.log(
    `idle miners: ${server.connections()} held (${held} connected and authorised in ${((performance.now() - started) / 1000).toFixed(1)} s); ` +
      `server RSS ${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB with them ` +
      `(${((after - before) / Math.max(1, server.connections()) / 1024).toFixed(1)} KiB each)`,
  );
  holder.release();
  await holder.exited;
  await server.close();
}
