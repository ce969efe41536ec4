/**
 * Real Monero payouts from monero-wallet-rpc (decision 031): one `transfer` per batch of at most
 * 15 destinations (a Monero transaction has at most 16 outputs, one is the change), built
 * without relaying, noted with the payout ids (`set_tx_notes`), then relayed. The engine marks
 * the payouts Paid only after this resolves with the tx id, so a failed send (too little
 * unlocked balance: coinbase outputs stay locked 60 blocks) leaves every balance as it was.
 *
 * A send whose answer was lost must not pay twice: before building, the wallet's outgoing and
 * pending transfers are searched for the note naming these payouts (a note is set before the
 * relay, so a relayed transaction always has it; a built one never relayed is not listed).
 *
 * XMR_PAYOUT_FEE=miners: the transaction is built once to learn its fee, then again with the
 * fee taken from the destinations (evenly, the remainder from the first); the fee depends on
 * the transaction's size, not its amounts, and the second build is checked to cost no more.
 */
import type { ChainKind } from '@openpool/domain/chain-params';
import { createMoneroRpc, MoneroRpcError, type MoneroRpc } from '@openpool/node-rpc/monero';
import type { PayoutRequest, PayoutSender, TransactionState } from './payout-sender.ts';
import { payoutComment, type PayoutFeeMode } from './wallet-sender.ts';

/** Destinations per transaction: Monero allows 16 outputs, and one is the wallet's change. */
export const MONERO_MAX_DESTINATIONS = 15;

/** monero-wallet-rpc's WALLET_RPC_ERROR_CODE_WRONG_TXID: a tx id the wallet does not know. */
const UNKNOWN_TRANSACTION = -8;

export interface MoneroSenderOptions {
  coin: string;
  /** monero-wallet-rpc's root URL, e.g. http://127.0.0.1:18083. */
  walletUrl: string;
  fee: PayoutFeeMode;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}

interface Transfer {
  txid: string;
  note?: string;
  type: string;
  confirmations?: number;
  height?: number;
  double_spend_seen?: boolean;
  destinations?: { address: string; amount: number | string }[];
}

interface Built {
  tx_hash: string;
  tx_metadata: string;
  fee: number;
}

/** Which chain monerod is on: `main`, or `test` for regtest (fakechain), testnet and stagenet (decision 018). */
export async function moneroChainKind(
  daemonUrl: string,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): Promise<ChainKind> {
  const info = await createMoneroRpc(daemonUrl, { fetch: fetchImpl, timeoutMs: 10_000 })<{ nettype?: string; mainnet?: boolean }>(
    'get_info',
  );
  return info.nettype === 'mainnet' || (info.nettype === undefined && info.mainnet === true) ? 'main' : 'test';
}

/** The wallet's unlocked balance in atomic units (solvency: only what can be sent now counts). */
export async function moneroUnlockedBalance(wallet: MoneroRpc): Promise<bigint> {
  const text = await wallet<{ unlocked_balance: number }>('get_balance', { account_index: 0 });
  if (typeof text.unlocked_balance !== 'number') throw new Error('get_balance: no unlocked_balance in the answer');
  return BigInt(text.unlocked_balance);
}

/** A JSON array of destinations with exact 64-bit amounts. */
const destinationsJson = (amounts: ReadonlyMap<string, bigint>) =>
  `[${[...amounts].map(([address, amount]) => `{"address":${JSON.stringify(address)},"amount":${amount}}`).join(',')}]`;

export function createMoneroSender(options: MoneroSenderOptions): PayoutSender {
  const rpc = createMoneroRpc(options.walletUrl, { fetch: options.fetch, timeoutMs: 120_000 });
  const now = options.now ?? Date.now;

  async function earlierSend(comment: string): Promise<Transfer | undefined> {
    const transfers = await rpc<{ out?: Transfer[]; pending?: Transfer[] }>('get_transfers', { out: true, pending: true });
    return [...(transfers.pending ?? []), ...(transfers.out ?? [])].find((transfer) => transfer.note === comment);
  }

  const build = (amounts: ReadonlyMap<string, bigint>) =>
    rpc<Built>('transfer', [], {
      paramsJson: `{"destinations":${destinationsJson(amounts)},"account_index":0,"priority":0,"do_not_relay":true,"get_tx_metadata":true}`,
    });

  return {
    name: `monero-wallet:${options.coin}`,
    trackedCoins: [options.coin],
    maxDestinations: (coin) => (coin === options.coin ? MONERO_MAX_DESTINATIONS : undefined),
    async send(coin, payouts: readonly PayoutRequest[]) {
      if (coin !== options.coin) throw new Error(`the ${options.coin} wallet cannot pay ${coin}`);
      const comment = payoutComment(coin, payouts);
      const earlier = await earlierSend(comment);
      if (earlier) return { txid: earlier.txid, paidAt: now(), confirmations: earlier.confirmations ?? 0 };
      const amounts = new Map<string, bigint>();
      for (const payout of payouts) amounts.set(payout.address, (amounts.get(payout.address) ?? 0n) + payout.amount);
      if (amounts.size > MONERO_MAX_DESTINATIONS)
        throw new Error(`${amounts.size} destinations in one Monero transaction (at most ${MONERO_MAX_DESTINATIONS})`);
      let built = await build(amounts);
      if (options.fee === 'miners') {
        const fee = BigInt(built.fee);
        const share = fee / BigInt(amounts.size);
        let remainder = fee - share * BigInt(amounts.size);
        const less = new Map<string, bigint>();
        for (const [address, amount] of amounts) {
          const cut = share + remainder;
          remainder = 0n;
          if (amount <= cut) throw new Error(`payout to ${address} (${amount}) does not cover its part of the fee (${cut})`);
          less.set(address, amount - cut);
        }
        built = await build(less);
        if (BigInt(built.fee) > fee) throw new Error(`the fee grew from ${fee} to ${built.fee} between two builds; will retry`);
      }
      await rpc('set_tx_notes', { txids: [built.tx_hash], notes: [comment] });
      const relayed = await rpc<{ tx_hash: string }>('relay_tx', { hex: built.tx_metadata });
      return { txid: relayed.tx_hash, paidAt: now(), confirmations: 0 };
    },
    async track(coin, txid): Promise<TransactionState | undefined> {
      if (coin !== options.coin) throw new Error(`the ${options.coin} wallet cannot follow ${coin}`);
      let transfer: Transfer;
      try {
        ({ transfer } = await rpc<{ transfer: Transfer }>('get_transfer_by_txid', { txid }));
      } catch (error) {
        if (error instanceof MoneroRpcError && error.code === UNKNOWN_TRANSACTION) return undefined;
        throw error;
      }
      const received = new Map<string, bigint>();
      for (const destination of transfer.destinations ?? [])
        received.set(destination.address, (received.get(destination.address) ?? 0n) + BigInt(destination.amount));
      // 'failed': the wallet gave it up (the daemon refused it, or its inputs were spent elsewhere).
      const failed = transfer.type === 'failed';
      return { confirmations: transfer.type === 'out' ? (transfer.confirmations ?? 0) : 0, abandoned: failed, received };
    },
  };
}
