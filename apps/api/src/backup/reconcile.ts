/**
 * What a restore cannot know and the operator must square (decision 022, addendum of 2026-11-28):
 * the dump is one instant, and the world went on after it.
 *
 * - Payouts: the restored pool knows every payout up to the instant and none after. A payout
 *   that was Unpaid in the dump and sent since is sent AGAIN at the restored pool's first payout
 *   run (Unpaid means "not sent" to it); a payout made after the instant is not in the restored
 *   pool at all, so its amount is back in the miner's balance and paid again at the next
 *   threshold. Only the wallet knows: its sends after the instant are what to compare.
 * - Sources: a stratum server forgets events once the API acknowledged them, so events a source
 *   delivered after the instant are not in the restored pool and no source resends them (its
 *   next events carry higher seqs, which the restored offsets accept).
 */
import type pg from 'pg';
import type { DumpHeader } from './format.ts';
import { printable } from './printable.ts';

export interface ReconcileReport {
  /** The dump's instant: its transaction's start (at or before its snapshot). */
  takenAt: string;
  payouts: {
    coin: string;
    unpaid: number;
    unpaidUnits: string;
    unpaidIds: [number, number] | null;
    lastPaid: { id: number; txid: string | null; paidAt: string | null } | null;
  }[];
  sources: { source: string; lastSeq: number; at: string }[];
}

export async function reconcileReport(client: Pick<pg.PoolClient, 'query'>, header: DumpHeader): Promise<ReconcileReport> {
  const payouts = await client.query<{
    coin: string;
    unpaid: number;
    units: string;
    first: string | null;
    last: string | null;
    paid_id: string | null;
    txid: string | null;
    paid_at: Date | null;
  }>(
    `select c.coin, u.n as unpaid, u.units, u.first, u.last, p.id as paid_id, p.txid, p.paid_at
     from (select distinct coin from payouts) c
     cross join lateral (select count(*)::int as n, coalesce(sum(amount), 0)::text as units, min(id)::text as first, max(id)::text as last
       from payouts where coin = c.coin and status = 'unpaid') u
     left join lateral (select id::text as id, txid, paid_at from payouts where coin = c.coin and status = 'paid'
       order by paid_at desc nulls last, id desc limit 1) p on true
     order by c.coin`,
  );
  const sources = await client.query<{ source: string; last_seq: string; updated_at: Date }>(
    'select source, last_seq::text, updated_at from ingest_offsets order by source',
  );
  return {
    takenAt: header.taken_at ?? header.created_at,
    payouts: payouts.rows.map((row) => ({
      coin: row.coin,
      unpaid: row.unpaid,
      unpaidUnits: row.units,
      unpaidIds: row.first && row.last ? [Number(row.first), Number(row.last)] : null,
      lastPaid: row.paid_id ? { id: Number(row.paid_id), txid: row.txid, paidAt: row.paid_at?.toISOString() ?? null } : null,
    })),
    sources: sources.rows.map((row) => ({ source: row.source, lastSeq: Number(row.last_seq), at: row.updated_at.toISOString() })),
  };
}

/** The operator's list, printed by `npm run restore` before anything is started on the restore. */
export function describeReconcile(report: ReconcileReport): string {
  // The dump's own text (its instant, coins, txids, sources) escaped, a newline in it included:
  // it can neither drive the terminal nor forge a line of this list.
  const takenAt = printable(String(report.takenAt));
  const lines = [
    `Before you start the pool on it, reconcile what happened after the dump's instant, ${takenAt}:`,
    `  Payouts: the restored pool knows every payout up to that instant and none after it. Compare the`,
    `  wallet's sends since then (e.g. litecoin-cli listtransactions, listsinceblock) with this list:`,
  ];
  if (report.payouts.length === 0) lines.push('    no payouts in the dump.');
  for (const coin of report.payouts) {
    const last = coin.lastPaid
      ? `last sent payout #${coin.lastPaid.id} (${coin.lastPaid.paidAt ?? 'no time'}, tx ${printable(coin.lastPaid.txid ?? 'none')})`
      : 'no sent payout';
    const unpaid =
      coin.unpaid === 0
        ? 'none unpaid'
        : `${coin.unpaid} unpaid (#${coin.unpaidIds![0]}-#${coin.unpaidIds![1]}, ${coin.unpaidUnits} smallest units): ` +
          'the restored pool SENDS THESE AGAIN at its first payout run; any the wallet already sent must be marked paid first';
    lines.push(`    ${printable(coin.coin)}: ${last}; ${unpaid}.`);
  }
  lines.push(
    `  Any payout the wallet made after ${takenAt} is unknown to the restored pool: its amount is back in the`,
    `  miner's balance and is paid again at the next threshold unless taken back.`,
    `  Sources: events a source delivered after that instant are not in the restored pool, and no source resends`,
    `  what the API acknowledged (their shares stay uncredited); each source goes on from its next seq:`,
  );
  if (report.sources.length === 0) lines.push('    no sources in the dump.');
  for (const source of report.sources)
    lines.push(`    ${printable(source.source)}: seq ${source.lastSeq} (its last batch ${source.at})`);
  return lines.join('\n');
}
