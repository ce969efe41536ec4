/**
 * Measures the simulator without a database or HTTP:
 * `npx node apps/api/src/simulator/measure.ts [days=7] [minersPerCoin=30] [liveMinutes=10]`.
 * Prints event counts per type and the generation time of a backfill over every enabled
 * coin, then the cost of live ticks of 5 s. (A timing, so never part of a test.)
 */
import { readFileSync } from 'node:fs';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import type { CoinTicker } from '@openpool/domain/coins';
import { createSimulator } from './simulator.ts';

const root = new URL('../../../../', import.meta.url);
const pool = parsePoolConfig(JSON.parse(readFileSync(new URL('content/pools.json', root), 'utf8')));
const site = JSON.parse(readFileSync(new URL('content/site.json', root), 'utf8')) as { enabled: CoinTicker[] };
const days = Number(process.argv[2] ?? 7);
const minersPerCoin = Number(process.argv[3] ?? 30);
const liveMinutes = Number(process.argv[4] ?? 10);

const counts = new Map<string, number>();
let lines = 0;
let bytes = 0;
let batches = 0;
const simulator = createSimulator({
  seed: 42,
  coins: site.enabled,
  pool,
  minersPerCoin,
  send: async (_source, ndjson) => {
    batches += 1;
    bytes += ndjson.length;
    let start = 0;
    for (;;) {
      const end = ndjson.indexOf('\n', start);
      if (end < 0) break;
      const type = ndjson.slice(start + 9, ndjson.indexOf('"', start + 9));
      const key = type === 'block_status' && ndjson.slice(start, end).includes('"orphaned":true') ? 'orphaned' : type;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      lines += 1;
      start = end + 1;
    }
  },
});
const now = Date.UTC(2025, 5, 1, 12, 3, 17);
const started = performance.now();
const cpuStarted = process.cpuUsage();
await simulator.run(now - days * 86_400_000, now, 'backfill');
const cpu = process.cpuUsage(cpuStarted);
console.log({
  coins: site.enabled.length,
  days,
  lines,
  batches,
  megabytes: Math.round(bytes / 1e6),
  ...Object.fromEntries(counts),
});
console.log(`wall ${Math.round(performance.now() - started)} ms, cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms`);

const linesBeforeLive = lines;
const liveCpu = process.cpuUsage();
const tick = 5_000;
for (let t = now; t < now + liveMinutes * 60_000; t += tick) await simulator.run(t, t + tick, 'live');
const liveUsed = process.cpuUsage(liveCpu);
const liveLines = lines - linesBeforeLive;
console.log(
  `live: ${liveMinutes} min in 5 s ticks: ${liveLines} lines (${Math.round(liveLines / (liveMinutes * 60))}/s), ` +
    `cpu ${Math.round((liveUsed.user + liveUsed.system) / 1000 / ((liveMinutes * 60_000) / tick))} ms per tick`,
);
