/**
 * A payout is marked Paid and its notifications are written by one statement, so the tell
 * and the change commit together or not at all. A merge-mined coin's payout (doge for an ltc
 * miner) goes to the subscriptions of its parent coins' miner of the same address.
 */
import type pg from 'pg';

export interface PaidPayouts {
  coin: string;
  /** Coins whose miners own this coin's balances: the coin itself and, for a merged coin, its parents. */
  minerCoins: readonly string[];
  ids: readonly number[];
  txid: string;
  paidAt: number;
  /** The transaction's confirmations when sent, for a coin followed on its chain (payout-follow.ts). */
  confirmations?: number;
}

export async function markPayoutsPaid(db: Pick<pg.Pool, 'query'>, paid: PaidPayouts): Promise<void> {
  await db.query(
    `with paid as (
       update payouts set status = 'paid', txid = $1, paid_at = to_timestamp($2 / 1000.0), confirmations = $5
       where id = any($3::int8[]) and status = 'unpaid'
       returning id, coin, address, amount
     )
     insert into notify_outbox (subscription_id, channel, recipient, locale, kind, coin, address, payload, created_at, deliver_after, next_attempt_at)
     select s.id, s.channel, s.recipient, s.locale, 'payout', s.coin, s.address,
            jsonb_build_object('payout_id', p.id, 'ticker', p.coin, 'amount', p.amount::text, 'txid', $1::text,
                               'balance', coalesce(b.mature, 0)::text),
            to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0)
     from paid p
     join notify_subscriptions s on s.address = p.address and s.coin = any($4::text[])
       and s.on_payout and (s.channel = 'telegram' or s.confirmed_at is not null)
     left join balances b on b.coin = p.coin and b.address = p.address`,
    [paid.txid, paid.paidAt, paid.ids, paid.minerCoins, paid.confirmations ?? null],
  );
}
