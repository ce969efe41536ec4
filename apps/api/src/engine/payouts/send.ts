/**
 * The payout run: Unpaid payouts leave through the sender, one coin and payout hour per
 * transaction, and are marked Paid with their notifications in one database transaction;
 * then sent transactions are followed on their chain (follow.ts). Payouts are committed as
 * Unpaid before they are handed to the sender, so a crash between the two can never pay
 * twice: an Unpaid payout is retried, a Paid one never is. A held payout (decision 018) is
 * not a payout yet and is never sent.
 */
import type pg from 'pg';
import type { MergedTicker } from '@openpool/domain/coins';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { withTransaction } from '../../db/transaction.ts';
import { enqueuePayoutNotices } from '../../notify/outbox.ts';
import { LOCK_SPACE } from '../lock-spaces.ts';
import { followPayouts } from './follow.ts';
import type { PayoutSender } from './payout-sender.ts';

export interface PayoutRunOptions {
  pool: pg.Pool;
  config: PoolConfig;
  sender: PayoutSender;
  requiredConfirmations: (coin: string) => number;
  log?: (line: string) => void;
  /** Payouts the chain took back, back to Unpaid (metrics, decision 022). */
  onReverted?: (coin: string, count: number) => void;
}

/** Sends Unpaid payouts, then follows sent ones on their chain; resolves to how many were paid. */
export function createPayoutRun(options: PayoutRunOptions): () => Promise<number> {
  const { pool, config, sender, log } = options;
  let sending: Promise<number> | undefined;

  async function markPaid(coin: string, ids: readonly number[], sent: { txid: string; paidAt: number; confirmations?: number }) {
    await withTransaction(pool, async (client) => {
      const paid = await client.query<{ id: string; coin: string; address: string; amount: string }>(
        `update payouts set status = 'paid', txid = $1, paid_at = to_timestamp($2 / 1000.0), confirmations = $4
         where id = any($3::int8[]) and status = 'unpaid'
         returning id, coin, address, amount::text as amount`,
        [sent.txid, sent.paidAt, ids, sent.confirmations ?? null],
      );
      await enqueuePayoutNotices(
        client,
        paid.rows.map((row) => ({ ...row, id: Number(row.id) })),
        { txid: sent.txid, paidAt: sent.paidAt, minerCoins: [coin, ...(config.merged.get(coin as MergedTicker)?.parents ?? [])] },
      );
    });
  }

  async function run(): Promise<number> {
    const unpaid = await pool.query<{ id: number; coin: string; address: string; amount: string; created_at: Date }>(
      `select id, coin, address, amount, created_at from payouts where status = 'unpaid' order by id limit 5000`,
    );
    const byCoinAndTime = new Map<string, typeof unpaid.rows>();
    for (const row of unpaid.rows) {
      const key = `${row.coin}|${row.created_at.getTime()}`;
      byCoinAndTime.set(key, [...(byCoinAndTime.get(key) ?? []), row]);
    }
    // A chain whose transactions carry few outputs (Monero's 16) gets its batch in parts, each
    // its own transaction: a part that fails stays Unpaid alone, the sent ones are Paid.
    const batches: (typeof unpaid.rows)[] = [];
    for (const rows of byCoinAndTime.values())
      batches.push(...splitByDestinations(rows, sender.maxDestinations?.(rows[0]!.coin)));
    let paid = 0;
    for (const rows of batches) {
      const coin = rows[0]!.coin;
      const requests = rows.map((row) => ({
        id: row.id,
        coin,
        address: row.address,
        amount: BigInt(row.amount),
        createdAt: row.created_at.getTime(),
      }));
      try {
        const sent = await sender.send(coin, requests);
        await markPaid(
          coin,
          requests.map((request) => request.id),
          sent,
        );
        paid += rows.length;
      } catch (error) {
        log?.(`payouts: ${coin}: sender failed, will retry: ${(error as Error).message}`);
      }
    }
    try {
      await followPayouts(pool, sender, options.requiredConfirmations, log, options.onReverted);
    } catch (error) {
      log?.(`payouts: following sent transactions failed, will retry: ${(error as Error).message}`);
    }
    return paid;
  }

  /**
   * One sender across replicas: a session lock on a connection of its own, held for the run
   * and given up at once by a replica that finds it taken (the holder pays those rows). A
   * replica that dies mid-run drops its connection and with it the lock.
   */
  async function acrossReplicas(): Promise<number> {
    const lockClient = await pool.connect();
    let unlocked = true;
    try {
      const held = await lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock($1, 0) as ok', [LOCK_SPACE.payouts]);
      if (!held.rows[0]?.ok) return 0;
      unlocked = false;
      try {
        return await run();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1, 0)', [LOCK_SPACE.payouts]);
        unlocked = true;
      }
    } finally {
      // A connection that may still hold the lock is closed, never handed back to the pool.
      lockClient.release(unlocked ? undefined : true);
    }
  }

  // One run at a time in this process; it only touches Unpaid payouts, which the engine never changes.
  return () => {
    sending ??= acrossReplicas().finally(() => (sending = undefined));
    return sending;
  };
}

/** Rows in parts of at most `max` distinct addresses (one address's rows stay together), in order. */
export function splitByDestinations<R extends { address: string }>(rows: readonly R[], max: number | undefined): R[][] {
  if (max === undefined || max < 1) return [[...rows]];
  const parts: R[][] = [];
  const partOf = new Map<string, R[]>();
  let current: R[] = [];
  let addresses = 0;
  for (const row of rows) {
    const part = partOf.get(row.address);
    if (part) {
      part.push(row);
      continue;
    }
    if (addresses === max) {
      parts.push(current);
      current = [];
      addresses = 0;
    }
    current.push(row);
    partOf.set(row.address, current);
    addresses += 1;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
