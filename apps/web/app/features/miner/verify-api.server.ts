/**
 * The Verify page's call (decision 025): the coin's audit periods of the last week with what
 * the ledger credited this address in each, parsed with the API's own schema on the server.
 * Amounts become coin units here, with the decimals the API names for each coin.
 */
import { auditListSchema } from '@openpool/domain/audit-api';
import { fromUnits } from '@openpool/domain/pool-config';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';

/** How far back the page looks: a week of hourly PPS runs and blocks. */
export const VERIFY_DAYS = 7;
/** The most recent credited periods the page lists; the browser checks every period since the oldest of them (a few dozen requests, well inside the API quota). */
export const VERIFY_ROWS = 24;

export interface VerifyRow {
  period: number;
  kind: string;
  coin: string;
  at: number;
  /** What the ledger credited, smallest units (the browser's check compares it to the unit). */
  units: string;
  /** The same in coin units, for display. */
  amount: string;
}

export interface VerifyPeriods {
  from: number;
  to: number;
  /** Every period of the range, credited or not (the browser walks them all to check the chain). */
  periods: number;
  rows: VerifyRow[];
}

export async function fetchVerifyPeriods(api: ApiClient, coin: string, address: string, nowS: number): Promise<VerifyPeriods> {
  const to = nowS + 1;
  const from = to - VERIFY_DAYS * 86_400;
  const rows: VerifyRow[] = [];
  let periods = 0;
  for (let after: number | null = 0; after !== null;) {
    const page = auditListSchema.parse(
      await api.request(apiPaths.audit(coin), { query: { from, to, address, after: after || undefined } }),
    );
    periods += page.results.length;
    for (const row of page.results) {
      if (!row.ledger_credit || row.ledger_credit === '0') continue;
      const decimals = page.unit_decimals[row.coin] ?? 8;
      rows.push({
        period: row.period,
        kind: row.kind,
        coin: row.coin,
        at: row.at,
        units: row.ledger_credit,
        amount: fromUnits(BigInt(row.ledger_credit), decimals),
      });
    }
    after = page.next;
  }
  return { from, to, periods, rows: rows.slice(-VERIFY_ROWS).reverse() };
}
