/**
 * The one place balances change. Every change is a ledger row, and the balance row moves by
 * exactly the sum of the rows written with it, in the same statement batch and transaction:
 * that is what keeps "balance = sum of its ledger" true.
 */
import type pg from 'pg';

export type LedgerKind = 'pps' | 'block' | 'fee_share' | 'solo' | 'merge' | 'confirm' | 'orphan' | 'payout' | 'reset';

export interface LedgerEntry {
  coin: string;
  address: string;
  kind: LedgerKind;
  bucket: 'mature' | 'immature';
  amount: bigint;
  blockId?: number;
  payoutId?: number;
  at: number;
}

export async function applyLedger(client: pg.PoolClient, entries: readonly LedgerEntry[]): Promise<void> {
  const rows = entries.filter((entry) => entry.amount !== 0n);
  if (rows.length === 0) return;
  await client.query(
    `insert into ledger (coin, address, kind, bucket, amount, block_id, payout_id, at)
     select c, a, k, b, m::numeric, bl, p, to_timestamp(t / 1000.0)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int8[], $7::int8[], $8::float8[]) as u(c, a, k, b, m, bl, p, t)`,
    [
      rows.map((r) => r.coin),
      rows.map((r) => r.address),
      rows.map((r) => r.kind),
      rows.map((r) => r.bucket),
      rows.map((r) => r.amount.toString()),
      rows.map((r) => r.blockId ?? null),
      rows.map((r) => r.payoutId ?? null),
      rows.map((r) => r.at),
    ],
  );
  const deltas = new Map<string, { coin: string; address: string; mature: bigint; immature: bigint; paid: bigint }>();
  for (const row of rows) {
    const key = `${row.coin}\u0000${row.address}`;
    const delta = deltas.get(key) ?? { coin: row.coin, address: row.address, mature: 0n, immature: 0n, paid: 0n };
    if (row.bucket === 'mature') delta.mature += row.amount;
    else delta.immature += row.amount;
    if (row.kind === 'payout') delta.paid += -row.amount;
    deltas.set(key, delta);
  }
  const list = [...deltas.values()];
  // Rows first, then one update: an upsert would check the constraints (no negative
  // balance) on the would-be inserted row, which a confirmation's -immature fails.
  await client.query(
    `insert into balances (coin, address) select * from unnest($1::text[], $2::text[]) on conflict do nothing`,
    [list.map((d) => d.coin), list.map((d) => d.address)],
  );
  await client.query(
    `update balances b set
       mature = b.mature + u.m::numeric,
       immature = b.immature + u.i::numeric,
       paid = b.paid + u.p::numeric
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(c, a, m, i, p)
     where b.coin = u.c and b.address = u.a`,
    [
      list.map((d) => d.coin),
      list.map((d) => d.address),
      list.map((d) => d.mature.toString()),
      list.map((d) => d.immature.toString()),
      list.map((d) => d.paid.toString()),
    ],
  );
}
