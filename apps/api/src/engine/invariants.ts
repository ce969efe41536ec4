/**
 * The accounting invariants of the ledger (ledger.ts is the one place balances change), as
 * queries, so the property tests and the restore (backup/load.ts) check the same rule: a
 * restore swaps a dump in only when none of these finds a row.
 *
 * These hold at every committed instant, so any consistent dump satisfies them. The running
 * sums of the ledger (no bucket ever below zero in id order) are checked by the property test
 * only: ids are taken before the balance row is locked, so two concurrent transactions of one
 * miner may commit in the other order than their ids, and a real pool's history may dip there
 * while every committed state was sound.
 */
import type pg from 'pg';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface LedgerViolation {
  rule: string;
  /** Up to 5 rows breaking it, as text (coin, address or payout id, and the figures). */
  examples: string[];
  count: number;
}

const RULES: { rule: string; sql: string }[] = [
  {
    rule: 'a balance differs from the sum of its ledger rows',
    sql: `select coalesce(b.coin, l.coin) || ' ' || coalesce(b.address, l.address) ||
        ': balance ' || coalesce(b.mature, 0) || '/' || coalesce(b.immature, 0) ||
        ', ledger ' || coalesce(l.m, 0) || '/' || coalesce(l.i, 0) as example
      from balances b full join (select coin, address, sum(mature) m, sum(immature) i from ledger group by 1, 2) l
        on l.coin = b.coin and l.address = b.address
      where coalesce(b.mature, 0) <> coalesce(l.m, 0) or coalesce(b.immature, 0) <> coalesce(l.i, 0)`,
  },
  {
    rule: 'a balance is negative',
    sql: `select coin || ' ' || address || ': ' || mature || '/' || immature || ', paid ' || paid as example
      from balances where mature < 0 or immature < 0 or paid < 0`,
  },
  {
    rule: 'a balance’s paid differs from the sum of its payouts',
    sql: `select coalesce(b.coin, p.coin) || ' ' || coalesce(b.address, p.address) ||
        ': paid ' || coalesce(b.paid, 0) || ', payouts ' || coalesce(p.total, 0) as example
      from balances b full join (select coin, address, sum(amount) total from payouts group by 1, 2) p
        on p.coin = b.coin and p.address = b.address
      where coalesce(b.paid, 0) <> coalesce(p.total, 0)`,
  },
  {
    rule: 'a payout differs from what its ledger row took from the balance',
    sql: `select 'payout ' || p.id || ' (' || p.coin || ' ' || p.address || '): ' || p.amount ||
        ', ledger ' || coalesce(-l.m, 0) as example
      from payouts p left join (select payout_id, sum(mature) m from ledger where payout_id is not null group by 1) l
        on l.payout_id = p.id
      where p.amount <= 0 or p.amount <> coalesce(-l.m, 0)`,
  },
];

/** Every invariant a committed state must hold, and the rows that break it (none: sound). */
export async function ledgerViolations(client: Queryable): Promise<LedgerViolation[]> {
  const found: LedgerViolation[] = [];
  for (const { rule, sql } of RULES) {
    const result = await client.query<{ example: string; n: string }>(
      `select example, count(*) over ()::text as n from (${sql}) v limit 5`,
    );
    if (result.rows.length > 0)
      found.push({ rule, examples: result.rows.map((row) => row.example), count: Number(result.rows[0]!.n) });
  }
  return found;
}
