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
  /** Change of the mature (payable) balance. */
  mature: bigint;
  /** Change of the immature balance (credits of blocks not yet confirmed). */
  immature: bigint;
  blockId?: number;
  payoutId?: number;
  at: number;
}

export async function applyLedger(client: pg.PoolClient, entries: readonly LedgerEntry[]): Promise<void> {
  const rows = entries.filter((entry) => entry.mature !== 0n || entry.immature !== 0n);
  if (rows.length === 0) return;
  await client.query(
    `insert into ledger (coin, address, kind, mature, immature, block_id, payout_id, at)
     select c, a, k, m::numeric, i::numeric, bl, p, to_timestamp(t / 1000.0)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int8[], $7::int8[], $8::float8[]) as u(c, a, k, m, i, bl, p, t)`,
    [
      rows.map((r) => r.coin),
      rows.map((r) => r.address),
      rows.map((r) => r.kind),
      rows.map((r) => r.mature.toString()),
      rows.map((r) => r.immature.toString()),
      rows.map((r) => r.blockId ?? null),
      rows.map((r) => r.payoutId ?? null),
      rows.map((r) => r.at),
    ],
  );
  const deltas = new Map<string, { coin: string; address: string; mature: bigint; immature: bigint; paid: bigint }>();
  for (const row of rows) {
    const key = `${row.coin}\u0000${row.address}`;
    const delta = deltas.get(key) ?? { coin: row.coin, address: row.address, mature: 0n, immature: 0n, paid: 0n };
    delta.mature += row.mature;
    delta.immature += row.immature;
    if (row.kind === 'payout') delta.paid += -row.mature;
    deltas.set(key, delta);
  }
  const list = [...deltas.values()];
  // Existing rows move by their deltas in one update; rows it did not find are new and are
  // inserted with the deltas as their values. (An upsert would check the no-negative
  // constraints on the would-be inserted row, which a confirmation's -immature fails.)
  const updated = await client.query<{ coin: string; address: string }>(
    `update balances b set
       mature = b.mature + u.m::numeric,
       immature = b.immature + u.i::numeric,
       paid = b.paid + u.p::numeric
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(c, a, m, i, p)
     where b.coin = u.c and b.address = u.a
     returning b.coin, b.address`,
    [
      list.map((d) => d.coin),
      list.map((d) => d.address),
      list.map((d) => d.mature.toString()),
      list.map((d) => d.immature.toString()),
      list.map((d) => d.paid.toString()),
    ],
  );
  if (updated.rows.length === list.length) return;
  const found = new Set(updated.rows.map((row) => `${row.coin}\u0000${row.address}`));
  const missing = list.filter((d) => !found.has(`${d.coin}\u0000${d.address}`));
  await client.query(
    `insert into balances (coin, address, mature, immature, paid)
     select c, a, m::numeric, i::numeric, p::numeric from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(c, a, m, i, p)`,
    [
      missing.map((d) => d.coin),
      missing.map((d) => d.address),
      missing.map((d) => d.mature.toString()),
      missing.map((d) => d.immature.toString()),
      missing.map((d) => d.paid.toString()),
    ],
  );
}
