// `npm run bench:audit`: what audit records (decision 025) cost. The same event stream (default:
// 10,000 miners on ltc, PPS, PROP and merged doge blocks; every third batch crosses an hour, so a
// PPS run credits all of them; BENCH_AUDIT_* change it), is applied by two engines in one process on one embedded
// PostgreSQL, one writing records and one not, batch by batch in alternating order so the
// machine's noise falls on both. Then a miner's proof through the real API route (Fastify's
// inject: routing, validation, the SQL, serialisation; no TCP), against a record of 10,000 leaves.
import type { IngestEvent } from '@openpool/domain/events';
import { createEngine } from '../apps/api/src/engine/engine.ts';
import { createSimulatedSender } from '../apps/api/src/engine/payouts/payout-sender.ts';
import { createHarness, POOL_CONFIG } from '../apps/api/src/testing/harness.ts';
import { createTestDatabase, stopTestServer } from '../apps/api/src/testing/database.ts';

const MINERS = Number(process.env.BENCH_AUDIT_MINERS ?? 10_000);
const BATCHES = Number(process.env.BENCH_AUDIT_BATCHES ?? 18);
const SHARES = Number(process.env.BENCH_AUDIT_SHARES ?? 20_000);
const PROOFS = Number(process.env.BENCH_AUDIT_PROOFS ?? 500);
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
/** Event time per batch, and how often a batch carries a PROP block (and every other such, a merged one). */
const STEP_MS = Number(process.env.BENCH_AUDIT_STEP_MINUTES ?? 20) * 60_000;
const BLOCK_EVERY = Number(process.env.BENCH_AUDIT_BLOCK_EVERY ?? 1);
const address = (m: number) => `ltc1qbench${String(m).padStart(30, '0')}`;

function batch(index: number, seqStart: number): IngestEvent[] {
  let seq = seqStart;
  const start = T0 + index * STEP_MS;
  const events: IngestEvent[] = [
    {
      type: 'network',
      seq: ++seq,
      coin: 'ltc',
      difficulty: 1000 + index * 3.3,
      hashrate: 1e12,
      height: 1000 + index * 4,
      reward: '625000000',
      at: start,
    },
  ];
  for (let i = 0; i < SHARES; i++) {
    const m = (i * 7919 + index) % MINERS;
    events.push({
      type: 'share',
      seq: ++seq,
      coin: 'ltc',
      address: address(m),
      worker: `rig${i % 3}`,
      scheme: m % 10 === 0 ? 'prop' : 'pps',
      difficulty: 16 + (i % 50) / 8,
      status: i % 97 === 0 ? 'stale' : 'valid',
      ip: '192.0.2.10',
      at: start + Math.floor((i * (STEP_MS - 2000)) / SHARES),
    });
  }
  const end = start + STEP_MS - 1000;
  const hash = (prefix: string) => `${prefix}${index.toString(16).padStart(8, '0')}`;
  if (index % BLOCK_EVERY !== 0) return events;
  events.push({
    type: 'block',
    seq: ++seq,
    coin: 'ltc',
    height: 1001 + index * 4,
    hash: hash('aa'),
    finder: address(0),
    scheme: 'prop',
    reward: '700000000',
    fees: '75000000',
    at: end,
  });
  if ((index / BLOCK_EVERY) % 2 === 0)
    events.push({
      type: 'block',
      seq: ++seq,
      coin: 'doge',
      merged_from: 'ltc',
      height: 50_000 + index,
      hash: hash('dd'),
      finder: address(0),
      scheme: 'prop',
      reward: '1000000000000',
      fees: '0',
      at: end,
    });
  return events;
}

const h = await createHarness(T0 + BATCHES * STEP_MS + 3_600_000, { testChains: ['ltc', 'doge'] });
const offDb = await createTestDatabase();
const off = createEngine({
  pool: offDb.pool,
  config: POOL_CONFIG,
  sender: createSimulatedSender(),
  audit: false,
  chains: new Map([
    ['ltc', 'test'],
    ['doge', 'test'],
  ]),
});
const times = { on: [] as number[], off: [] as number[] };
let seq = 0;
try {
  for (let i = 0; i < BATCHES; i++) {
    const events = batch(i, seq);
    seq = events.at(-1)!.seq;
    // Both engines parse nothing: the events go in as objects, so only the engine is timed.
    const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const which of order) {
      const started = performance.now();
      await (which === 'on' ? h.engine : off).ingest('bench', events);
      times[which].push(performance.now() - started);
    }
  }
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const hourly = Math.round(3_600_000 / STEP_MS);
  const crossing = (list: number[]) => list.filter((_, i) => i % hourly === 0 && i > 0);
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const overhead = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  console.log(
    `audit: ${BATCHES} batches of ${SHARES.toLocaleString('en-US')} shares, ${MINERS.toLocaleString('en-US')} miners, ` +
      `${STEP_MS / 60_000} min of event time each, a PROP block every ${BLOCK_EVERY} batches and a merged doge block every ${BLOCK_EVERY * 2}`,
  );
  console.log(
    `audit: engine batch time, records on ${sum(times.on).toFixed(0)} ms, off ${sum(times.off).toFixed(0)} ms: ${overhead(sum(times.on), sum(times.off))}`,
  );
  console.log(`audit: median batch on ${median(times.on).toFixed(1)} ms, off ${median(times.off).toFixed(1)} ms`);
  console.log(
    `audit: batches that ran a PPS hour: on ${sum(crossing(times.on)).toFixed(0)} ms, off ${sum(crossing(times.off)).toFixed(0)} ms: ${overhead(sum(crossing(times.on)), sum(crossing(times.off)))}`,
  );

  // The largest record: a merged block's, whose round is every pool miner.
  const records = await h.db.pool.query<{ seq: number; kind: string; leaf_count: number; bytes: number }>(
    `select seq, kind, leaf_count, octet_length(tree) as bytes from audit_records where chain = 'ltc' order by leaf_count desc limit 1`,
  );
  const biggest = records.rows[0]!;
  const latencies: number[] = [];
  for (let i = 0; i < PROOFS; i++) {
    const m = (i * 104_729) % MINERS;
    const started = performance.now();
    const answer = await h.get(`/ltc/api/v1/audit/${biggest.seq}/proof/${address(m)}`);
    latencies.push(performance.now() - started);
    if (answer.statusCode !== 200 && (biggest.kind !== 'pps' || m % 10 !== 0))
      throw new Error(`proof answered ${answer.statusCode}`);
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  console.log(
    `audit: proof of a ${biggest.kind} record of ${biggest.leaf_count.toLocaleString('en-US')} leaves (tree ${(biggest.bytes / 1e6).toFixed(2)} MB): p50 ${p(0.5)} ms, p99 ${p(0.99)} ms over ${PROOFS} proofs`,
  );
  // The same route machinery answering a constant (the anonymous profile, no database), in the same run: what the machine's load adds to any answer.
  const baseline: number[] = [];
  for (let i = 0; i < PROOFS; i++) {
    const started = performance.now();
    await h.get('/api/v2/profile');
    baseline.push(performance.now() - started);
  }
  baseline.sort((a, b) => a - b);
  const b = (q: number) => baseline[Math.min(baseline.length - 1, Math.floor(q * baseline.length))]!.toFixed(2);
  console.log(`audit: baseline, a constant answer through the same app: p50 ${b(0.5)} ms, p99 ${b(0.99)} ms`);
  const size = await h.db.pool.query<{ records: string; leaves: string }>(
    `select pg_size_pretty(pg_total_relation_size('audit_records')) as records, pg_size_pretty(pg_total_relation_size('audit_leaves')) as leaves`,
  );
  console.log(`audit: storage after the run: audit_records ${size.rows[0]!.records}, audit_leaves ${size.rows[0]!.leaves}`);
} finally {
  await h.close();
  await offDb.close();
  await stopTestServer();
}
