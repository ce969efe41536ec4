/**
 * The outbox: rows written in the transaction of the change they report, claimed by the
 * sender with `for update skip locked` (any number of API replicas), retried with backoff,
 * and counted for /health when they fail for good.
 */
import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const NOTIFY_KINDS = ['confirm', 'offline', 'online', 'payout', 'hashrate_low', 'hashrate_back', 'digest'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export type Channel = 'email' | 'telegram';

export interface Recipient {
  subscriptionId: number;
  channel: Channel;
  recipient: string;
  locale: string;
  coin: string;
  address: string;
}

export interface OutboxRow extends Recipient {
  id: number;
  key: string;
  kind: NotifyKind;
  payload: Record<string, unknown>;
  createdAt: number;
  attempts: number;
}

/** Workers changing state within this window of the first are told in one message. */
export const GATHER_MS = 60_000;
export const MAX_ATTEMPTS = 10;

/** 30 s, 1 min, 2 min … capped at an hour: about nine hours from the first to the last try. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const at = (ms: number) => new Date(ms);

export async function enqueue(
  db: Queryable,
  to: Recipient,
  kind: NotifyKind,
  payload: Record<string, unknown>,
  nowMs: number,
  deliverAfterMs = nowMs,
): Promise<void> {
  await db.query(
    `insert into notify_outbox (subscription_id, channel, recipient, locale, kind, coin, address, payload, created_at, deliver_after, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [to.subscriptionId, to.channel, to.recipient, to.locale, kind, to.coin, to.address, payload, at(nowMs), at(deliverAfterMs)],
  );
}

export interface WorkerChange {
  worker: string;
  /** unix seconds: the last share before going silent (offline) or the silence it ended (online). */
  since: number;
  /** online only: seconds the worker was silent. */
  silent_s?: number;
}

/**
 * Adds workers to the recipient's message of this kind that is still gathering (written less
 * than a minute ago and not yet claimed), or opens a new one held for a minute.
 */
export async function enqueueWorkerChanges(
  db: Queryable,
  to: Recipient,
  kind: 'offline' | 'online',
  workers: readonly WorkerChange[],
  extra: Record<string, unknown>,
  nowMs: number,
): Promise<void> {
  const joined = await db.query(
    `update notify_outbox set payload = jsonb_set(payload, '{workers}', (payload -> 'workers') || $3::jsonb)
     where id = (select id from notify_outbox where subscription_id = $1 and kind = $2 and status = 'pending'
                 and attempts = 0 and deliver_after > $4 order by id desc limit 1 for update)
       and deliver_after > $4`,
    [to.subscriptionId, kind, JSON.stringify(workers), at(nowMs)],
  );
  if ((joined.rowCount ?? 0) > 0) return;
  await enqueue(db, to, kind, { ...extra, workers }, nowMs, nowMs + GATHER_MS);
}

interface RawRow {
  id: string;
  key: string;
  subscription_id: string | null;
  channel: Channel;
  recipient: string;
  locale: string;
  kind: NotifyKind;
  coin: string;
  address: string;
  payload: Record<string, unknown>;
  created_at: Date;
  attempts: number;
}

/**
 * Locks the oldest due row (of these channels: e-mail is left out while the mail budget is
 * spent) for this transaction (`skip locked`: other senders, in this or
 * another replica, take the next one). The lock lasts until the caller commits the row's
 * outcome; if the process dies first, PostgreSQL ends the transaction and the row is due again.
 */
export async function nextDue(
  client: Queryable,
  nowMs: number,
  channels: readonly Channel[] = ['email', 'telegram'],
): Promise<OutboxRow | null> {
  const row = (
    await client.query<RawRow>(
      `select id, key, subscription_id, channel, recipient, locale, kind, coin, address, payload, created_at, attempts
       from notify_outbox where status = 'pending' and next_attempt_at <= $1 and deliver_after <= $1 and channel = any($2::text[])
       order by id limit 1 for update skip locked`,
      [at(nowMs), channels],
    )
  ).rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    key: row.key,
    subscriptionId: Number(row.subscription_id ?? 0),
    channel: row.channel,
    recipient: row.recipient,
    locale: row.locale,
    kind: row.kind,
    coin: row.coin,
    address: row.address,
    payload: row.payload,
    createdAt: row.created_at.getTime(),
    attempts: row.attempts,
  };
}

export async function markSent(db: Queryable, id: number, nowMs: number): Promise<void> {
  await db.query(
    `update notify_outbox set status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = null where id = $1`,
    [id, at(nowMs)],
  );
}

export async function markDropped(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(`update notify_outbox set status = 'dropped', last_error = $2 where id = $1`, [id, reason]);
}

/** Schedules the next try, or gives up (status failed) after MAX_ATTEMPTS or a permanent error. */
export async function markFailed(
  db: Queryable,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  permanent: boolean,
  nowMs: number,
): Promise<'retry' | 'failed'> {
  const attempts = row.attempts + 1;
  const final = permanent || attempts >= MAX_ATTEMPTS;
  await db.query(`update notify_outbox set status = $2, next_attempt_at = $3, attempts = $5, last_error = $4 where id = $1`, [
    row.id,
    final ? 'failed' : 'pending',
    at(nowMs + backoffMs(attempts)),
    error.slice(0, 500),
    attempts,
  ]);
  return final ? 'failed' : 'retry';
}

export interface OutboxHealth {
  pending: number;
  failed: number;
  oldest_pending_s: number | null;
}

export async function outboxHealth(db: pg.Pool, nowMs: number): Promise<OutboxHealth> {
  const row = (
    await db.query<{ pending: number; failed: number; oldest: Date | null }>(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed,
         min(created_at) filter (where status = 'pending') as oldest
       from notify_outbox where status in ('pending', 'failed')`,
    )
  ).rows[0];
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldest_pending_s: row?.oldest ? Math.max(0, Math.round((nowMs - row.oldest.getTime()) / 1000)) : null,
  };
}

export interface SentPayout {
  id: number;
  coin: string;
  address: string;
  amount: string;
}

/**
 * The notifications of payouts just marked Paid, written in the caller's transaction so the
 * tell and the change commit together or not at all (the engine's payout run calls this). A
 * merge-mined coin's payout (doge for an ltc miner) goes to the subscriptions of its parent
 * coins' miner of the same address (`minerCoins`).
 */
export async function enqueuePayoutNotices(
  db: Queryable,
  payouts: readonly SentPayout[],
  sent: { txid: string; paidAt: number; minerCoins: readonly string[] },
): Promise<void> {
  if (payouts.length === 0) return;
  await db.query(
    `insert into notify_outbox (subscription_id, channel, recipient, locale, kind, coin, address, payload, created_at, deliver_after, next_attempt_at)
     select s.id, s.channel, s.recipient, s.locale, 'payout', s.coin, s.address,
            jsonb_build_object('payout_id', p.id, 'ticker', p.coin, 'amount', p.amount, 'txid', $1::text,
                               'balance', coalesce(b.mature, 0)::text),
            to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0)
     from unnest($3::int8[], $4::text[], $5::text[], $6::text[]) as p(id, coin, address, amount)
     join notify_subscriptions s on s.address = p.address and s.coin = any($7::text[])
       and s.on_payout and (s.channel = 'telegram' or s.confirmed_at is not null)
     left join balances b on b.coin = p.coin and b.address = p.address`,
    [
      sent.txid,
      sent.paidAt,
      payouts.map((p) => p.id),
      payouts.map((p) => p.coin),
      payouts.map((p) => p.address),
      payouts.map((p) => p.amount),
      sent.minerCoins,
    ],
  );
}
