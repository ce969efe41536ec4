/**
 * The global mail budget (decision 016): every replica's senders together
 * hand SMTP at most NOTIFY_MAIL_PER_MINUTE mails in any minute and NOTIFY_MAIL_PER_HOUR in
 * any hour, confirmations and alerts alike. A mail over the budget is not lost: its row stays
 * pending and goes out when a slot frees (back-pressure on the outbox). A slot is taken before
 * the mail is sent and kept if the send fails: the budget counts what was attempted.
 */
import { withTransaction } from '../db/transaction.ts';
import type pg from 'pg';

export interface MailBudget {
  perMinute: number;
  perHour: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const BUDGET_LOCK = 727_031;

/**
 * Takes one slot in its own short transaction (never the row's, which stays open while SMTP
 * answers); resolves to 0 when taken, else the milliseconds until one frees.
 */
export async function takeMailSlot(db: pg.Pool, budget: MailBudget, nowMs: number): Promise<number> {
  return withTransaction(db, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [BUDGET_LOCK]);
    await client.query('delete from notify_mail_slots where taken_at <= $1', [new Date(nowMs - HOUR_MS)]);
    const taken = (
      await client.query<{ at: Date }>('select taken_at as at from notify_mail_slots order by taken_at desc limit $1', [
        budget.perHour,
      ])
    ).rows.map((row) => row.at.getTime());
    const lastMinute = taken.filter((at) => at > nowMs - MINUTE_MS);
    const wait = Math.max(
      lastMinute.length >= budget.perMinute ? lastMinute[budget.perMinute - 1]! + MINUTE_MS - nowMs : 0,
      taken.length >= budget.perHour ? taken[budget.perHour - 1]! + HOUR_MS - nowMs : 0,
    );
    if (wait === 0) await client.query('insert into notify_mail_slots (taken_at) values ($1)', [new Date(nowMs)]);
    return wait;
  });
}
