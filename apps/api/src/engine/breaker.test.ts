/**
 * Decision 018 end to end, on real PostgreSQL: a network sample that jumps is held until the
 * chain confirms it; an hour of PPS above its ceiling and a payout above the coin's cap are
 * held, shown on /health, and released or discarded by the operator's command.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { networkSampleBounds, payoutCap } from '@openpool/domain/chain-bounds';
import type { IngestEvent, MinedTicker, NetworkEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { decideHeld, HeldDecisionError, listHeld } from './held.ts';

const T0 = Date.UTC(2026, 10, 2);
const MIN = 60_000;
const HOUR = 60 * MIN;
const LTC_MINER = 'ltc1qminera0000000000000000000000000000aaaa';
const NIR_MINER = 'nirminer0001';

afterAll(async () => {
  await stopTestServer();
});

async function withHarness(run: (h: Harness) => Promise<void>): Promise<void> {
  const h = await createHarness(T0, { live: true });
  try {
    await run(h);
  } finally {
    await h.close();
  }
}

let seq = 0;
function sample(coin: MinedTicker, at: number, difficultyFactor: number): NetworkEvent {
  const bounds = networkSampleBounds(coin, 'main');
  // The real chain's reference difficulty is 10,000 times its floor (chain-bounds.ts).
  return {
    type: 'network',
    seq: ++seq,
    coin,
    difficulty: bounds.difficulty[0] * 1e4 * difficultyFactor,
    hashrate: bounds.hashrate[0] * 1e4,
    height: bounds.height[0] * 2,
    reward: (bounds.reward[1] / 4n).toString(),
    at,
  };
}

const latestDifficulty = async (h: Harness, coin: string) =>
  (
    await h.db.pool.query<{ difficulty: number }>(
      'select difficulty from network_samples where coin = $1 order by at desc limit 1',
      [coin],
    )
  ).rows[0]?.difficulty;

describe('network samples that jump', () => {
  it('are held until samples agree for half an hour, and the engine goes on with the last accepted one', async () => {
    await withHarness(async (h) => {
      const first = sample('btc', T0 + MIN, 1);
      expect((await h.ingest('eu1', [first])).statusCode).toBe(200);
      expect((await h.ingest('eu1', [sample('btc', T0 + 2 * MIN, 5)])).statusCode).toBe(200);
      expect(await latestDifficulty(h, 'btc')).toBe(first.difficulty);
      const health = await h.get<{ engine: { held_samples: { coin: string; reason: string; samples: number }[] } }>('/health');
      expect(health.body.engine.held_samples).toEqual([
        expect.objectContaining({ coin: 'btc', samples: 1, reason: expect.stringMatching(/^difficulty jumped from/) }),
      ]);
      await h.ingest('eu1', [sample('btc', T0 + 3 * MIN, 5.1)]);
      expect(await latestDifficulty(h, 'btc')).toBe(first.difficulty);
      // Three samples, but only two minutes of the chain's clock: still held (decision 029).
      await h.ingest('eu1', [sample('btc', T0 + 4 * MIN, 5.05)]);
      expect(await latestDifficulty(h, 'btc')).toBe(first.difficulty);
      const third = sample('btc', T0 + 32 * MIN, 5.05);
      await h.ingest('eu1', [third]);
      expect(await latestDifficulty(h, 'btc')).toBe(third.difficulty);
      expect((await h.get<{ engine: { held_samples: unknown[] } }>('/health')).body.engine.held_samples).toEqual([]);
    });
  });

  it('are not confirmed by a second source, and a blip back to normal clears the hold', async () => {
    await withHarness(async (h) => {
      await h.ingest('eu1', [sample('ltc', T0 + MIN, 1)]);
      await h.ingest('eu1', [sample('ltc', T0 + 2 * MIN, 0.1)]);
      const normal = sample('ltc', T0 + 3 * MIN, 1.02);
      await h.ingest('eu1', [normal]);
      expect(await latestDifficulty(h, 'ltc')).toBe(normal.difficulty);
      expect((await h.db.pool.query('select 1 from network_held')).rows).toEqual([]);
      await h.ingest('eu1', [sample('ltc', T0 + 4 * MIN, 0.1)]);
      // Another source name is the same ingest token: it confirms nothing (decision 029).
      await h.ingest('us1', [sample('ltc', T0 + 5 * MIN, 0.1)]);
      expect(await latestDifficulty(h, 'ltc')).toBe(normal.difficulty);
    });
  });
});

describe('the breaker', () => {
  const nirShare = (at: number, difficulty: number): IngestEvent => ({
    type: 'share',
    seq: ++seq,
    coin: 'nir',
    address: NIR_MINER,
    worker: 'rig1',
    scheme: 'pps',
    difficulty,
    status: 'valid',
    ip: '203.0.113.10',
    at,
  });

  async function heldHour(h: Harness) {
    const bounds = networkSampleBounds('nir', 'main');
    await h.ingest('nir', [
      { ...sample('nir', T0 + MIN, 1), difficulty: bounds.difficulty[0], reward: bounds.reward[1].toString() },
      nirShare(T0 + 2 * MIN, 1e20),
      nirShare(T0 + HOUR + MIN, 1),
    ]);
    const [item] = await listHeld(h.db.pool);
    expect(item).toMatchObject({ coin: 'nir', kind: 'pps_hour', reason: expect.stringMatching(/above/) });
    return item!;
  }

  const ppsLedger = async (h: Harness) =>
    (
      await h.db.pool.query<{ sum: string | null }>(
        `select sum(mature)::text as sum from ledger where coin = 'nir' and kind = 'pps'`,
      )
    ).rows[0]?.sum ?? null;

  it('holds an hour of PPS above its ceiling; release credits exactly what was held', async () => {
    await withHarness(async (h) => {
      const item = await heldHour(h);
      expect(await ppsLedger(h)).toBeNull();
      expect((await h.get<{ status: string }>('/health')).body.status).toBe('degraded');
      const released = await decideHeld(h.db.pool, item.id, 'release', h.clock.now);
      expect(released.total).toBe(item.total);
      expect(await ppsLedger(h)).toBe(item.total);
      expect(await listHeld(h.db.pool)).toEqual([]);
      expect((await h.get<{ status: string }>('/health')).body.status).toBe('ok');
      await expect(decideHeld(h.db.pool, item.id, 'discard', h.clock.now)).rejects.toBeInstanceOf(HeldDecisionError);
    });
  });

  it('discarding a held hour credits nothing, then or later', async () => {
    await withHarness(async (h) => {
      const item = await heldHour(h);
      await decideHeld(h.db.pool, item.id, 'discard', h.clock.now);
      await h.ingest('nir', [nirShare(T0 + 3 * HOUR + MIN, 1)]);
      // Only the innocent difficulty-1 share of the second hour was credited by the next run.
      const credited = BigInt((await ppsLedger(h)) ?? '0');
      expect(credited).toBeGreaterThan(0n);
      expect(credited).toBeLessThan(BigInt(item.total));
    });
  });

  it('holds a payout above the coin’s cap and sends it only once released', { timeout: 30_000 }, async () => {
    await withHarness(async (h) => {
      // Five PROP blocks of the largest reward a block may carry, confirmed: far above what
      // a day of the whole Litecoin chain could pay.
      const reward = '1000000000000'; // 10,000 LTC
      const events: IngestEvent[] = [];
      for (let i = 0; i < 5; i += 1) {
        const at = T0 + (i + 1) * MIN;
        events.push(
          {
            type: 'share',
            seq: ++seq,
            coin: 'ltc',
            address: LTC_MINER,
            worker: 'a1',
            scheme: 'prop',
            difficulty: 1000,
            status: 'valid',
            ip: '203.0.113.10',
            at,
          },
          {
            type: 'block',
            seq: ++seq,
            coin: 'ltc',
            height: 3_000_000 + i,
            hash: `ff${i}`,
            finder: LTC_MINER,
            scheme: 'prop',
            reward,
            fees: '0',
            at,
          },
        );
      }
      for (let i = 0; i < 5; i += 1)
        events.push({
          type: 'block_status',
          seq: ++seq,
          coin: 'ltc',
          hash: `ff${i}`,
          confirmations: 1000,
          orphaned: false,
          at: T0 + 10 * MIN,
        });
      expect((await h.ingest('ltc', events)).statusCode).toBe(200);
      expect((await h.ingest('ltc', [{ ...(events[0] as IngestEvent), seq: ++seq, at: T0 + HOUR + MIN }])).statusCode).toBe(200);
      await h.engine.sendPayouts();
      expect((await h.db.pool.query(`select 1 from payouts where coin = 'ltc'`)).rows).toEqual([]);
      const [item] = await listHeld(h.db.pool);
      expect(item).toMatchObject({ coin: 'ltc', kind: 'payout', address: LTC_MINER });
      expect(BigInt(item!.total)).toBeGreaterThan(payoutCap('ltc', 'main'));
      // The next hour does not hold it twice.
      await h.ingest('ltc', [{ ...(events[0] as IngestEvent), seq: ++seq, at: T0 + 2 * HOUR + MIN }]);
      expect(await listHeld(h.db.pool)).toHaveLength(1);
      await decideHeld(h.db.pool, item!.id, 'release', h.clock.now);
      expect(await h.engine.sendPayouts()).toBe(1);
      const paid = await h.db.pool.query<{ amount: string; status: string }>(
        `select amount::text as amount, status from payouts where coin = 'ltc'`,
      );
      expect(paid.rows).toEqual([{ amount: item!.total, status: 'paid' }]);
    });
  });
});
