import { describe, expect, it } from 'vitest';
import type { PayoutRequest } from './payout-sender.ts';
import { createWalletSender, payoutComment, routeSenders } from './wallet-sender.ts';

const payouts: PayoutRequest[] = [
  { id: 7, coin: 'ltc', address: 'rltc1qaaa', amount: 4_950_000_001n, createdAt: 0 },
  { id: 8, coin: 'ltc', address: 'rltc1qbbb', amount: 10_000_000n, createdAt: 0 },
];

/** A node's wallet RPC: records the request bodies, answers from `answer`. */
function fakeNode(answer: (method: string, body: string) => { result?: unknown; error?: unknown } | 'down') {
  const bodies: string[] = [];
  const fetch = (async (_url: string, init: { body: string; headers: Record<string, string> }) => {
    bodies.push(init.body);
    expect(init.headers.authorization).toBe('Basic ' + Buffer.from('pool:secret').toString('base64'));
    const method = (JSON.parse(init.body) as { method: string }).method;
    const reply = answer(method, init.body);
    if (reply === 'down') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ id: 1, error: null, ...reply }));
  }) as unknown as typeof globalThis.fetch;
  return { fetch, bodies };
}

const options = { coin: 'ltc', rpcUrl: 'http://pool:secret@127.0.0.1:1/wallet/pool', unitDecimals: 8, now: () => 42 };

describe('the wallet sender', () => {
  it('pays with one sendmany of exact decimal amounts, the fee paid by the pool', async () => {
    const node = fakeNode((method) => (method === 'listtransactions' ? { result: [] } : { result: 'tx1' }));
    const sender = createWalletSender({ ...options, fee: 'pool', fetch: node.fetch });
    expect(await sender.send('ltc', payouts)).toEqual({ txid: 'tx1', paidAt: 42, confirmations: 0 });
    const sendmany = JSON.parse(node.bodies[1]!) as { method: string; params: unknown[] };
    expect(sendmany.method).toBe('sendmany');
    expect(node.bodies[1]).toContain('{"rltc1qaaa":49.50000001,"rltc1qbbb":0.1}');
    expect(sendmany.params.slice(2)).toEqual([1, 'openpool ltc payouts 7,8', []]);
  });

  it('deducts the fee from the miners when configured so', async () => {
    const node = fakeNode((method) => (method === 'listtransactions' ? { result: [] } : { result: 'tx2' }));
    await createWalletSender({ ...options, fee: 'miners', fetch: node.fetch }).send('ltc', payouts);
    expect((JSON.parse(node.bodies[1]!) as { params: unknown[] }).params[4]).toEqual(['rltc1qaaa', 'rltc1qbbb']);
  });

  it('fails loudly when the node refuses or is down (the engine keeps the payouts Unpaid and retries)', async () => {
    const refusing = fakeNode((method) =>
      method === 'listtransactions' ? { result: [] } : { result: null, error: { code: -6, message: 'Insufficient funds' } },
    );
    await expect(createWalletSender({ ...options, fee: 'pool', fetch: refusing.fetch }).send('ltc', payouts)).rejects.toThrow(
      /sendmany: Insufficient funds \(-6\)/,
    );
    const down = fakeNode(() => 'down');
    await expect(createWalletSender({ ...options, fee: 'pool', fetch: down.fetch }).send('ltc', payouts)).rejects.toThrow(
      'fetch failed',
    );
  });

  it('never pays twice: a retry after a lost answer finds the earlier send by its comment', async () => {
    const node = fakeNode((method) =>
      method === 'listtransactions'
        ? { result: [{ txid: 'earlier', category: 'send', comment: payoutComment('ltc', payouts), confirmations: 3 }] }
        : { result: 'second' },
    );
    expect(await createWalletSender({ ...options, fee: 'pool', fetch: node.fetch }).send('ltc', payouts)).toEqual({
      txid: 'earlier',
      paidAt: 42,
      confirmations: 3,
    });
    expect(node.bodies).toHaveLength(1);
  });

  it('pays again when the earlier send with that comment was conflicted or abandoned (it paid nobody)', async () => {
    const comment = payoutComment('ltc', payouts);
    const node = fakeNode((method) =>
      method === 'listtransactions'
        ? {
            result: [
              { txid: 'conflicted', category: 'send', comment, confirmations: -4 },
              { txid: 'abandoned', category: 'send', comment, confirmations: 0, abandoned: true },
            ],
          }
        : { result: 'fresh' },
    );
    expect(await createWalletSender({ ...options, fee: 'pool', fetch: node.fetch }).send('ltc', payouts)).toEqual({
      txid: 'fresh',
      paidAt: 42,
      confirmations: 0,
    });
  });

  it('follows a sent transaction: its confirmations and what each address received, as the node says', async () => {
    const node = fakeNode((method, body) => {
      if (method !== 'gettransaction') throw new Error(method);
      const [txid] = (JSON.parse(body) as { params: string[] }).params;
      if (txid === 'gone') return { result: null, error: { code: -5, message: 'Invalid or non-wallet transaction id' } };
      return {
        result: {
          txid,
          confirmations: 2,
          details: [
            // The fee deducted from the miners: each output a little short of its payout.
            { address: 'rltc1qaaa', category: 'send', amount: -49.49999001, fee: -0.00001 },
            { address: 'rltc1qbbb', category: 'send', amount: -0.09999, fee: -0.00001 },
            { address: 'rltc1qbbb', category: 'receive', amount: 0.09999 },
          ],
        },
      };
    });
    const sender = createWalletSender({ ...options, fee: 'miners', fetch: node.fetch });
    expect(sender.trackedCoins).toEqual(['ltc']);
    expect(await sender.track!('ltc', 'tx9')).toEqual({
      confirmations: 2,
      abandoned: false,
      received: new Map([
        ['rltc1qaaa', 4_949_999_001n],
        ['rltc1qbbb', 9_999_000n],
      ]),
    });
    expect(await sender.track!('ltc', 'gone')).toBeUndefined();
    await expect(sender.track!('btc', 'tx9')).rejects.toThrow(/cannot follow btc/);
  });

  it('routes each coin to its own sender and the rest to the fallback', async () => {
    const calls: string[] = [];
    const named = (name: string) => ({
      name,
      send: async (coin: string) => {
        calls.push(`${name}:${coin}`);
        return { txid: name, paidAt: 0 };
      },
    });
    const sender = routeSenders(new Map([['ltc', named('wallet')]]), named('simulated'));
    await sender.send('ltc', payouts);
    await sender.send('btc', payouts);
    expect(calls).toEqual(['wallet:ltc', 'simulated:btc']);
    expect(sender.name).toBe('wallet+simulated');
    const wallet = createWalletSender({ ...options, fee: 'pool', fetch: fakeNode(() => 'down').fetch });
    const routed = routeSenders(new Map([['ltc', wallet]]), named('simulated'));
    expect(routed.trackedCoins).toEqual(['ltc']);
    // The simulator's coins have no chain to follow.
    expect(await routed.track!('btc', 'x')).toBeUndefined();
  });
});
