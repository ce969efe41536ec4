/**
 * Payouts leave through a sender. The engine commits payouts as Unpaid first, then hands
 * them to the sender outside the transaction, so a crash between the two can never pay
 * twice: an Unpaid payout is retried, a Paid one never is.
 */
import { createHash } from 'node:crypto';

export interface PayoutRequest {
  id: number;
  coin: string;
  address: string;
  amount: bigint;
  createdAt: number;
}

export interface SentPayouts {
  txid: string;
  paidAt: number;
  /** The transaction's confirmations when sent (0: in the mempool); absent where no chain is followed. */
  confirmations?: number;
}

/** A sent transaction as its chain has it. */
export interface TransactionState {
  /** Blocks on top of it and its own; 0 in the mempool; negative when a conflicting transaction is in the chain that deep. */
  confirmations: number;
  /** The operator gave it up (`abandontransaction`): its coins are the wallet's again, so it can pay nobody. */
  abandoned: boolean;
  /** What each address received, in smallest units (less than sent when the fee was deducted from the miners). */
  received: ReadonlyMap<string, bigint>;
}

export interface PayoutSender {
  readonly name: string;
  /** Sends one coin's payouts in one transaction (like `sendmany`); resolves to its tx id. */
  send(coin: string, payouts: readonly PayoutRequest[]): Promise<SentPayouts>;
  /** Most destinations one `send` of `coin` may carry (Monero: 15); the payout run splits larger batches. */
  maxDestinations?(coin: string): number | undefined;
  /** Coins whose sent transactions can be followed on their chain with `track`. */
  readonly trackedCoins?: readonly string[];
  /** The transaction's state on the chain, or undefined when the wallet does not know it. */
  track?(coin: string, txid: string): Promise<TransactionState | undefined>;
}

/**
 * The demo's sender: no chain, a tx id derived from the payouts (so the same history gives
 * the same ids) and a payment time a minute after the payouts were made.
 */
export function createSimulatedSender(): PayoutSender {
  return {
    name: 'simulated',
    async send(coin, payouts) {
      const hash = createHash('sha256');
      hash.update(coin);
      for (const payout of payouts) hash.update(`|${payout.id}|${payout.address}|${payout.amount}`);
      const createdAt = Math.max(...payouts.map((payout) => payout.createdAt));
      return { txid: hash.digest('hex'), paidAt: createdAt + 60_000 };
    },
  };
}
