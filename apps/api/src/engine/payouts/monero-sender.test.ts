/**
 * Monero payouts on a real `monerod --regtest` and `monero-wallet-rpc`: coinbase outputs
 * locked for 60 blocks are not spendable, a send pays every destination exactly (or less the
 * fee, split between them), a retry after a lost answer finds the first send, confirmations
 * come from the wallet, and a failed send leaves nothing sent. Ports 19186-19188.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneroRegtest, type MoneroRegtest } from '../../../../stratum/src/xmr/regtest.ts';
import { createMoneroSender, moneroChainKind, moneroUnlockedBalance, MONERO_MAX_DESTINATIONS } from './monero-sender.ts';
import { fromUnits, type PoolConfig } from '@openpool/domain/pool-config';
import { createSolvencyCheck } from '../../solvency/solvency.ts';
import { splitByDestinations } from './send.ts';

let node: MoneroRegtest;
// Miners' addresses: subaddresses of another wallet made by monero-wallet-rpc itself (the
// wallet checks that each destination can really be derived to, which made-up keys fail).
let MINERS: string[] = [];
const XMR = 10n ** 12n;
let nextId = 1;
const request = (address: string, amount: bigint) => ({ id: nextId++, coin: 'xmr', address, amount, createdAt: 0 });

beforeAll(async () => {
  node = await startMoneroRegtest(19186, { difficulty: 1, wallet: true });
  const pool = node.wallet!;
  await pool('create_wallet', { filename: 'miners', password: '', language: 'English' });
  const { addresses } = await pool<{ addresses: string[] }>('create_address', { account_index: 0, count: 16 });
  MINERS = addresses;
  await pool('close_wallet');
  await pool('open_wallet', { filename: 'pool', password: '' });
}, 120_000);
afterAll(async () => {
  await node?.stop();
}, 60_000);

describe('Monero payouts from monero-wallet-rpc', () => {
  it('tells regtest from the main chain', async () => {
    expect(await moneroChainKind(node.daemonUrl)).toBe('test');
  });

  it('fails without unlocked coins (coinbase locked 60 blocks) and sends nothing', async () => {
    await node.rpc('generateblocks', { amount_of_blocks: 5, wallet_address: node.address });
    await node.wallet!('refresh');
    expect(await moneroUnlockedBalance(node.wallet!)).toBe(0n);
    const sender = createMoneroSender({ coin: 'xmr', walletUrl: node.walletUrl!, fee: 'pool' });
    await expect(sender.send('xmr', [request(MINERS[0]!, XMR)])).rejects.toThrow();
    const transfers = await node.wallet!<{ out?: unknown[]; pending?: unknown[] }>('get_transfers', { out: true, pending: true });
    expect(transfers.out ?? []).toEqual([]);
    expect(transfers.pending ?? []).toEqual([]);
  }, 120_000);

  it('pays exact amounts, finds its own send on a retry, and follows confirmations', { timeout: 300_000 }, async () => {
    for (let i = 0; i < 7; i += 1) await node.rpc('generateblocks', { amount_of_blocks: 10, wallet_address: node.address });
    await node.wallet!('refresh');
    expect(await moneroUnlockedBalance(node.wallet!)).toBeGreaterThan(10n * XMR);
    const sender = createMoneroSender({ coin: 'xmr', walletUrl: node.walletUrl!, fee: 'pool' });
    // Two payouts to one address are one destination.
    const payouts = [request(MINERS[0]!, 1n * XMR + 1n), request(MINERS[1]!, 2n * XMR), request(MINERS[0]!, 5n)];
    const sent = await sender.send('xmr', payouts);
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
    // The engine lost the answer and tries again: the same transaction, nothing paid twice.
    expect((await sender.send('xmr', payouts)).txid).toBe(sent.txid);
    let state = await sender.track!('xmr', sent.txid);
    expect(state).toEqual({
      confirmations: 0,
      abandoned: false,
      received: new Map([
        [MINERS[0]!, 1n * XMR + 6n],
        [MINERS[1]!, 2n * XMR],
      ]),
    });
    await node.rpc('generateblocks', { amount_of_blocks: 2, wallet_address: node.address });
    await node.wallet!('refresh');
    state = await sender.track!('xmr', sent.txid);
    expect(state?.confirmations).toBe(2);
    expect(await sender.track!('xmr', '00'.repeat(32))).toBeUndefined();
  });

  it('counts the wallet’s unlocked balance for solvency', async () => {
    const owed = { mature: '1000000000000', unpaid: '0' };
    const solvency = createSolvencyCheck({
      db: { query: (async () => ({ rows: [owed] })) as never },
      config: { coins: new Map([['xmr', { unitDecimals: 12 }]]) } as unknown as PoolConfig,
      nodes: [{ coin: 'xmr', rpcUrl: node.walletUrl!, family: 'monero' }],
    });
    const [entry] = await solvency.report();
    const unlocked = await moneroUnlockedBalance(node.wallet!);
    expect(entry).toMatchObject({ coin: 'xmr', node: 'ok', owed: '1' });
    expect(unlocked).toBeGreaterThan(0n);
    expect(entry!.spendable).toBe(fromUnits(unlocked, 12));
  });

  it('takes the fee from the miners when XMR_PAYOUT_FEE=miners', async () => {
    const sender = createMoneroSender({ coin: 'xmr', walletUrl: node.walletUrl!, fee: 'miners' });
    const sent = await sender.send('xmr', [request(MINERS[2]!, XMR), request(MINERS[3]!, XMR)]);
    const { transfer } = await node.wallet!<{ transfer: { fee: number } }>('get_transfer_by_txid', { txid: sent.txid });
    const state = await sender.track!('xmr', sent.txid);
    const received = [...state!.received.values()].reduce((a, b) => a + b, 0n);
    expect(received + BigInt(transfer.fee)).toBe(2n * XMR);
  }, 120_000);

  it('refuses a batch past 15 destinations, which the payout run splits', async () => {
    const sender = createMoneroSender({ coin: 'xmr', walletUrl: node.walletUrl!, fee: 'pool' });
    const many = MINERS.map((address) => request(address, XMR / 100n));
    expect(many).toHaveLength(16);
    await expect(sender.send('xmr', many)).rejects.toThrow(/at most 15/);
    const parts = splitByDestinations(many, sender.maxDestinations?.('xmr'));
    expect(parts.map((part) => part.length)).toEqual([MONERO_MAX_DESTINATIONS, 1]);
    const txids = [];
    for (const part of parts) txids.push((await sender.send('xmr', part)).txid);
    expect(new Set(txids).size).toBe(2);
  }, 120_000);
});

describe('splitByDestinations', () => {
  it('keeps an address’s rows together and the order', () => {
    const rows = ['a', 'b', 'a', 'c', 'd', 'c'].map((address, id) => ({ id, address }));
    expect(splitByDestinations(rows, 2).map((part) => part.map((row) => row.id))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(splitByDestinations(rows, undefined)).toEqual([rows]);
  });
});
