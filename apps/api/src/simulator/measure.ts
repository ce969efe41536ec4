/**
 * Measures a default backfill: `npx node apps/api/src/simulator/measure.ts [days]`.
 * Prints event counts per type and generation time (no database, no HTTP).
 */
import { readFileSync } from 'node:fs';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import type { CoinTicker } from '@openpool/domain/coins';
import { createSimulator } from './simulator.ts';

const root = new URL('../../../../', import.meta.url);
const pool = parsePoolConfig(JSON.parse(readFileSync(new URL('content/pools.json', root), 'utf8')));
const site = JSON.parse(readFileSync(new URL('content/site.json', root), 'utf8')) as { enabled: CoinTicker[] };
const days = Number(process.argv[2] ?? 7);

const counts = new Map<string, number>();
let lines = 0;
let bytes = 0;
let batches = 0;
const simulator = createSimulator({
  seed: 42,
  coins: site.enabled,
  pool,
  send: async (_source, ndjson) => {
    batches += 1;
    bytes += ndjson.length;
    if (process.argv[3] === "fast") { lines += 1; return; }
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
console.log({ coins: site.enabled.length, days, lines, batches, megabytes: Math.round(bytes / 1e6), ...Object.fromEntries(counts) });
console.log(`wall ${Math.round(performance.now() - started)} ms, cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms`);
