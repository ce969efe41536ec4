/**
 * Who is told: the miner's e-mail (from settings, confirmed by a link before anything else is
 * sent to it) and the Telegram chats following a miner (no proof: reading is public).
 */
import { withTransaction } from '../db/transaction.ts';
import type pg from 'pg';
import { claimConfirmation, recipientConfirmed } from './mail-limits.ts';
import { enqueue, type Channel } from './outbox.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** A chat follows at most this many miners (decision 012). */
export const CHAT_FOLLOW_LIMIT = 20;
export const OFFLINE_DELAY_MIN_S = 5 * 60;
export const OFFLINE_DELAY_MAX_S = 60 * 60;

export interface Subscription {
  id: number;
  coin: string;
  address: string;
  channel: Channel;
  recipient: string;
  locale: string;
  confirmed: boolean;
  onOffline: boolean;
  onPayout: boolean;
  hashrateDropPct: number | null;
  offlineAfterS: number | null;
}

interface Row {
  id: string;
  coin: string;
  address: string;
  channel: Channel;
  recipient: string;
  locale: string;
  confirmed_at: Date | null;
  on_offline: boolean;
  on_payout: boolean;
  hashrate_drop_pct: number | null;
  offline_after_s: number | null;
}

const COLUMNS =
  'id, coin, address, channel, recipient, locale, confirmed_at, on_offline, on_payout, hashrate_drop_pct, offline_after_s';

const fromRow = (row: Row): Subscription => ({
  id: Number(row.id),
  coin: row.coin,
  address: row.address,
  channel: row.channel,
  recipient: row.recipient,
  locale: row.locale,
  confirmed: row.confirmed_at !== null,
  onOffline: row.on_offline,
  onPayout: row.on_payout,
  hashrateDropPct: row.hashrate_drop_pct,
  offlineAfterS: row.offline_after_s,
});

export async function subscriptionById(db: Queryable, id: number): Promise<Subscription | null> {
  const row = (await db.query<Row>(`select ${COLUMNS} from notify_subscriptions where id = $1`, [id])).rows[0];
  return row ? fromRow(row) : null;
}

export async function minerSubscriptions(db: Queryable, coin: string, address: string): Promise<Subscription[]> {
  const result = await db.query<Row>(`select ${COLUMNS} from notify_subscriptions where coin = $1 and address = $2 order by id`, [
    coin,
    address,
  ]);
  return result.rows.map(fromRow);
}

export async function chatSubscriptions(db: Queryable, chatId: string): Promise<Subscription[]> {
  const result = await db.query<Row>(
    `select ${COLUMNS} from notify_subscriptions where channel = 'telegram' and recipient = $1 order by id`,
    [chatId],
  );
  return result.rows.map(fromRow);
}

export interface MinerEmailChange {
  coin: string;
  address: string;
  /** undefined: unchanged; '' or null: remove the stored e-mail. */
  email?: string | null;
  locale: string;
  onOffline?: boolean;
  onPayout?: boolean;
  offlineAfterS?: number | null;
  hashrateDropPct?: number | null;
}

/**
 * Applies the e-mail part of a settings change inside the caller's transaction. A new
 * address replaces the old one unconfirmed and gets a confirmation; nothing else is sent to
 * it until the link is followed. Naming the same unconfirmed address again sends the link
 * again (once per pending one); a save that names no address sends nothing. Every link is
 * claimed from the mail limits first (mail-limits.ts): past one, this throws the 429 before
 * anything is written. Returns whether a confirmation was written.
 */
export async function applyMinerEmail(
  db: Queryable,
  change: MinerEmailChange,
  nowMs: number,
  asker: { client?: string; proof?: string } = {},
): Promise<{ confirmationSent: boolean }> {
  const current = (await minerSubscriptions(db, change.coin, change.address)).find((sub) => sub.channel === 'email');
  if (change.email === '' || change.email === null) {
    await db.query(`delete from notify_subscriptions where coin = $1 and address = $2 and channel = 'email'`, [
      change.coin,
      change.address,
    ]);
    return { confirmationSent: false };
  }
  const email = change.email?.trim();
  const replaces = email !== undefined && email.toLowerCase() !== current?.recipient.toLowerCase();
  let confirm = replaces;
  if (!replaces && email !== undefined && current && !current.confirmed) {
    const pending = await db.query(
      `select 1 from notify_outbox where subscription_id = $1 and kind = 'confirm' and status = 'pending' limit 1`,
      [current.id],
    );
    confirm = pending.rowCount === 0;
  }
  const recipient = replaces ? email : current?.recipient;
  if (confirm && recipient !== undefined)
    await claimConfirmation(
      db,
      { recipient, miner: `${change.coin}:${change.address}`, client: asker.client, proof: asker.proof },
      nowMs,
    );
  let id = current?.id;
  if (replaces) {
    await db.query(`delete from notify_subscriptions where coin = $1 and address = $2 and channel = 'email'`, [
      change.coin,
      change.address,
    ]);
    const inserted = await db.query<{ id: string }>(
      `insert into notify_subscriptions (coin, address, channel, recipient, locale, created_at) values ($1, $2, 'email', $3, $4, $5) returning id`,
      [change.coin, change.address, email, change.locale, new Date(nowMs)],
    );
    id = Number(inserted.rows[0]!.id);
  }
  if (id === undefined || recipient === undefined) return { confirmationSent: false };
  await db.query(
    `update notify_subscriptions set locale = $2, on_offline = coalesce($3, on_offline), on_payout = coalesce($4, on_payout),
       offline_after_s = case when $5::boolean then $6::int else offline_after_s end,
       hashrate_drop_pct = case when $7::boolean then $8::int else hashrate_drop_pct end
     where id = $1`,
    [
      id,
      change.locale,
      change.onOffline ?? null,
      change.onPayout ?? null,
      change.offlineAfterS !== undefined,
      change.offlineAfterS ?? null,
      change.hashrateDropPct !== undefined,
      change.hashrateDropPct ?? null,
    ],
  );
  if (confirm) {
    await enqueue(
      db,
      { subscriptionId: id, channel: 'email', recipient, locale: change.locale, coin: change.coin, address: change.address },
      'confirm',
      {},
      nowMs,
    );
  }
  return { confirmationSent: confirm };
}

export async function confirmEmail(db: Queryable, id: number, nowMs: number): Promise<void> {
  const confirmed = await db.query<{ recipient: string }>(
    'update notify_subscriptions set confirmed_at = coalesce(confirmed_at, $2) where id = $1 returning recipient',
    [id, new Date(nowMs)],
  );
  // The recipient answered: it is no longer one that never confirms (mail-limits.ts).
  const recipient = confirmed.rows[0]?.recipient;
  if (recipient !== undefined) await recipientConfirmed(db, recipient, nowMs);
}

export async function removeSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('delete from notify_subscriptions where id = $1', [id]);
}

export type FollowOutcome = 'following' | 'already' | 'limit';

export async function followInChat(
  db: pg.Pool,
  chatId: string,
  coin: string,
  address: string,
  locale: string,
  nowMs: number,
): Promise<FollowOutcome> {
  return withTransaction(db, async (client) => {
    // One chat's follows are counted and added one at a time, so the limit holds.
    await client.query('select pg_advisory_xact_lock(727015, hashtext($1))', [chatId]);
    const existing = await chatSubscriptions(client, chatId);
    let outcome: FollowOutcome;
    if (existing.some((sub) => sub.coin === coin && sub.address === address)) outcome = 'already';
    else if (existing.length >= CHAT_FOLLOW_LIMIT) outcome = 'limit';
    else {
      await client.query(
        `insert into notify_subscriptions (coin, address, channel, recipient, locale, confirmed_at, created_at)
         values ($1, $2, 'telegram', $3, $4, $5, $5)`,
        [coin, address, chatId, locale, new Date(nowMs)],
      );
      outcome = 'following';
    }
    return outcome;
  });
}

export interface ChatSettingsChange {
  onOffline?: boolean;
  onPayout?: boolean;
  offlineAfterS?: number;
  hashrateDropPct?: number | null;
}

export async function changeChatSubscription(db: Queryable, id: number, change: ChatSettingsChange): Promise<void> {
  await db.query(
    `update notify_subscriptions set on_offline = coalesce($2, on_offline), on_payout = coalesce($3, on_payout),
       offline_after_s = coalesce($4, offline_after_s),
       hashrate_drop_pct = case when $5::boolean then $6::int else hashrate_drop_pct end,
       hashrate_low_since = case when $5::boolean then null else hashrate_low_since end
     where id = $1`,
    [
      id,
      change.onOffline ?? null,
      change.onPayout ?? null,
      change.offlineAfterS ?? null,
      change.hashrateDropPct !== undefined,
      change.hashrateDropPct ?? null,
    ],
  );
}

/** The chat's language (set with /language, first guessed from the user's Telegram language). */
export async function chatLocale(db: Queryable, chatId: string, guess: string, nowMs: number): Promise<string> {
  await db.query(`insert into notify_chats (chat_id, locale, created_at) values ($1, $2, $3) on conflict (chat_id) do nothing`, [
    chatId,
    guess,
    new Date(nowMs),
  ]);
  return (
    (await db.query<{ locale: string }>('select locale from notify_chats where chat_id = $1', [chatId])).rows[0]?.locale ?? guess
  );
}

export async function setChatLocale(db: Queryable, chatId: string, locale: string, nowMs: number): Promise<void> {
  await db.query(
    `insert into notify_chats (chat_id, locale, created_at) values ($1, $2, $3) on conflict (chat_id) do update set locale = excluded.locale`,
    [chatId, locale, new Date(nowMs)],
  );
  // Alerts already following are written in the chat's language from now on.
  await db.query(`update notify_subscriptions set locale = $2 where channel = 'telegram' and recipient = $1`, [chatId, locale]);
}
