/**
 * No event can break accounting (decision 008). The reproduction is the one that halted a
 * coin: a backdated `network` sample with a tiny difficulty and a huge reward, a share of the
 * schema's maximum difficulty in one hour and any share in the next. Before the fix the
 * first batch was accepted and the PPS credit of the next hour overflowed numeric(40,0), so
 * every later batch of that coin answered 500 (seen failing first, on the code of d82ef40).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hourCreditCeiling,
  MAX_CONFIRMATIONS,
  MAX_HEIGHT,
  MAX_NETWORK_HASHRATE,
  maxDifficulty,
  maxRewardUnits,
  minShareDifficulty,
  networkSampleBounds,
  payoutCap,
} from '@openpool/domain/chain-bounds';
import type { IngestEvent, MinedTicker, NetworkEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const ADDRESS: Partial<Record<MinedTicker, string>> = {
  ltc: 'ltc1qminera0000000000000000000000000000aaaa',
  btc: 'bc1qminera000000000000000000000000000aaaa',
};

function createEvents() {
  let seq = 0;
  return {
    share: (at: number, difficulty: number, coin: 'ltc' | 'btc' = 'ltc'): IngestEvent => ({
      type: 'share',
      seq: ++seq,
      coin,
      address: ADDRESS[coin]!,
      worker: 'rig1',
      scheme: 'pps',
      difficulty,
      status: 'valid',
      ip: '203.0.113.10',
      at,
    }),
    network: (at: number, difficulty: number, reward: string, coin: MinedTicker = 'ltc'): NetworkEvent => ({
      type: 'network',
      seq: ++seq,
      coin,
      difficulty,
      hashrate: 1e12,
      height: 1,
      reward,
      at,
    }),
  };
}

// Sent live: the API's clock is at each batch's newest event, as with a real stratum server.
const withHarness = async (run: (h: Harness) => Promise<void>, testChains: readonly string[] = []) => {
  const h = await createHarness(T0, { live: true, testChains });
  try {
    await run(h);
  } finally {
    await h.close();
  }
};

afterAll(async () => {
  await stopTestServer();
});

describe('a hostile but schema-shaped batch', () => {
  it('cannot stop a coin’s accounting (the reproduction)', { timeout: 60_000 }, async () => {
    await withHarness(async (h) => {
      const e = createEvents();
      const first = await h.ingest('hostile', [e.network(T0 + MIN, 1e-6, '9'.repeat(39)), e.share(T0 + 2 * MIN, 1e30)]);
      expect(first.statusCode).toBe(400);
      expect(first.body).toMatchObject({ error: 'bad_event', line: 1 });
      const next = await h.ingest('hostile', [e.share(T0 + 62 * MIN, 1)]);
      expect(next.statusCode).toBe(200);
      const later = await h.ingest('hostile', [e.share(T0 + 125 * MIN, 1)]);
      expect(later).toMatchObject({ statusCode: 200, body: { accepted: 1 } });
    });
  });

  it('refuses each value beyond its coin’s bounds with 400 naming the line and the field', { timeout: 60_000 }, async () => {
    await withHarness(async (h) => {
      const e = createEvents();
      const cases: [IngestEvent, RegExp][] = [
        [e.share(T0, maxDifficulty('ltc') * 10), /^line 2: difficulty: above what ltc can ask for/],
        [e.network(T0, maxDifficulty('btc') * 10, '1', 'btc'), /^line 2: difficulty: above what btc/],
        [e.network(T0, 1, (maxRewardUnits('ltc') + 1n).toString()), /^line 2: reward: above what a block of ltc can pay/],
        [{ ...e.network(T0, 1, '1'), height: MAX_HEIGHT + 1 }, /^line 2: height/],
        [{ ...e.network(T0, 1, '1'), hashrate: MAX_NETWORK_HASHRATE * 10 }, /^line 2: hashrate/],
        // Reproductions from decision 018: in the schema's bounds, outside the chain's.
        [e.network(T0, 1e-18, maxRewardUnits('nir').toString(), 'nir'), /^line 2: difficulty: below one hash of nir/],
        [
          { ...e.network(T0, 1, '0', 'btc'), hashrate: 0, height: 0 },
          /^line 2: difficulty 1 is outside what btc's main chain can show/,
        ],
        [e.network(T0, 2e13, '0', 'btc'), /^line 2: hashrate 1000000000000 is outside what btc's main chain can show/],
        [e.share(Date.UTC(2009, 0, 3), 1), /^line 2: at: 2009-01-03T00:00:00.000Z is older than the engine can still account/],
        [e.share(T0 - 49 * HOUR, 1), /^line 2: at: .* is older than the engine can still account/],
        [e.share(T0, 5e-324), /^line 2: difficulty: below one hash of ltc/],
        [
          {
            type: 'block_status',
            seq: 1e6,
            coin: 'ltc',
            hash: 'aa',
            confirmations: MAX_CONFIRMATIONS + 1,
            orphaned: false,
            at: T0,
          },
          /^line 2: confirmations/,
        ],
      ];
      for (const [event, message] of cases) {
        const fine = e.share(T0, 1);
        const answer = await h.ingest('bounds', [fine, { ...event, seq: fine.seq + 1 }]);
        expect(answer.statusCode).toBe(400);
        expect((answer.body as { message: string }).message).toMatch(message);
      }
      expect(await h.engine.lastSeq('bounds')).toBe(0);
    });
  });

  it('contains a failing hour job: the batch commits, other coins go on, /health reports it, the next batch retries', async () => {
    await withHarness(
      async (h) => {
        const e = createEvents();
        // An unexpected failure of ltc's PPS credit, whatever its cause: the ledger refuses its rows.
        await h.db.pool.query(`create function fail_ltc_pps() returns trigger language plpgsql as $$
        begin if new.coin = 'ltc' and new.kind = 'pps' then raise exception 'injected fault'; end if; return new; end $$`);
        await h.db.pool.query('create trigger fail_ltc_pps before insert on ledger for each row execute function fail_ltc_pps()');
        const history = (coin: 'ltc' | 'btc') => [
          e.network(T0 + MIN, 1000, '625000000', coin),
          e.share(T0 + 2 * MIN, 100, coin),
          e.share(T0 + HOUR + MIN, 1, coin),
        ];
        expect((await h.ingest('ltc-src', history('ltc'))).statusCode).toBe(200);
        expect((await h.ingest('btc-src', history('btc'))).statusCode).toBe(200);
        const pps = async (coin: string) =>
          (
            await h.db.pool.query<{ sum: string | null }>(
              `select sum(mature)::text as sum from ledger where coin = $1 and kind = 'pps'`,
              [coin],
            )
          ).rows[0]?.sum;
        // 100 / 1000 x 6.25 x (1 - 2 %) = 0.6125 coins: 61,250,000 smallest units.
        expect(await pps('btc')).toBe('61250000');
        expect(await pps('ltc')).toBeNull();
        const health = await h.get<{ status: string; engine: { faults: { coin: string; message: string }[] } }>('/health');
        expect(health.body.status).toBe('degraded');
        expect(health.body.engine.faults).toEqual([expect.objectContaining({ coin: 'ltc', message: 'injected fault' })]);
        // The shares of the failed hour are not lost: the retry credits them.
        await h.db.pool.query('drop trigger fail_ltc_pps on ledger');
        expect((await h.ingest('ltc-src', [e.share(T0 + HOUR + 2 * MIN, 1)])).statusCode).toBe(200);
        expect(await pps('ltc')).toBe('61250000');
        expect((await h.get<{ status: string }>('/health')).body.status).toBe('ok');
      },
      ['ltc', 'btc'],
    );
  });
});

describe('what a real regtest node sends', () => {
  it('takes two network samples of the same millisecond in one batch (was a 500)', async () => {
    await withHarness(
      async (h) => {
        const e = createEvents();
        const answer = await h.ingest('twins', [e.network(T0, 1, '625000000'), e.network(T0, 2, '625000000')]);
        expect(answer.statusCode).toBe(200);
        const rows = await h.db.pool.query<{ difficulty: number }>('select difficulty from network_samples where coin = $1', [
          'ltc',
        ]);
        expect(rows.rows).toEqual([{ difficulty: 2 }]);
      },
      ['ltc'],
    );
  });

  it('credits a PROP block of tiny scrypt shares exactly (they weighed 0 in micro-difficulty)', async () => {
    await withHarness(
      async (h) => {
        const e = createEvents();
        // Litecoin regtest: the node's difficulty ~4.66e-10; the pool's smallest share 2^-12 / 65536.
        const network = e.network(T0, 4.656542373906925e-10, '5000000000');
        const share = { ...(e.share(T0 + MIN, 2 ** -28) as Extract<IngestEvent, { type: 'share' }>), scheme: 'prop' as const };
        const block: IngestEvent = {
          type: 'block',
          seq: share.seq + 1,
          coin: 'ltc',
          height: 2,
          hash: 'ab'.repeat(32),
          finder: ADDRESS.ltc!,
          worker: 'rig1',
          scheme: 'prop',
          reward: '5000000000',
          fees: '0',
          at: T0 + 2 * MIN,
        };
        const answer = await h.ingest('regtest', [network, share, block]);
        expect(answer.body).toMatchObject({ accepted: 3 });
        const balance = await h.db.pool.query<{ immature: string }>(
          'select immature::text as immature from balances where coin = $1 and address = $2',
          ['ltc', ADDRESS.ltc],
        );
        // PROP's fee is 1 %: 50 LTC x 0.99, all of it to the round's only miner.
        expect(balance.rows).toEqual([{ immature: '4950000000' }]);
      },
      ['ltc'],
    );
  });
});

describe('the bounds’ extremes (decision 018)', () => {
  /** Every figure a real chain's sample may carry at the edges of its bounds, and shares at theirs. */
  const extremes = (coin: MinedTicker) => {
    const bounds = networkSampleBounds(coin, 'main');
    return {
      difficulty: [bounds.difficulty[0], bounds.difficulty[1]],
      reward: [bounds.reward[0].toString(), bounds.reward[1].toString()],
      height: [bounds.height[0], bounds.height[1]],
      share: [minShareDifficulty(coin), maxDifficulty(coin)],
    };
  };

  /** What the breaker promises: no hour credits more than its ceiling, no payout above the cap leaves. */
  async function expectBreakerHeld(h: Harness): Promise<void> {
    const hours = await h.db.pool.query<{ coin: MinedTicker; credited: string }>(
      'select coin, credited::text as credited from pps_hour_credits',
    );
    for (const row of hours.rows) expect(BigInt(row.credited), row.coin).toBeLessThanOrEqual(hourCreditCeiling(row.coin, 'main'));
    // PPS credits reach the ledger only through an hour the breaker let through.
    const pps = await h.db.pool.query<{ coin: string; ledger: string; hours: string }>(
      `select l.coin, l.s::text as ledger, coalesce(c.s, 0)::text as hours
       from (select coin, sum(mature) s from ledger where kind = 'pps' group by coin) l
       left join (select coin, sum(credited) s from pps_hour_credits group by coin) c using (coin)`,
    );
    for (const row of pps.rows) expect(row.ledger, row.coin).toBe(row.hours);
    const payouts = await h.db.pool.query<{ coin: MinedTicker; amount: string }>(
      'select coin, amount::text as amount from payouts',
    );
    for (const row of payouts.rows) expect(BigInt(row.amount), row.coin).toBeLessThanOrEqual(payoutCap(row.coin, 'main'));
    const health = await h.get<{ engine: { faults: unknown[] } }>('/health');
    expect(health.body.engine.faults).toEqual([]);
    const off = await h.db.pool.query(`select b.coin, b.address from balances b left join (
      select coin, address, sum(mature) m, sum(immature) i from ledger group by 1, 2) l using (coin, address)
    where b.mature <> coalesce(l.m, 0) or b.immature <> coalesce(l.i, 0) or b.mature < 0 or b.immature < 0`);
    expect(off.rows).toEqual([]);
  }

  it(
    'the issue’s case is held, not paid: the largest shares at the smallest difficulty and the largest reward',
    { timeout: 60_000 },
    async () => {
      await withHarness(async (h) => {
        const e = createEvents();
        const x = extremes('nir');
        const nir = (at: number, difficulty: number) => ({
          ...e.share(at, difficulty, 'ltc'),
          coin: 'nir' as const,
          address: 'nirminer0001',
        });
        const answer = await h.ingest('nir', [
          { ...e.network(T0 + MIN, x.difficulty[0]!, x.reward[1]!, 'nir'), height: x.height[0]!, hashrate: 1e12 },
          nir(T0 + 2 * MIN, x.share[1]!),
          nir(T0 + HOUR + MIN, 1),
          nir(T0 + 2 * HOUR + MIN, 1),
        ]);
        expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
        await h.engine.sendPayouts();
        // The innocent difficulty-1 shares of the next hours are paid what they earned (was 9.8e22 NIR).
        const pps = await h.db.pool.query<{ sum: string }>(
          `select sum(mature)::text as sum from ledger where coin = 'nir' and kind = 'pps'`,
        );
        expect(BigInt(pps.rows[0]!.sum)).toBeLessThan(hourCreditCeiling('nir', 'main'));
        expect(await h.db.pool.query(`select 1 from payouts where coin = 'nir'`)).toMatchObject({ rows: [] });
        const health = await h.get<{ status: string; engine: { held: { coin: string; kind: string; reason: string }[] } }>(
          '/health',
        );
        expect(health.body.status).toBe('degraded');
        expect(health.body.engine.held).toEqual([
          expect.objectContaining({ coin: 'nir', kind: 'pps_hour', reason: expect.stringMatching(/^PPS credits of .* above /) }),
        ]);
        await expectBreakerHeld(h);
      });
    },
  );

  const coins = ['ltc', 'btc', 'nir', 'etc', 'xmr', 'nexa'] as const;
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('share' as const),
      coin: fc.constantFrom(...coins),
      share: fc.nat(1),
      scheme: fc.constantFrom('pps', 'prop', 'solo'),
      count: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({
      kind: fc.constant('network' as const),
      coin: fc.constantFrom(...coins),
      difficulty: fc.nat(1),
      reward: fc.nat(1),
      height: fc.nat(1),
      repeat: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({ kind: fc.constant('block' as const), coin: fc.constantFrom(...coins), r: fc.nat(2), s: fc.nat(2) }),
    fc.record({ kind: fc.constant('status' as const), block: fc.nat(20), orphan: fc.boolean() }),
    fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 30 * 60 }) }),
  );

  it(
    'no sequence of in-bounds events credits an hour above its ceiling or sends a payout above the cap',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
          await withHarness(async (h) => {
            let seq = 0;
            let at = T0;
            const blocks: { coin: MinedTicker; hash: string }[] = [];
            const events: IngestEvent[] = [];
            const addressOf = (coin: MinedTicker) =>
              ADDRESS[coin as 'ltc'] ?? (coin === 'etc' ? '0x' + 'a'.repeat(40) : 'miner' + coin + '0001');
            for (const s of steps) {
              at += MIN;
              if (s.kind === 'wait') at += s.minutes * MIN;
              else if (s.kind === 'share') {
                for (let i = 0; i < s.count; i += 1)
                  events.push({
                    type: 'share',
                    seq: ++seq,
                    at: at + i,
                    coin: s.coin,
                    address: addressOf(s.coin),
                    worker: 'w',
                    scheme: s.scheme,
                    difficulty: extremes(s.coin).share[s.share]!,
                    status: 'valid',
                    ip: '192.0.2.1',
                  });
              } else if (s.kind === 'network') {
                // Repeated, so a jump is confirmed and used: the breaker must hold on its own.
                const x = extremes(s.coin);
                for (let i = 0; i < s.repeat; i += 1)
                  events.push({
                    type: 'network',
                    seq: ++seq,
                    at: at + i,
                    coin: s.coin,
                    difficulty: x.difficulty[s.difficulty]!,
                    hashrate: networkSampleBounds(s.coin, 'main').hashrate[0],
                    height: x.height[s.height]!,
                    reward: x.reward[s.reward]!,
                  });
              } else if (s.kind === 'block') {
                const rewards = ['0', '1', maxRewardUnits(s.coin).toString()];
                const hash = `h${blocks.length}`;
                blocks.push({ coin: s.coin, hash });
                events.push({
                  type: 'block',
                  seq: ++seq,
                  at,
                  coin: s.coin,
                  height: MAX_HEIGHT,
                  hash,
                  finder: addressOf(s.coin),
                  scheme: (['pps', 'prop', 'solo'] as const)[s.s]!,
                  reward: rewards[s.r]!,
                  fees: rewards[s.r]!,
                });
              } else {
                const target = blocks[s.block % Math.max(1, blocks.length)];
                if (target)
                  events.push({
                    type: 'block_status',
                    seq: ++seq,
                    at,
                    coin: target.coin,
                    hash: target.hash,
                    confirmations: MAX_CONFIRMATIONS,
                    orphaned: s.orphan,
                  });
              }
            }
            // Every coin's clock crosses the hours that are left (to past midnight), so every hour job runs.
            const end = at + 25 * HOUR;
            for (const coin of coins) events.push({ ...e0(coin, end), seq: ++seq });
            // Sent as a stratum server would: a batch every few events, never one spanning hours.
            let batch: IngestEvent[] = [];
            const send = async () => {
              const answer = await h.ingest('extremes', batch);
              expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
              batch = [];
            };
            for (const event of events) {
              if (batch.length === 7 || (batch[0] && event.at - batch[0].at > HOUR)) await send();
              batch.push(event);
            }
            await send();
            await h.engine.sendPayouts();
            await expectBreakerHeld(h);
          });
        }),
        { numRuns: 8 },
      );
    },
  );

  /** A share at the smallest difficulty: enough to move a coin's clock. */
  function e0(coin: MinedTicker, at: number): IngestEvent {
    return {
      type: 'share',
      seq: 0,
      at,
      coin: coin as 'ltc',
      address: ADDRESS[coin as 'ltc'] ?? (coin === 'etc' ? '0x' + 'a'.repeat(40) : 'miner' + coin + '0001'),
      worker: 'w',
      scheme: 'pps',
      difficulty: minShareDifficulty(coin),
      status: 'valid',
      ip: '192.0.2.1',
    };
  }
});
