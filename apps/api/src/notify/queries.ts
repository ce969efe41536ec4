/**
 * The mail links' SQL (notify/routes.ts): an unsubscribe link's record, kept with the token's
 * hash and the miner, not the address (migration 026), and the one statement that unsubscribes.
 */
import type pg from 'pg';

const KEEP_USED_MS = 365 * 86_400_000;

/** The miner an unsubscribe link was used for, if this link (by its token's hash) was used. */
export async function usedUnsubscribeRecord(
  db: pg.Pool,
  subscriptionId: number,
  tokenSha256: Buffer,
): Promise<{ coin: string; address: string; locale: string } | undefined> {
  const { rows } = await db.query<{ coin: string; address: string; locale: string }>(
    'select coin, address, locale from notify_unsubscribed where subscription_id = $1 and token_sha256 = $2',
    [subscriptionId, tokenSha256],
  );
  return rows[0];
}

/**
 * Removes the subscription and remembers that this link was used, in one statement; records
 * older than a year go at the same time.
 */
export async function unsubscribeOnce(db: pg.Pool, subscriptionId: number, tokenSha256: Buffer, nowMs: number): Promise<void> {
  await db.query(
    `with gone as (delete from notify_subscriptions where id = $1 returning id, coin, address, locale),
       old as (delete from notify_unsubscribed where removed_at < $4)
     insert into notify_unsubscribed (subscription_id, token_sha256, coin, address, locale, removed_at)
     select id, $2, coin, address, locale, $3 from gone
     on conflict (subscription_id) do nothing`,
    [subscriptionId, tokenSha256, new Date(nowMs), new Date(nowMs - KEEP_USED_MS)],
  );
}
