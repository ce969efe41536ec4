/**
 * Issue 17 item 1: no event can break accounting. The reproduction is the one that halted a
 * coin: a backdated `network` sample with a tiny difficulty and a huge reward, a share of the
 * schema's maximum difficulty in one hour and any share in the next. Before the fix the
 * first batch was accepted and the PPS credit of the next hour overflowed numeric(40,0), so
 * every later batch of that coin answered 500 (seen failing first, on the code of d82ef40).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_CONFIRMATIONS,
  MAX_HEIGHT,
  MAX_NETWORK_HASHRATE,
  maxDifficulty,
  maxRewardUnits,
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

const withHarness = async (run: (h: Harness) => Promise<void>) => {
  const h = await createHarness(T0 + 10 * 24 * HOUR);
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
    await withHarness(async (h) => {
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
    });
  });
});

describe('what a real regtest node sends (issue 15)', () => {
  it('takes two network samples of the same millisecond in one batch (was a 500)', async () => {
    await withHarness(async (h) => {
      const e = createEvents();
      const answer = await h.ingest('twins', [e.network(T0, 1, '625000000'), e.network(T0, 2, '625000000')]);
      expect(answer.statusCode).toBe(200);
      const rows = await h.db.pool.query<{ difficulty: number }>('select difficulty from network_samples where coin = $1', [
        'ltc',
      ]);
      expect(rows.rows).toEqual([{ difficulty: 2 }]);
    });
  });

  it('credits a PROP block of tiny scrypt shares exactly (they weighed 0 in micro-difficulty)', async () => {
    await withHarness(async (h) => {
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
    });
  });
});

describe('the schema’s extremes', () => {
  it(
    'the worst case of every coin: a day of the largest shares at the smallest difficulty and the largest reward',
    { timeout: 60_000 },
    async () => {
      await withHarness(async (h) => {
        const { POOL_CONFIG } = await import('../testing/harness.ts');
        let seq = 0;
        for (const coin of POOL_CONFIG.coins.keys()) {
          const events: IngestEvent[] = [];
          const reward = maxRewardUnits(coin).toString();
          for (let hour = 0; hour < 26; hour += 1) {
            const at = T0 + hour * HOUR;
            events.push({
              type: 'network',
              seq: ++seq,
              coin,
              difficulty: 1e-6,
              hashrate: MAX_NETWORK_HASHRATE,
              height: MAX_HEIGHT,
              reward,
              at,
            });
            for (const scheme of ['pps', 'prop', 'solo'] as const)
              for (let i = 0; i < 5; i += 1)
                events.push({
                  type: 'share',
                  seq: ++seq,
                  coin,
                  address: 'miner' + i,
                  worker: 'w',
                  scheme,
                  difficulty: maxDifficulty(coin),
                  status: 'valid',
                  ip: '192.0.2.1',
                  at: at + i,
                });
            events.push({
              type: 'block',
              seq: ++seq,
              coin,
              height: MAX_HEIGHT,
              hash: `${coin}${hour}`,
              finder: 'miner0',
              scheme: (['pps', 'prop', 'solo'] as const)[hour % 3]!,
              reward,
              fees: reward,
              at: at + 10,
            });
            if (hour > 0)
              events.push({
                type: 'block_status',
                seq: ++seq,
                coin,
                hash: `${coin}${hour - 1}`,
                confirmations: MAX_CONFIRMATIONS,
                orphaned: hour % 4 === 0,
                at: at + 11,
              });
          }
          const answer = await h.ingest(`worst-${coin}`, events);
          expect(answer.statusCode, `${coin}: ${JSON.stringify(answer.body)}`).toBe(200);
        }
        await h.engine.sendPayouts();
        const health = await h.get<{ status: string; engine: unknown }>('/health');
        expect(health.body.status, JSON.stringify(health.body.engine)).toBe('ok');
      });
    },
  );

  const coins = ['ltc', 'btc', 'doge', 'etc', 'xmr', 'nexa'] as const;
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('share' as const),
      coin: fc.constantFrom('ltc', 'btc', 'etc', 'xmr', 'nexa'),
      // Weighted to the worst case: the largest shares priced at the smallest network difficulty.
      i: fc.constantFrom(0, 1, 2, 3, 3, 3),
      n: fc.constantFrom(0, 1, 1, 1, 2, 3),
      r: fc.constantFrom(0, 1, 2, 2, 2),
    }),
    fc.record({ kind: fc.constant('network' as const), coin: fc.constantFrom(...coins), i: fc.nat(3), r: fc.nat(2) }),
    fc.record({ kind: fc.constant('block' as const), coin: fc.constantFrom(...coins), r: fc.nat(2), s: fc.nat(2) }),
    fc.record({ kind: fc.constant('status' as const), block: fc.nat(20), orphan: fc.boolean() }),
    fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  );

  it(
    'pass through ingest and the hour jobs without a failure, and balances stay their ledgers',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
          await withHarness(async (h) => {
            let seq = 0;
            let at = T0;
            const blocks: { coin: MinedTicker; hash: string }[] = [];
            const events: IngestEvent[] = [];
            for (const s of steps) {
              at += MIN;
              const common = { seq: ++seq, at };
              if (s.kind === 'wait') at += s.hours * HOUR;
              else if (s.kind === 'share') {
                // The hour's network sample first, so PPS prices these shares with it.
                const rewards = ['0', '1', maxRewardUnits(s.coin).toString()];
                const network = [Number.MIN_VALUE, 1e-6, 1, maxDifficulty(s.coin)][s.n]!;
                events.push({
                  ...common,
                  type: 'network',
                  coin: s.coin,
                  difficulty: network,
                  hashrate: 0,
                  height: 0,
                  reward: rewards[s.r]!,
                });
                common.seq = ++seq;
                const difficulty = [Number.MIN_VALUE, 1e-6, 1, maxDifficulty(s.coin)][s.i]!;
                const address =
                  ADDRESS[s.coin as 'ltc'] ?? (s.coin === 'etc' ? '0x' + 'a'.repeat(40) : 'miner' + s.coin + '0001');
                events.push({
                  ...common,
                  type: 'share',
                  coin: s.coin,
                  address,
                  worker: 'w',
                  scheme: 'pps',
                  difficulty,
                  status: 'valid',
                  ip: '192.0.2.1',
                });
                events.push({
                  ...common,
                  seq: ++seq,
                  type: 'share',
                  coin: s.coin,
                  address,
                  worker: 'w',
                  scheme: 'prop',
                  difficulty,
                  status: 'valid',
                  ip: '192.0.2.1',
                });
              } else if (s.kind === 'network') {
                const difficulty = [Number.MIN_VALUE, 1e-6, 1, maxDifficulty(s.coin)][s.i]!;
                const rewards = ['0', '1', maxRewardUnits(s.coin).toString()];
                events.push({
                  ...common,
                  type: 'network',
                  coin: s.coin,
                  difficulty,
                  hashrate: MAX_NETWORK_HASHRATE,
                  height: MAX_HEIGHT,
                  reward: rewards[s.r]!,
                });
              } else if (s.kind === 'block') {
                const rewards = ['0', '1', maxRewardUnits(s.coin).toString()];
                const hash = `h${blocks.length}`;
                blocks.push({ coin: s.coin, hash });
                const merged = s.coin === 'doge' ? { merged_from: 'ltc' as const } : {};
                events.push({
                  ...common,
                  type: 'block',
                  coin: s.coin,
                  height: MAX_HEIGHT,
                  hash,
                  finder: ADDRESS.ltc!,
                  scheme: (['pps', 'prop', 'solo'] as const)[s.s]!,
                  reward: rewards[s.r]!,
                  fees: rewards[s.r]!,
                  ...merged,
                });
              } else {
                const target = blocks[s.block % Math.max(1, blocks.length)];
                if (target)
                  events.push({
                    ...common,
                    type: 'block_status',
                    coin: target.coin,
                    hash: target.hash,
                    confirmations: MAX_CONFIRMATIONS,
                    orphaned: s.orphan,
                  });
              }
            }
            // Every coin's clock crosses the hours that are left, so every hour job runs.
            for (const coin of coins)
              events.push({
                type: 'network',
                seq: ++seq,
                coin,
                difficulty: 1,
                hashrate: 0,
                height: 0,
                reward: '1',
                at: at + 3 * 24 * HOUR,
              });
            for (let i = 0; i < events.length; i += 7) {
              const answer = await h.ingest('extremes', events.slice(i, i + 7));
              expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
            }
            await h.engine.sendPayouts();
            expect((await h.get<{ status: string }>('/health')).body.status).toBe('ok');
            const off = await h.db.pool.query(`select b.coin, b.address from balances b left join (
              select coin, address, sum(mature) m, sum(immature) i from ledger group by 1, 2) l using (coin, address)
            where b.mature <> coalesce(l.m, 0) or b.immature <> coalesce(l.i, 0) or b.mature < 0 or b.immature < 0`);
            expect(off.rows).toEqual([]);
          });
        }),
        { numRuns: 12 },
      );
    },
  );
});
