/**
 * No unearned credit inside the bounds (decision 029), on real PostgreSQL through ingest. The
 * attacker holds the ingest token (a stratum server's power) and stays inside every bound of
 * decision 018. Each pool here has a week of honest samples at its chain's 2025 difficulty
 * first, as a running pool has: the breaker's reference is that week, weighted by time.
 *
 * The reproductions (decision 029's context) failed on the code before that decision:
 * - nir: one share credited 38,659.6 NIR for work that earns 43.2 NIR (the attack reported
 *   1,850,660.6 NIR in one hour): the count-weighted mean and the day's median moved;
 * - rvn: 305 samples each within the 4x jump rule walked the hour's mean 55x down: the hour
 *   paid 3,225.7 RVN for 75 RVN of work (43x; the attack reported 57x);
 * - a block reported again with its hash in upper case was credited a second time;
 * - a held jump was confirmed at once by a second `source` name.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hourCreditCeiling, networkSampleBounds } from '@openpool/domain/chain-bounds';
import type { IngestEvent, MinedTicker, NetworkEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { listHeld } from './held.ts';

const T0 = Date.UTC(2026, 10, 9);
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ADDRESS: Record<'nir' | 'rvn' | 'ltc', string> = {
  nir: 'nirminer0001',
  rvn: 'RminerA000000000000000000000000001',
  ltc: 'ltc1qminera0000000000000000000000000000aaaa',
};

afterAll(async () => {
  await stopTestServer();
});

/** The chain as it really is: its 2025 difficulty (10,000 times its floor) and subsidy. */
function honest(coin: MinedTicker) {
  const bounds = networkSampleBounds(coin, 'main');
  return {
    difficulty: bounds.difficulty[0] * 1e4,
    reward: bounds.reward[1] / 4n,
    hashrate: bounds.hashrate[0] * 1e4,
    height: bounds.height[0] * 2,
    bounds,
  };
}

/** A week of honest samples, one every 10 minutes up to T0, as the pool recorded them. */
async function withHistory(coins: readonly MinedTicker[], run: (h: Harness) => Promise<void>): Promise<void> {
  const h = await createHarness(T0, { live: true });
  try {
    for (const coin of coins) {
      const chain = honest(coin);
      await h.db.pool.query(
        `insert into network_samples (coin, at, difficulty, hashrate, height, reward)
         select $1, to_timestamp(t / 1000.0), $2, $3, $4, $5::numeric
         from generate_series($6::numeric, $7::numeric, $8::numeric) as t`,
        [coin, chain.difficulty, chain.hashrate, chain.height, chain.reward.toString(), T0 - 7 * DAY, T0, 10 * MIN],
      );
    }
    await run(h);
  } finally {
    await h.close();
  }
}

function createEvents() {
  let seq = 0;
  return {
    network: (coin: MinedTicker, at: number, difficulty: number, reward?: bigint): NetworkEvent => {
      const chain = honest(coin);
      return {
        type: 'network',
        seq: ++seq,
        coin,
        at,
        difficulty,
        hashrate: chain.hashrate,
        height: chain.height,
        reward: (reward ?? chain.reward).toString(),
      };
    },
    share: (coin: 'nir' | 'rvn' | 'ltc', at: number, difficulty: number, scheme: 'pps' | 'prop' = 'pps'): IngestEvent => ({
      type: 'share',
      seq: ++seq,
      coin,
      address: ADDRESS[coin],
      worker: 'rig1',
      scheme,
      difficulty,
      status: 'valid',
      ip: '203.0.113.10',
      at,
    }),
  };
}

/** Sends events in batches of at most 50, none spanning more than an hour (as a stratum server's outbox does). */
async function send(h: Harness, source: string, events: readonly IngestEvent[]): Promise<void> {
  let batch: IngestEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const answer = await h.ingest(source, batch);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    batch = [];
  };
  for (const event of events) {
    if (batch.length === 50 || (batch[0] && event.at - batch[0].at > HOUR)) await flush();
    batch.push(event);
  }
  await flush();
}

/** Events sorted by time and numbered again, so that `seq` grows as a source's does. */
const inTimeOrder = (events: IngestEvent[]): IngestEvent[] =>
  [...events].sort((a, b) => a.at - b.at).map((event, i) => ({ ...event, seq: i + 1 }));

const ppsCredited = async (h: Harness, coin: string): Promise<bigint> =>
  BigInt(
    (
      await h.db.pool.query<{ sum: string | null }>(
        `select coalesce(sum(mature), 0)::text as sum from ledger where coin = $1 and kind = 'pps'`,
        [coin],
      )
    ).rows[0]!.sum!,
  );

/** What `work` (difficulty-1 units) earns at the chain's honest difficulty and subsidy, before the fee. */
const earned = (coin: MinedTicker, work: number): bigint =>
  (BigInt(Math.round((work / honest(coin).difficulty) * 1e9)) * honest(coin).reward) / 1_000_000_000n;

describe('the issue’s reproductions', () => {
  it('nir: one share priced at a walked-down difficulty and a walked-up subsidy is held, not paid', async () => {
    await withHistory(['nir'], async (h) => {
      const e = createEvents();
      const chain = honest('nir');
      const floor = chain.bounds.difficulty[0];
      const events: IngestEvent[] = [];
      // Down 3.9x a sample (inside the 4x rule) to the chain's floor, the subsidy up 1.25x a
      // sample to its ceiling, then 305 reports at the floor: the count-weighted mean and the
      // day's median both moved with them.
      let difficulty = chain.difficulty;
      let reward = chain.reward;
      for (let i = 0; i < 8; i += 1) {
        difficulty = Math.max(floor, difficulty / 3.9);
        reward = reward * 5n <= chain.bounds.reward[1] * 4n ? (reward * 5n) / 4n : chain.bounds.reward[1];
        events.push(e.network('nir', T0 + 10 * SEC + i * SEC, difficulty, reward));
      }
      for (let i = 0; i < 305; i += 1) events.push(e.network('nir', T0 + 30 * SEC + i * 10 * SEC, floor, reward));
      // One share worth 80 % of the whole chain's hour ceiling at the floor's price.
      const share = (Number(hourCreditCeiling('nir', 'main') / reward) * 0.8 * floor) | 0;
      events.push(e.share('nir', T0 + 2 * MIN, share));
      events.push(e.share('nir', T0 + HOUR + 5 * MIN, 1));
      await send(h, 'eu1', events);
      const credited = await ppsCredited(h, 'nir');
      // It earned share / difficulty x subsidy: a few NIR. Was 1,850,660.6 NIR-like (credited, then paid).
      expect(credited).toBeLessThanOrEqual(4n * earned('nir', share));
      const held = await listHeld(h.db.pool);
      expect(held).toEqual([expect.objectContaining({ coin: 'nir', kind: 'pps_hour', hour: T0 })]);
    });
  });

  it('nir: one share above all the chain’s hashes of an hour, priced honestly, is held', async () => {
    await withHistory(['nir'], async (h) => {
      const e = createEvents();
      const chain = honest('nir');
      // Three times every block nir finds in an hour (one a second), in one share, at the
      // chain's real difficulty and subsidy: 540,000 NIR, under the chain ceiling (2,160,000).
      const share = 3 * 3600 * chain.difficulty;
      await send(h, 'eu1', [
        e.network('nir', T0 + MIN, chain.difficulty),
        e.share('nir', T0 + 2 * MIN, share),
        e.share('nir', T0 + HOUR + 5 * MIN, 1),
      ]);
      expect(earned('nir', share)).toBeLessThan(hourCreditCeiling('nir', 'main'));
      expect(await ppsCredited(h, 'nir')).toBe(0n);
      expect(await listHeld(h.db.pool)).toEqual([
        expect.objectContaining({ coin: 'nir', kind: 'pps_hour', reason: expect.stringMatching(/twice the whole chain’s hour/) }),
      ]);
    });
  });

  it('rvn: 305 samples walking the mean 55x down make a held hour, not 57x pay', async () => {
    await withHistory(['rvn'], async (h) => {
      const e = createEvents();
      const chain = honest('rvn');
      const events: IngestEvent[] = [];
      for (const [i, factor] of [3, 9, 27, 55].entries())
        events.push(e.network('rvn', T0 + 5 * SEC + i * SEC, chain.difficulty / factor));
      for (let i = 0; i < 301; i += 1) events.push(e.network('rvn', T0 + 10 * SEC + i * 11 * SEC, chain.difficulty / 55));
      // The hour's miners: 60 shares, one a minute.
      for (let i = 0; i < 60; i += 1) events.push(e.share('rvn', T0 + i * MIN + 30 * SEC, chain.difficulty / 1000));
      events.push(e.share('rvn', T0 + HOUR + 5 * MIN, 1));
      await send(h, 'eu1', inTimeOrder(events));
      const work = (60 * chain.difficulty) / 1000;
      expect(await ppsCredited(h, 'rvn')).toBeLessThanOrEqual(4n * earned('rvn', work));
      expect(await listHeld(h.db.pool)).toEqual([expect.objectContaining({ coin: 'rvn', kind: 'pps_hour', hour: T0 })]);
    });
  });

  it('rvn: the same 305 reports sent in the hour’s last minute weigh a minute: the hour pays what it earned', async () => {
    await withHistory(['rvn'], async (h) => {
      const e = createEvents();
      const chain = honest('rvn');
      const events: IngestEvent[] = [];
      for (const [i, factor] of [3, 9, 27, 55].entries())
        events.push(e.network('rvn', T0 + 59 * MIN + i * 10, chain.difficulty / factor));
      for (let i = 0; i < 301; i += 1) events.push(e.network('rvn', T0 + 59 * MIN + 100 + i * 100, chain.difficulty / 55));
      for (let i = 0; i < 60; i += 1) events.push(e.share('rvn', T0 + i * MIN + 30 * SEC, chain.difficulty / 1000));
      events.push(e.share('rvn', T0 + HOUR + 5 * MIN, 1));
      await send(h, 'eu1', inTimeOrder(events));
      const work = (60 * chain.difficulty) / 1000;
      // 59 minutes at the honest difficulty and one at 1/55 of it: 1/(59/60 + 1/3300) of what it
      // earned, less the fee (the count-weighted mean paid ~55x).
      const credited = await ppsCredited(h, 'rvn');
      expect(credited).toBeGreaterThan((earned('rvn', work) * 9n) / 10n);
      expect(credited).toBeLessThanOrEqual((earned('rvn', work) * 102n) / 100n);
      expect(await listHeld(h.db.pool)).toEqual([]);
    });
  });

  it('a block reported again with its hash in upper case is the same block, credited once', async () => {
    await withHistory([], async (h) => {
      const e = createEvents();
      const hash = 'ab'.repeat(32);
      const block = (seqAt: number, blockHash: string): IngestEvent => ({
        type: 'block',
        seq: seqAt,
        coin: 'ltc',
        height: 3_000_000,
        hash: blockHash,
        finder: ADDRESS.ltc,
        scheme: 'prop',
        reward: '625000000',
        fees: '0',
        at: T0 + 2 * MIN,
      });
      const share = e.share('ltc', T0 + MIN, 1000, 'prop');
      await send(h, 'eu1', [share, block(share.seq + 1, hash)]);
      const again = await h.ingest('eu1', [block(share.seq + 2, hash.toUpperCase())]);
      expect(again.statusCode).toBe(200);
      const rows = await h.db.pool.query<{ hash: string }>(`select hash from blocks where coin = 'ltc'`);
      expect(rows.rows).toEqual([{ hash }]);
      const immature = await h.db.pool.query<{ sum: string }>(
        `select sum(immature)::text as sum from ledger where coin = 'ltc' and kind = 'block'`,
      );
      expect(BigInt(immature.rows[0]!.sum)).toBeLessThan(625000000n);
      // Its status, in either case, finds it.
      await h.ingest('eu1', [
        {
          type: 'block_status',
          seq: share.seq + 3,
          coin: 'ltc',
          hash: hash.toUpperCase(),
          confirmations: 3,
          orphaned: false,
          at: T0 + 3 * MIN,
        },
      ]);
      expect((await h.db.pool.query(`select confirmations from blocks where coin = 'ltc'`)).rows).toEqual([{ confirmations: 3 }]);
    });
  });
});

describe('the reference of a coin with a node', () => {
  // No week of history here: the attacker's samples are all the pool has seen. The week's
  // reference follows them; the node's own difficulty does not.
  async function attack(nodeDifficulty?: ReadonlyMap<string, number>) {
    const h = await createHarness(T0, { live: true, nodeDifficulty });
    try {
      const e = createEvents();
      const chain = honest('ltc');
      const events: IngestEvent[] = [];
      for (let i = 0; i < 60; i += 1) events.push(e.network('ltc', T0 + i * MIN, chain.difficulty / 100));
      for (let i = 0; i < 10; i += 1) events.push(e.share('ltc', T0 + i * MIN + 30 * SEC, chain.difficulty / 1000));
      events.push(e.share('ltc', T0 + HOUR + 5 * MIN, 1));
      await send(h, 'eu1', inTimeOrder(events));
      return { credited: await ppsCredited(h, 'ltc'), held: await listHeld(h.db.pool) };
    } finally {
      await h.close();
    }
  }

  it('is the node’s difficulty: a pool whose samples all came from the attacker still holds the hour', async () => {
    const work = (10 * honest('ltc').difficulty) / 1000;
    const withoutNode = await attack();
    // The samples' own week says the hour earned what it was priced at: paid 100x.
    expect(withoutNode.held).toEqual([]);
    expect(withoutNode.credited).toBeGreaterThan(50n * earned('ltc', work));
    const withNode = await attack(new Map([['ltc', honest('ltc').difficulty]]));
    expect(withNode.credited).toBe(0n);
    expect(withNode.held).toEqual([
      expect.objectContaining({ coin: 'ltc', kind: 'pps_hour', reason: expect.stringMatching(/the ltc node’s difficulty/) }),
    ]);
  });
});

describe('a coin without a node in its first week', () => {
  it('an hour is judged at the chain’s own subsidy, not at one the samples walked up', async () => {
    // No history: every sample the pool has seen is the attacker's, the first at four times
    // nir's subsidy (the top of its bounds: the first sample has nothing to jump from). One
    // share of 1.5 times the whole chain's hour at the real difficulty is then priced at 6
    // times the chain's hour of coins, under "twice the chain's hour" at the samples' subsidy.
    const h = await createHarness(T0, { live: true });
    try {
      const e = createEvents();
      const chain = honest('nir');
      const reward = chain.bounds.reward[1];
      const share = 1.5 * 3600 * chain.difficulty;
      const events: IngestEvent[] = [];
      for (let i = 0; i < 60; i += 1) events.push(e.network('nir', T0 + i * MIN, chain.difficulty, reward));
      events.push(e.share('nir', T0 + 2 * MIN, share));
      events.push(e.share('nir', T0 + HOUR + 5 * MIN, 1));
      await send(h, 'eu1', inTimeOrder(events));
      // Was: 1,080,000 NIR credited (6 times every coin nir mints in that hour).
      expect(await ppsCredited(h, 'nir')).toBe(0n);
      expect(await listHeld(h.db.pool)).toEqual([
        expect.objectContaining({ coin: 'nir', kind: 'pps_hour', reason: expect.stringMatching(/twice the whole chain’s hour/) }),
      ]);
    } finally {
      await h.close();
    }
  });
});

describe('a jump is confirmed by time', () => {
  const latestDifficulty = async (h: Harness, coin: string) =>
    (
      await h.db.pool.query<{ difficulty: number }>(
        'select difficulty from network_samples where coin = $1 order by at desc limit 1',
        [coin],
      )
    ).rows[0]?.difficulty;

  it('never by a second source name: it takes samples agreeing for half an hour', async () => {
    await withHistory(['ltc'], async (h) => {
      const e = createEvents();
      const chain = honest('ltc');
      await h.ingest('eu1', [e.network('ltc', T0 + MIN, chain.difficulty)]);
      await h.ingest('eu1', [e.network('ltc', T0 + 2 * MIN, chain.difficulty / 10)]);
      for (const source of ['us1', 'as1', 'sa1']) await h.ingest(source, [e.network('ltc', T0 + 3 * MIN, chain.difficulty / 10)]);
      expect(await latestDifficulty(h, 'ltc')).toBe(chain.difficulty);
      // Agreeing samples for 29 minutes of the chain's clock: still held.
      for (let m = 4; m <= 31; m += 3) await h.ingest('eu1', [e.network('ltc', T0 + m * MIN, chain.difficulty / 10)]);
      expect(await latestDifficulty(h, 'ltc')).toBe(chain.difficulty);
      // Half an hour after it was first held: the chain has confirmed it.
      await h.ingest('eu1', [e.network('ltc', T0 + 32 * MIN, chain.difficulty / 10)]);
      expect(await latestDifficulty(h, 'ltc')).toBe(chain.difficulty / 10);
    });
  });

  it('a sample dated before the newest one is not used: history is not rewritten', async () => {
    await withHistory(['ltc'], async (h) => {
      const e = createEvents();
      const chain = honest('ltc');
      await h.ingest('eu1', [e.network('ltc', T0 + 30 * MIN, chain.difficulty)]);
      await h.ingest('eu1', [e.network('ltc', T0 - 10 * MIN, chain.difficulty / 3.9)]);
      const old = await h.db.pool.query<{ difficulty: number }>(
        `select difficulty from network_samples where coin = 'ltc' and at = to_timestamp($1 / 1000.0)`,
        [T0 - 10 * MIN],
      );
      expect(old.rows).toEqual([{ difficulty: chain.difficulty }]);
    });
  });
});

describe('an adversary inside every bound', () => {
  // The attacker's moves: samples anywhere in the chain's bounds (repeated so that jumps are
  // confirmed by time), shares of any size, and time passing. Whatever it does, what any hour
  // credits stays below MULTIPLE x what the hour's PPS work earns at the honest difficulty and
  // subsidy: the breaker's 4x, plus what an attack of at most `span` hours can move a week's
  // time-weighted reference (12 h of 168: 7 %).
  const MULTIPLE = 5n;
  const coin = 'nir' as const;
  // Each step: samples (each within the 4x jump rule of the attacker's last level, so a walk
  // is never held; now and then an absolute level anywhere in the bounds), then shares, then
  // time passing.
  const step = fc.record({
    // Hundredths of log10 (fc.double favours 0 and tiny values: a walk that never moves).
    move: fc.integer({ min: -60, max: 20 }),
    absolute: fc.option(fc.integer({ min: -400, max: 200 }), { freq: 6 }),
    // The subsidy walks too, up to 1.25x a step (the rule's most), down a little.
    rewardMove: fc.integer({ min: 90, max: 125 }),
    repeat: fc.integer({ min: 0, max: 20 }),
    gapSeconds: fc.integer({ min: 1, max: 120 }),
    shares: fc.integer({ min: 0, max: 5 }),
    shareLevel: fc.integer({ min: -600, max: 0 }),
    waitMinutes: fc.integer({ min: 0, max: 60 }),
  });

  it('no hour credits more than a small multiple of what its work earns at the reference', { timeout: 300_000 }, async () => {
    let creditedHours = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 40 }), async (steps) => {
        await withHistory([coin], async (h) => {
          const e = createEvents();
          const chain = honest(coin);
          const [low, high] = chain.bounds.difficulty;
          const [rewardLow, rewardHigh] = chain.bounds.reward;
          const events: IngestEvent[] = [];
          let at = T0;
          let level = 0;
          let reward = chain.reward;
          const end = T0 + 12 * HOUR;
          for (const s of steps) {
            if (at >= end) break;
            level = Math.min(2, Math.max(-4, s.absolute === null ? level + s.move / 100 : s.absolute / 100));
            const difficulty = Math.min(high, Math.max(low, chain.difficulty * 10 ** level));
            reward = (reward * BigInt(s.rewardMove)) / 100n;
            reward = reward < rewardLow ? rewardLow : reward > rewardHigh ? rewardHigh : reward;
            for (let i = 0; i < s.repeat; i += 1) {
              at += s.gapSeconds * SEC;
              events.push(e.network(coin, at, difficulty, reward));
            }
            for (let i = 0; i < s.shares; i += 1) {
              at += 10 * SEC;
              events.push(e.share(coin, at, Math.max(1e-9, chain.difficulty * 10 ** (s.shareLevel / 100))));
            }
            at += s.waitMinutes * MIN;
          }
          // The clock crosses every hour left, so every hour job runs.
          events.push(e.share(coin, Math.max(at, end) + 2 * HOUR, 1e-9));
          await send(h, 'attacker', events);
          const hours = await h.db.pool.query<{ hour: Date; credited: string; work: number }>(
            `select c.hour, c.credited::text as credited, coalesce(w.work, 0) as work from pps_hour_credits c
             left join (select hour, sum(valid) as work from miner_hourly where coin = $1 and scheme = 'pps' group by hour) w
               using (hour)
             where c.coin = $1`,
            [coin],
          );
          creditedHours += hours.rows.length;
          for (const row of hours.rows) {
            expect(BigInt(row.credited), row.hour.toISOString()).toBeLessThanOrEqual(MULTIPLE * earned(coin, row.work) + 1n);
          }
        });
      }),
      { numRuns: 12, endOnFailure: true },
    );
    // The property held over hours that were credited, not only over hours all held.
    expect(creditedHours).toBeGreaterThan(0);
  });
});
