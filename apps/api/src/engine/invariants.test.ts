/**
 * Property tests of the accounting invariants against real PostgreSQL: random histories of
 * shares, blocks of every scheme, merged blocks, confirmations, orphans and hour boundaries
 * (which run PPS credit and payouts), ingested in random batch splits, with replays.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { difficultyWeight, propCredits } from '@openpool/domain/rewards';
import { createHarness, POOL_CONFIG } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { ledgerViolations } from './invariants.ts';

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const MINERS = ['ltc1qaaaa', 'ltc1qbbbb', 'ltc1qcccc', 'ltc1qdddd'];

type Step =
  | { kind: 'share'; miner: number; scheme: 'pps' | 'prop' | 'solo'; difficulty: number; status: 'valid' | 'stale' }
  | { kind: 'block'; scheme: 'pps' | 'prop' | 'solo'; finder: number; reward: number; fees: number; merged: boolean }
  | { kind: 'status'; block: number; orphan: boolean; confirmations: number }
  | { kind: 'wait'; minutes: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('share' as const),
      miner: fc.nat(3),
      scheme: fc.constantFrom('pps' as const, 'prop' as const, 'solo' as const),
      difficulty: fc.integer({ min: 1, max: 5000 }),
      status: fc.constantFrom('valid' as const, 'valid' as const, 'stale' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('block' as const),
      scheme: fc.constantFrom('pps' as const, 'prop' as const, 'solo' as const),
      finder: fc.nat(3),
      reward: fc.integer({ min: 1, max: 2_000_000_000 }),
      fees: fc.integer({ min: 0, max: 50_000_000 }),
      merged: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      block: fc.nat(20),
      orphan: fc.boolean(),
      confirmations: fc.constantFrom(1, 50, 100, 150),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 90 }) }) },
);

function toEvents(steps: Step[]): IngestEvent[] {
  const events: IngestEvent[] = [];
  let at = T0;
  let seq = 0;
  const hashes: { coin: 'ltc' | 'doge'; hash: string }[] = [];
  events.push({
    type: 'network',
    seq: ++seq,
    coin: 'ltc',
    difficulty: 10_000,
    hashrate: 1e12,
    height: 1,
    reward: '625000000',
    at: ++at,
  });
  events.push({
    type: 'network',
    seq: ++seq,
    coin: 'doge',
    difficulty: 5_000,
    hashrate: 1e12,
    height: 1,
    reward: '1000000000000',
    at: ++at,
  });
  for (const step of steps) {
    at += 1000;
    if (step.kind === 'wait') {
      at += step.minutes * MIN;
      events.push({
        type: 'network',
        seq: ++seq,
        coin: 'ltc',
        difficulty: 10_000,
        hashrate: 1e12,
        height: 1,
        reward: '625000000',
        at,
      });
    } else if (step.kind === 'share') {
      events.push({
        type: 'share',
        seq: ++seq,
        coin: 'ltc',
        address: MINERS[step.miner]!,
        worker: 'w1',
        scheme: step.scheme,
        difficulty: step.difficulty,
        status: step.status,
        ip: '192.0.2.1',
        at,
      });
    } else if (step.kind === 'block') {
      const hash = `b${hashes.length}`;
      const coin = step.merged ? 'doge' : 'ltc';
      const reward = BigInt(step.reward) + BigInt(step.fees);
      hashes.push({ coin, hash });
      events.push({
        type: 'block',
        seq: ++seq,
        coin,
        height: hashes.length,
        hash,
        finder: MINERS[step.finder]!,
        scheme: step.merged ? 'prop' : step.scheme,
        reward: reward.toString(),
        fees: String(step.fees),
        at,
        ...(step.merged ? { merged_from: 'ltc' as const } : {}),
      });
    } else {
      const target = hashes[step.block % Math.max(1, hashes.length)];
      if (!target) continue;
      events.push({
        type: 'block_status',
        seq: ++seq,
        coin: target.coin,
        hash: target.hash,
        confirmations: step.confirmations,
        orphaned: step.orphan,
        at,
      });
    }
  }
  return events;
}

function splitIntoBatches(events: IngestEvent[], cuts: number[]): IngestEvent[][] {
  const points = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
  const batches: IngestEvent[][] = [];
  let start = 0;
  for (const point of points) {
    if (point > start) batches.push(events.slice(start, point));
    start = Math.max(start, point);
  }
  batches.push(events.slice(start));
  return batches.filter((batch) => batch.length > 0);
}

afterAll(async () => {
  await stopTestServer();
});

describe('accounting invariants', () => {
  it('hold for random histories, batch splits and replays', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 5, maxLength: 60 }),
        fc.array(fc.nat(200), { maxLength: 4 }),
        fc.nat(5),
        async (steps, cuts, replayIndex) => {
          const events = toEvents(steps);
          // Toy difficulties and heights, as a regtest node sends them.
          const h = await createHarness(T0, { testChains: ['ltc', 'doge'] });
          try {
            const batches = splitIntoBatches(events, cuts);
            for (const batch of batches) {
              // Sent live: the clock is at the batch's last event, as a stratum server's would be.
              h.clock.now = batch.at(-1)!.at;
              expect((await h.ingest('prop-test', batch)).statusCode).toBe(200);
            }
            await h.engine.sendPayouts();
            const snapshot = async () =>
              (
                await h.db.pool.query(
                  'select coin, address, mature::text, immature::text, paid::text from balances order by 1, 2',
                )
              ).rows;
            const before = await snapshot();
            // Replaying any batch (or everything) changes nothing.
            const replay = replayIndex < batches.length ? batches[replayIndex]! : events;
            const again = await h.ingest('prop-test', replay);
            expect(again.body).toMatchObject({ accepted: 0 });
            expect(await snapshot()).toEqual(before);

            const q = async (sql: string) => (await h.db.pool.query(sql)).rows;
            // Balance = sum of its ledger, per bucket; none negative (also a CHECK constraint);
            // paid = its payouts; each payout's ledger row takes exactly its amount. The same
            // rule a restore checks before it swaps a dump in (invariants.ts).
            expect(await ledgerViolations(h.db.pool)).toEqual([]);
            // No payout above the balance it came from: the mature running sum never dips below zero.
            expect(
              await q(`select * from (select coin, address, sum(mature) over (partition by coin, address order by id) as running,
                sum(immature) over (partition by coin, address order by id) as running_immature
                from ledger) r where running < 0 or running_immature < 0`),
            ).toEqual([]);
            // Each block's credits plus the pool's cut are exactly what it distributed.
            const blocks = await q(`select b.id, b.coin, b.scheme, b.merged_from, b.reward::text, b.fees::text, b.pool_cut::text,
              coalesce((select sum(amount) from block_credits c where c.block_id = b.id), 0)::text as credited from blocks b`);
            for (const block of blocks) {
              const distributed = block.merged_from || block.scheme !== 'pps' ? BigInt(block.reward) : BigInt(block.fees);
              expect(BigInt(block.credited) + BigInt(block.pool_cut)).toBe(distributed);
            }
            // An orphan takes back exactly what its block credited, and nothing of it matured.
            expect(
              await q(`select b.id from blocks b where b.status = 'orphaned' and (
                coalesce((select sum(immature) from ledger l where l.block_id = b.id), 0) <> 0 or
                exists (select 1 from ledger l where l.block_id = b.id and l.mature <> 0))`),
            ).toEqual([]);
          } finally {
            await h.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a PROP block pays reward x (1 - fee) split by round difficulty, to the unit', () => {
    const fee = POOL_CONFIG.coins.get('ltc')!.feePpm.prop;
    const split = propCredits(700_000_001n, fee, [
      ['a', difficultyWeight(333.3)],
      ['b', difficultyWeight(666.7)],
    ]);
    expect([...split.credits.values()].reduce((a, b) => a + b, 0n) + split.remainder).toBe(693_000_000n);
    expect(split.credits.get('a')).toBe(230_976_900n);
  });
});
