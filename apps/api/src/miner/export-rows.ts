/**
 * The rows of a miner's exports, read in pages so that a ten-year history streams with flat
 * memory (decision 023): payouts by (time, id) with a keyset, a page of rows per query;
 * rewards in one query for the whole range (at most ten years of days, decision 029), sent a
 * page at a time. Each query runs on the pool, so a slow download holds no connection, and
 * none starts once the client has left (`signal`).
 */
import type pg from 'pg';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import type { CoinTicker } from '@openpool/domain/coins';
import { fiatValue, plainRate, type PayoutExportRow, type RewardExportRow } from '@openpool/domain/miner-export';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { coinPrice, type RateDays } from '../rates/rate-days.ts';
import { payoutStatus } from './queries.ts';

const PAGE_ROWS = 5000;
/** Credits a miner earns (the rewards page's kinds, and merge-mined children's). */
const CREDIT_KINDS = ['pps', 'block', 'fee_share', 'solo', 'merge', 'orphan'];

export interface ExportRange {
  coins: readonly string[];
  address: string;
  /** Unix ms, start of the first UTC day; end: start of the day after the last. */
  from: number;
  end: number;
  fiat: string | null;
}

type Fiat = { fiat_currency?: string; fiat_rate?: string | null; fiat_value?: string | null; rate_source?: string | null };

async function fiatFields(
  rateDays: RateDays,
  range: ExportRange,
  items: readonly { day: string; coin: string; units: bigint; decimals: number }[],
): Promise<Fiat[]> {
  const currency = range.fiat;
  if (!currency) return items.map(() => ({}));
  const rates = await rateDays.forDays([...new Set(items.map((item) => item.day))]);
  return items.map((item) => {
    const rate = rates.get(item.day);
    const price = coinPrice(rate, item.coin, currency);
    // The value is the amount times the rate as written, so anyone can check it from the file.
    const shown = price === null ? null : plainRate(price);
    return {
      fiat_currency: currency,
      fiat_rate: shown,
      fiat_value: shown === null ? null : fiatValue(item.units, item.decimals, Number(shown)),
      rate_source: price === null ? null : (rate?.source ?? null),
    };
  });
}

interface PayoutRow {
  id: string;
  t: string;
  time_utc: string;
  coin: string;
  amount: string;
  received: string | null;
  status: string;
  txid: string | null;
  confirmations: number | null;
}

function payoutPage(db: pg.Pool, range: ExportRange, after: { t: string; id: string }) {
  return db.query<PayoutRow>(
    // Per coin (lateral), so each is one ordered index range; `coin = any(...)` would sort them all.
    `select p.* from unnest($1::text[]) as c(coin) cross join lateral (
       select id::text as id, created_at::text as t, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as time_utc,
         coin, amount::text as amount, received::text as received, status, txid, confirmations
       from payouts where coin = c.coin and address = $2 and created_at >= $3 and created_at < $4
         and (created_at, id) > ($5::timestamptz, $6::int8)
       order by created_at, id limit $7
     ) p order by p.t::timestamptz, p.id::int8 limit $7`,
    [range.coins, range.address, new Date(range.from), new Date(range.end), after.t, after.id, PAGE_ROWS],
  );
}

/** Payouts of the range, oldest first, a page at a time; the next page is read while this one is sent. */
export async function* payoutPages(
  db: pg.Pool,
  pool: PoolConfig,
  rateDays: RateDays,
  range: ExportRange,
  signal?: AbortSignal,
): AsyncGenerator<PayoutExportRow[]> {
  let next: Promise<pg.QueryResult<PayoutRow>> | null = payoutPage(db, range, { t: '-infinity', id: '0' });
  while (next) {
    const rows: PayoutRow[] = (await next).rows;
    if (signal?.aborted) return;
    const last = rows[rows.length - 1];
    next = last && rows.length === PAGE_ROWS ? payoutPage(db, range, { t: last.t, id: last.id }) : null;
    // A page read ahead whose download was abandoned is still awaited, never left to reject unseen.
    next?.catch(() => undefined);
    const items = rows.map((row) => ({
      row,
      decimals: unitDecimalsOf(pool, row.coin as CoinTicker),
      day: row.time_utc.slice(0, 10),
      coin: row.coin,
      units: BigInt(row.amount),
    }));
    const fiat = await fiatFields(rateDays, range, items);
    yield items.map(({ row, decimals, units }, index) => ({
      time_utc: row.time_utc,
      coin: row.coin,
      amount: fromUnits(units, decimals),
      received: fromUnits(row.received === null ? units : BigInt(row.received), decimals),
      txid: row.txid,
      // As the payouts list says it (miner/queries.ts): Paid once in a block where the chain is followed.
      status: payoutStatus(row),
      confirmations: row.confirmations,
      ...fiat[index],
    }));
  }
}

/**
 * Credits per UTC day, coin and scheme, oldest day first: one query for the whole range (a
 * row per day with credits, so ten years are at most a few tens of thousands of rows), sent
 * in pages. The scheme of a block's credits is the block's (fee shares are PPS+'s "+"),
 * merge-mined children's are `merge`, and an orphaned block's take-back is negative under its
 * scheme.
 */
export async function* rewardPages(
  db: pg.Pool,
  pool: PoolConfig,
  rateDays: RateDays,
  range: ExportRange,
  signal?: AbortSignal,
): AsyncGenerator<RewardExportRow[]> {
  if (signal?.aborted) return;
  const result = await db.query<{ day: string; coin: string; scheme: string; amount: string; blocks: number }>(
    `select to_char(date_trunc('day', l.at at time zone 'UTC'), 'YYYY-MM-DD') as day, l.coin,
       case when l.kind = 'pps' then 'pps' when b.merged_from is not null or l.kind = 'merge' then 'merge' else b.scheme end as scheme,
       sum(l.mature + l.immature)::text as amount,
       count(distinct l.block_id) filter (where l.kind <> 'pps' and l.kind <> 'orphan')::int as blocks
     from ledger l left join blocks b on b.id = l.block_id
     where l.coin = any($1::text[]) and l.address = $2 and l.kind = any($3::text[]) and l.at >= $4 and l.at < $5
     group by 1, 2, 3 order by 1, 2, 3`,
    [range.coins, range.address, CREDIT_KINDS, new Date(range.from), new Date(range.end)],
  );
  for (let start = 0; start < result.rows.length; start += PAGE_ROWS) {
    if (signal?.aborted) return;
    const items = result.rows.slice(start, start + PAGE_ROWS).map((row) => ({
      row,
      day: row.day,
      coin: row.coin,
      units: BigInt(row.amount),
      decimals: unitDecimalsOf(pool, row.coin as CoinTicker),
    }));
    const fiat = await fiatFields(rateDays, range, items);
    yield items.map(({ row, units, decimals }, index) => ({
      day_utc: row.day,
      coin: row.coin,
      scheme: row.scheme,
      amount: fromUnits(units, decimals),
      blocks: row.blocks,
      ...fiat[index],
    }));
  }
}
