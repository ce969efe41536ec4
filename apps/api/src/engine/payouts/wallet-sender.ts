/**
 * Real payouts (decision 013): one `sendmany` from the pool's wallet on the coin's node per batch
 * of Unpaid payouts. The engine marks them Paid only after this resolves with the tx id, so a
 * failed send leaves every balance as it was and the payouts are retried on the next run.
 *
 * A send whose answer was lost (the node crashed or the connection dropped after it signed and
 * broadcast) must not pay twice on the retry: every send carries a comment naming its payout
 * ids, and before sending, the wallet's recent transactions are searched for that comment; a
 * match is the earlier send, and its tx id is returned instead of paying again (unless the chain
 * has since taken it back: a conflicted or abandoned send paid nobody).
 *
 * After the send, `track` follows the transaction with `gettransaction`: its confirmations and
 * what each address received are the chain's, not ours.
 */
import type { ChainKind } from '@openpool/domain/chain-params';
import { createRpc, RpcError } from '@openpool/node-rpc';
import { fromUnits, toUnits } from '@openpool/domain/pool-config';
import type { PayoutRequest, PayoutSender, TransactionState } from './payout-sender.ts';

/** Who pays the network fee: the pool's wallet, or the miners (split by the node between them). */
export type PayoutFeeMode = 'pool' | 'miners';

export interface WalletSenderOptions {
  coin: string;
  /** `http://user:pass@host:port[/wallet/NAME]`. */
  rpcUrl: string;
  fee: PayoutFeeMode;
  unitDecimals: number;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}

/** A node's JSON-RPC error, with bitcoind's RPC_* code. */
export { RpcError as WalletRpcError } from '@openpool/node-rpc';

/** bitcoind's RPC_INVALID_ADDRESS_OR_KEY: `gettransaction` of a tx id the wallet does not have. */
const UNKNOWN_TRANSACTION = -5;

interface WalletTransaction {
  txid: string;
  confirmations: number;
  abandoned?: boolean;
  details: { address?: string; category: string; amount: number; abandoned?: boolean }[];
}

/** A wallet's calls give up after a minute: `sendmany` of many outputs can take a while. */
const walletRpc = (url: string, fetchImpl: typeof globalThis.fetch) => createRpc(url, { fetch: fetchImpl, timeoutMs: 60_000 });

/**
 * Which chain the node is on: `main`, or `test` for regtest, testnet and signet, whose
 * samples are held only to the structural bounds (decision 018). Asked once at start-up.
 */
export async function nodeChainKind(rpcUrl: string, fetchImpl: typeof globalThis.fetch = globalThis.fetch): Promise<ChainKind> {
  const info = await walletRpc(rpcUrl, fetchImpl)<{ chain: string }>('getblockchaininfo', []);
  return info.chain === 'main' ? 'main' : 'test';
}

export const payoutComment = (coin: string, payouts: readonly PayoutRequest[]) =>
  `openpool ${coin} payouts ${payouts.map((payout) => payout.id).join(',')}`;

export function createWalletSender(options: WalletSenderOptions): PayoutSender {
  const rpc = walletRpc(options.rpcUrl, options.fetch ?? globalThis.fetch);
  const now = options.now ?? Date.now;
  // The wallet's amounts are JSON numbers of at most `unitDecimals` decimals: toFixed gives them back exactly.
  const units = (amount: number) => toUnits(Math.abs(amount).toFixed(options.unitDecimals), options.unitDecimals);
  return {
    name: `wallet:${options.coin}`,
    trackedCoins: [options.coin],
    async send(coin, payouts) {
      if (coin !== options.coin) throw new Error(`the ${options.coin} wallet cannot pay ${coin}`);
      const comment = payoutComment(coin, payouts);
      const recent = await rpc<
        { txid: string; comment?: string; category: string; confirmations: number; abandoned?: boolean }[]
      >('listtransactions', ['*', 200, 0]);
      const earlier = recent.find(
        (tx) => tx.category === 'send' && tx.comment === comment && tx.confirmations >= 0 && tx.abandoned !== true,
      );
      if (earlier) return { txid: earlier.txid, paidAt: now(), confirmations: earlier.confirmations };
      // Amounts as exact decimals in the JSON text (a float could round a satoshi away).
      const amounts = new Map<string, bigint>();
      for (const payout of payouts) amounts.set(payout.address, (amounts.get(payout.address) ?? 0n) + payout.amount);
      const outputs = [...amounts].map(
        ([address, amount]) => `${JSON.stringify(address)}:${fromUnits(amount, options.unitDecimals)}`,
      );
      const subtractFrom = options.fee === 'miners' ? [...amounts.keys()] : [];
      const body = `{"jsonrpc":"1.0","id":"payout","method":"sendmany","params":["",{${outputs.join(',')}},1,${JSON.stringify(comment)},${JSON.stringify(subtractFrom)}]}`;
      const txid = await rpc<string>('sendmany', [], { body });
      return { txid, paidAt: now(), confirmations: 0 };
    },
    async track(coin, txid): Promise<TransactionState | undefined> {
      if (coin !== options.coin) throw new Error(`the ${options.coin} wallet cannot follow ${coin}`);
      let tx: WalletTransaction;
      try {
        tx = await rpc<WalletTransaction>('gettransaction', [txid]);
      } catch (error) {
        if (error instanceof RpcError && error.code === UNKNOWN_TRANSACTION) return undefined;
        throw error;
      }
      const received = new Map<string, bigint>();
      for (const detail of tx.details) {
        if (detail.category !== 'send' || detail.address === undefined) continue;
        received.set(detail.address, (received.get(detail.address) ?? 0n) + units(detail.amount));
      }
      const abandoned = tx.abandoned === true || tx.details.some((detail) => detail.abandoned === true);
      return { confirmations: tx.confirmations, abandoned, received };
    },
  };
}

/** Sends each coin through its own sender (a node's wallet) and the rest through `fallback`. */
export function routeSenders(byCoin: ReadonlyMap<string, PayoutSender>, fallback: PayoutSender): PayoutSender {
  const senderOf = (coin: string) => byCoin.get(coin) ?? fallback;
  return {
    name: [...[...byCoin.values()].map((sender) => sender.name), fallback.name].join('+'),
    send: (coin, payouts) => senderOf(coin).send(coin, payouts),
    maxDestinations: (coin) => senderOf(coin).maxDestinations?.(coin),
    trackedCoins: [...byCoin.values(), fallback].flatMap((sender) => sender.trackedCoins ?? []),
    track: async (coin, txid) => senderOf(coin).track?.(coin, txid),
  };
}
