import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopTestServer } from '../../testing/database.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { followPayouts, receivedPerPayout } from './follow.ts';
import type { PayoutSender, TransactionState } from './payout-sender.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const A = 'ltc1qminera0000000000000000000000000000aaaa';
const B = 'ltc1qminerb0000000000000000000000000000bbbb';

/** A node's wallet as the follower sees it: the state of each tx id, changed by the test. */
function chainOf(states: Map<string, TransactionState>): PayoutSender {
  return {
    name: 'test-wallet',
    trackedCoins: ['ltc'],
    send: () => Promise.reject(new Error('not in this test')),
    track: async (coin, txid) => (coin === 'ltc' ? states.get(txid) : undefined),
  };
}

describe('followPayouts on PostgreSQL', () => {
  let h: Harness;
  const lines: string[] = [];
  const states = new Map<string, TransactionState>();
  const follow = () =>
    followPayouts(
      h.db.pool,
      chainOf(states),
      () => 6,
      (line) => lines.push(line),
    );
  const payoutsOf = async (address: string) =>
    (
      await h.get<{
        results: { amount: string; received: string; status: string; txid: string | null; confirmations: number | null }[];
      }>(`/ltc/api/v1/miner/payouts/${address}`)
    ).body.results;

  beforeAll(async () => {
    h = await createHarness(T0);
    // Two payouts in tx1 (sent, in the mempool), one in tx2; a doge payout the simulator paid.
    await h.db.pool.query(
      `insert into payouts (coin, address, amount, created_at, status, txid, paid_at, confirmations) values
         ('ltc', $1, 150000000, $3, 'paid', 'tx1', $3, 0),
         ('ltc', $2, 50000000, $3, 'paid', 'tx1', $3, 0),
         ('ltc', $1, 70000000, $4, 'paid', 'tx2', $4, 0),
         ('doge', $1, 100, $3, 'paid', 'simulated', $3, null)`,
      [A, B, new Date(T0), new Date(T0 + 3_600_000)],
    );
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await stopTestServer();
  });

  it('says Unpaid with the tx id while the transaction waits in the mempool', async () => {
    expect(await payoutsOf(B)).toEqual([
      { date: T0 / 1000, amount: '0.5', received: '0.5', status: 'Unpaid', txid: 'tx1', confirmations: 0 },
    ]);
  });

  it('takes confirmations and what each address received from the chain, Paid from the first block', async () => {
    states.set('tx1', {
      confirmations: 1,
      abandoned: false,
      received: new Map([
        [A, 149_990_000n],
        [B, 49_990_000n],
      ]),
    });
    states.set('tx2', { confirmations: 0, abandoned: false, received: new Map([[A, 70_000_000n]]) });
    expect(await follow()).toBe(3);
    expect(await payoutsOf(A)).toMatchObject([
      { amount: '0.7', received: '0.7', status: 'Unpaid', txid: 'tx2', confirmations: 0 },
      { amount: '1.5', received: '1.4999', status: 'Paid', txid: 'tx1', confirmations: 1 },
    ]);
    expect(await payoutsOf(B)).toMatchObject([{ received: '0.4999', status: 'Paid', confirmations: 1 }]);
  });

  it('stops following a transaction once it has the coin confirmations', async () => {
    states.set('tx1', { ...states.get('tx1')!, confirmations: 6 });
    expect(await follow()).toBe(3);
    states.set('tx1', { ...states.get('tx1')!, confirmations: 7 });
    // Only tx2 is asked again.
    expect(await follow()).toBe(1);
    expect((await payoutsOf(B))[0]!.confirmations).toBe(6);
  });

  it('leaves a transaction the wallet does not know as it is, and says so', async () => {
    states.delete('tx2');
    expect(await follow()).toBe(0);
    expect(lines.at(-1)).toMatch(/does not know tx tx2/);
    expect((await payoutsOf(A))[0]).toMatchObject({ status: 'Unpaid', txid: 'tx2' });
  });

  it('keeps a shallow conflict Unpaid, and sends again once the conflict is as deep as a block must be', async () => {
    states.set('tx2', { confirmations: -2, abandoned: false, received: new Map() });
    expect(await follow()).toBe(1);
    expect((await payoutsOf(A))[0]).toMatchObject({ status: 'Unpaid', txid: 'tx2', confirmations: -2 });
    states.set('tx2', { confirmations: -6, abandoned: false, received: new Map() });
    expect(await follow()).toBe(1);
    expect(lines.at(-1)).toMatch(/tx tx2 lost to a conflict 6 blocks deep; 1 payouts back to Unpaid/);
    expect((await payoutsOf(A))[0]).toEqual({
      date: (T0 + 3_600_000) / 1000,
      amount: '0.7',
      received: '0.7',
      status: 'Unpaid',
      txid: null,
      confirmations: null,
    });
    const unpaid = await h.db.pool.query(`select count(*)::int as n from payouts where status = 'unpaid'`);
    expect(unpaid.rows[0].n).toBe(1);
  });

  it('never touches the payouts of a coin whose chain it does not follow', async () => {
    const doge = await h.db.pool.query(`select status, confirmations from payouts where coin = 'doge'`);
    expect(doge.rows).toEqual([{ status: 'paid', confirmations: null }]);
  });
});

describe('receivedPerPayout', () => {
  it('gives each payout the chain figure of its address, the fee shared by amount when an address has several', () => {
    const chain = new Map([
      ['a', 290n],
      ['b', 50n],
    ]);
    expect(receivedPerPayout(['a', 'b', 'a'], [100n, 50n, 200n], chain)).toEqual([97n, 50n, 193n]);
    // An address the chain does not show (or shows more for) keeps its amount.
    expect(receivedPerPayout(['c', 'b'], [10n, 40n], chain)).toEqual([10n, 40n]);
  });

  it('never takes more from a payout than its amount (rounding left 2 units for a payout of 1)', () => {
    const chain = new Map([['a', 350765826747n + 341659720728n + 1n - 40225n]]);
    const received = receivedPerPayout(['a', 'a', 'a'], [350765826747n, 341659720728n, 1n], chain);
    expect(received.reduce((x, y) => x + y, 0n)).toBe(chain.get('a'));
    for (const value of received) expect(value >= 0n).toBe(true);
  });

  it('adds up to what the chain says each address received, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.bigInt({ min: 1n, max: 10n ** 12n })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (payouts, fee) => {
          const addresses = payouts.map(([address]) => address);
          const amounts = payouts.map(([, amount]) => amount);
          const totals = new Map<string, bigint>();
          addresses.forEach((address, i) => totals.set(address, (totals.get(address) ?? 0n) + amounts[i]!));
          const chain = new Map([...totals].map(([address, total]) => [address, total > fee ? total - fee : 0n]));
          const received = receivedPerPayout(addresses, amounts, chain);
          for (const [address, got] of chain) {
            const sum = received.filter((_, i) => addresses[i] === address).reduce((x, y) => x + y, 0n);
            expect(sum).toBe(got);
          }
          for (const value of received) expect(value >= 0n).toBe(true);
        },
      ),
    );
  });
});
