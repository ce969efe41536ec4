/**
 * Every payout a miner earns on one pool: the pool's coin and the coins merge-mined with it, in
 * one list, newest first, paged both ways by the payout's id (ids grow with time across coins,
 * one sequence for the table). Each coin's total is the sum of its payouts, Paid and Unpaid
 * alike, as the export lists them; the ledger debits each payout from the balance when it is
 * made (engine/payouts/create.ts), so it is also the balance's paid figure the stats page shows.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { MinerPayouts } from '@openpool/domain/api';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import type { ApiContext } from '../context.ts';
import { unix } from '../stats/windows.ts';
import { payoutStatus } from './queries.ts';

export interface PayoutsQuery {
  /** Only this coin (the pool's or one merge-mined with it); null for all of them. */
  only: string | null;
  /** Older than this payout id. */
  before: bigint | null;
  /** Newer than this payout id (ignored when `before` is given). */
  after: bigint | null;
  limit: number;
}

interface Row {
  id: string;
  coin: string;
  created_at: Date;
  amount: string;
  received: string | null;
  status: string;
  txid: string | null;
  confirmations: number | null;
}

/** The pool's coin and its merge-mined coins, the coins a miner of this pool is paid in. */
export function payoutCoins(coin: CoinTicker): string[] {
  return [coin, ...COINS[coin].mergedCoins];
}

export async function minerPayouts(
  ctx: ApiContext,
  coin: CoinTicker,
  address: string,
  query: PayoutsQuery,
): Promise<MinerPayouts> {
  const coins = payoutCoins(coin);
  const listed = query.only === null ? coins : [query.only];
  const newerFirst = query.before !== null || query.after === null;
  const cursor = query.before ?? query.after;
  // One page and one row more, to know whether there is a page beyond it; the id's own index
  // per coin keeps it a range read.
  const select = `select id::text as id, coin, created_at, amount::text as amount, received::text as received, status, txid, confirmations
     from payouts where coin = any($1::text[]) and address = $2`;
  const [page, edge, totals] = await Promise.all([
    ctx.db.query<Row>(
      newerFirst
        ? `${select} and ($3::int8 is null or id < $3) order by payouts.id desc limit $4`
        : `${select} and id > $3 order by payouts.id asc limit $4`,
      [listed, address, cursor === null ? null : cursor.toString(), query.limit + 1],
    ),
    // Is there anything on the other side of the cursor (a newer page when paging older)?
    cursor === null
      ? Promise.resolve(null)
      : ctx.db.query<{ n: number }>(
          `select count(*)::int as n from (select 1 from payouts where coin = any($1::text[]) and address = $2 and id ${
            newerFirst ? '>=' : '<='
          } $3 limit 1) s`,
          [listed, address, cursor.toString()],
        ),
    ctx.db.query<{ coin: string; paid: string; n: number }>(
      `select coin, sum(amount)::text as paid, count(*)::int as n from payouts
       where coin = any($1::text[]) and address = $2 group by coin`,
      [coins, address],
    ),
  ]);
  const more = page.rows.length > query.limit;
  const rows = page.rows.slice(0, query.limit);
  if (!newerFirst) rows.reverse();
  const beyondCursor = (edge?.rows[0]?.n ?? 0) > 0;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    coins,
    coin: query.only,
    totals: coins.map((c) => {
      const row = totals.rows.find((t) => t.coin === c);
      return {
        coin: c,
        total_paid: fromUnits(BigInt(row?.paid ?? '0'), unitDecimalsOf(ctx.pool, c as CoinTicker)),
        payouts: row?.n ?? 0,
      };
    }),
    results: rows.map((row) => {
      const decimals = unitDecimalsOf(ctx.pool, row.coin as CoinTicker);
      return {
        id: row.id,
        coin: row.coin,
        date: unix(row.created_at),
        amount: fromUnits(BigInt(row.amount), decimals),
        received: fromUnits(BigInt(row.received ?? row.amount), decimals),
        status: payoutStatus(row),
        txid: row.txid,
        confirmations: row.confirmations,
      };
    }),
    // Newest first: older pages exist past the last row when the query found one more (or,
    // paging newer, when the cursor had rows at or below it); newer ones before the first row.
    older: last && (newerFirst ? more : beyondCursor) ? last.id : null,
    newer: first && (newerFirst ? beyondCursor : more) ? first.id : null,
  };
}
