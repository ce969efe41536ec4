/**
 * Payouts are made here: at a coin's payout hour every mature balance at or above its
 * miner's threshold becomes one Unpaid payout, debited from the balance in the same
 * transaction (the ledger's `payout` row). Above the coin's cap a payout waits for the
 * operator instead (decision 018).
 */
import type pg from 'pg';
import type { CoinTicker, MergedTicker } from '@openpool/domain/coins';
import type { MinedTicker } from '@openpool/domain/events';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { HOUR_MS } from '../aggregates.ts';
import { holdOversizedPayouts, type BreakerContext } from '../breaker.ts';
import { applyLedger } from '../ledger.ts';

/** Unpaid payouts of `coin`, each taken off its balance by a ledger row; returns their ids. */
export async function createPayouts(
  client: pg.PoolClient,
  coin: string,
  payouts: readonly { address: string; amount: string }[],
  at: number,
): Promise<number[]> {
  if (payouts.length === 0) return [];
  const ids = await client.query<{ id: string; address: string }>(
    `insert into payouts (coin, address, amount, created_at)
     select $1, a, m::numeric, to_timestamp($4 / 1000.0) from unnest($2::text[], $3::text[]) as u(a, m)
     returning id, address`,
    [coin, payouts.map((p) => p.address), payouts.map((p) => p.amount), at],
  );
  const idOf = new Map(ids.rows.map((row) => [row.address, Number(row.id)]));
  await applyLedger(
    client,
    payouts.map((payout) => ({
      coin,
      address: payout.address,
      kind: 'payout' as const,
      mature: -BigInt(payout.amount),
      immature: 0n,
      payoutId: idOf.get(payout.address),
      at,
    })),
  );
  return [...idOf.values()];
}

export async function makePayouts(
  client: pg.PoolClient,
  config: PoolConfig,
  coin: MinedTicker,
  boundary: number,
  breaker: BreakerContext,
): Promise<void> {
  const poolCoin = config.coins.get(coin as CoinTicker);
  const merged = config.merged.get(coin as MergedTicker);
  // fb is both a pool of its own and a merged child of btc: its own pool's rules win.
  const schedule = poolCoin?.payoutSchedule ?? 'daily';
  const isMidnight = boundary % (24 * HOUR_MS) === 0;
  if (schedule === 'daily' && !isMidnight) return;
  const minPayout = poolCoin?.minPayout ?? merged?.minPayout;
  if (minPayout === undefined) return;
  const defaultThreshold = poolCoin?.defaultThreshold ?? minPayout;
  // A merged child's balance belongs to a parent-coin miner: the threshold set there applies.
  const thresholdCoin = poolCoin ? coin : (merged?.parents[0] ?? coin);
  const due = await client.query<{ address: string; mature: string }>(
    `select b.address, b.mature::text as mature from balances b
     left join miners m on m.coin = $2 and m.address = b.address
     where b.coin = $1 and b.mature >= greatest(coalesce(case when $2 = $1 then m.payout_threshold end, $3::numeric), $4::numeric)
     order by b.address
     for update of b`,
    [coin, thresholdCoin, defaultThreshold.toString(), minPayout.toString()],
  );
  // Payouts above the coin's cap wait for the operator (decision 018); a held one is not asked again.
  const payable = await holdOversizedPayouts(client, coin, breaker.chainOf(coin), boundary, due.rows, breaker.log);
  if (payable.length === 0) return;
  await createPayouts(
    client,
    coin,
    payable.map((row) => ({ address: row.address, amount: row.mature })),
    boundary,
  );
}
