/**
 * What the breaker holds (decision 018), and the operator's decision on each: `npm run held`
 * and `/health` read it here.
 */
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { applyLedger } from './ledger.ts';
import { createPayouts } from './payouts/create.ts';

export interface HeldItem {
  id: number;
  coin: string;
  kind: 'pps_hour' | 'payout';
  hour: number;
  address: string | null;
  total: string;
  ceiling: string;
  reason: string;
  heldAt: number;
}

const HELD_COLUMNS = `select id, coin, kind, hour, address, total::text as total, ceiling::text as ceiling, reason, held_at
  from held_credits`;

async function heldRows(db: pg.Pool | pg.PoolClient, where: string, params: unknown[]): Promise<HeldItem[]> {
  const rows = await db.query<{
    id: string;
    coin: string;
    kind: 'pps_hour' | 'payout';
    hour: Date;
    address: string | null;
    total: string;
    ceiling: string;
    reason: string;
    held_at: Date;
  }>(`${HELD_COLUMNS} where ${where} order by id`, params);
  return rows.rows.map((row) => ({
    id: Number(row.id),
    coin: row.coin,
    kind: row.kind,
    hour: row.hour.getTime(),
    address: row.address,
    total: row.total,
    ceiling: row.ceiling,
    reason: row.reason,
    heldAt: row.held_at.getTime(),
  }));
}

/** What the breaker holds now, oldest first. */
export function listHeld(db: pg.Pool | pg.PoolClient): Promise<HeldItem[]> {
  return heldRows(db, `status = 'held'`, []);
}

export class HeldDecisionError extends Error {}

/**
 * The operator's decision on one held item, in one transaction. Release: an hour's credits
 * are written to the ledger as PPS credits; a payout is created as Unpaid and sent by the
 * next payout run. Discard: an hour's credits are dropped; a payout's amount is taken off the
 * miner's balance as a reset (the coins the pool never earned).
 */
export function decideHeld(pool: pg.Pool, id: number, decision: 'release' | 'discard', nowMs: number): Promise<HeldItem> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{
      coin: string;
      kind: 'pps_hour' | 'payout';
      address: string | null;
      total: string;
      credits: Record<string, string> | null;
    }>(
      `select coin, kind, address, total::text as total, credits from held_credits where id = $1 and status = 'held' for update`,
      [id],
    );
    const item = found.rows[0];
    if (!item) throw new HeldDecisionError(`no held item ${id} (npm run held -- list shows them)`);
    if (item.kind === 'pps_hour' && decision === 'release') {
      await applyLedger(
        client,
        Object.entries(item.credits ?? {}).map(([address, amount]) => ({
          coin: item.coin,
          address,
          kind: 'pps' as const,
          mature: BigInt(amount),
          immature: 0n,
          at: nowMs,
        })),
      );
    } else if (item.kind === 'payout' && item.address) {
      const balance = await client.query<{ mature: string }>(
        'select mature::text as mature from balances where coin = $1 and address = $2 for update',
        [item.coin, item.address],
      );
      const mature = BigInt(balance.rows[0]?.mature ?? '0');
      const amount = BigInt(item.total);
      if (decision === 'release') {
        if (mature < amount)
          throw new HeldDecisionError(`the balance of ${item.address} is below the held ${item.total} now; discard it instead`);
        await createPayouts(client, item.coin, [{ address: item.address, amount: item.total }], nowMs);
      } else {
        // What is left of it: the balance may have been reset meanwhile, and never goes below zero.
        const taken = mature < amount ? mature : amount;
        await applyLedger(client, [
          { coin: item.coin, address: item.address, kind: 'reset', mature: -taken, immature: 0n, at: nowMs },
        ]);
      }
    }
    await client.query(`update held_credits set status = $2, decided_at = to_timestamp($3 / 1000.0) where id = $1`, [
      id,
      decision === 'release' ? 'released' : 'discarded',
      nowMs,
    ]);
    const [decided] = await heldRows(client, 'id = $1', [id]);
    return decided!;
  });
}
