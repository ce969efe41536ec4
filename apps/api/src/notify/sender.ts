/**
 * Delivers the outbox, one row per transaction: lock the oldest due row, check the
 * subscription still wants it (removed, unsubscribed or unconfirmed: dropped), hold an alert
 * past the hourly limit for one digest, take a slot of the global mail budget (mail-budget.ts;
 * none free: the row waits, untouched), send it by e-mail or chat, and commit its outcome.
 * At least once: if the process dies after sending and before the commit, the row is due
 * again and goes out with the same key (the mail's Message-ID, which inboxes deduplicate).
 */
import { withTransaction } from '../db/transaction.ts';
import type pg from 'pg';
import { takeMailSlot, type MailBudget } from './mail-budget.ts';
import { PermanentDeliveryError, type Mailer } from './mailer.ts';
import { markDropped, markFailed, markSent, nextDue, type Channel, type OutboxRow } from './outbox.ts';
import { renderChat, renderMail, type RenderContext } from './templates.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

export interface ChatDelivery {
  send(chatId: string, text: string): Promise<void>;
}

export interface NotifySenderOptions {
  db: pg.Pool;
  render: RenderContext;
  mailer: Mailer;
  /** The Telegram bot, when TELEGRAM_BOT_TOKEN is set. */
  chat?: ChatDelivery;
  now: () => number;
  maxPerHour: number;
  /** Mails a minute and an hour across every replica; what is over waits. */
  mailBudget: MailBudget;
  log: (line: string) => void;
}

export interface NotifySender {
  /** Sends what is due now; resolves to how many messages went out. */
  runOnce(): Promise<number>;
}

const HOUR_MS = 3_600_000;

export function createNotifySender(options: NotifySenderOptions): NotifySender {
  const { db, now, log } = options;
  /** How long the mail budget makes this round's mails wait (0: it did not); logged once until mail flows again. */
  let budgetWaitMs = 0;
  let budgetLogged = false;

  async function refusal(client: Queryable, row: OutboxRow): Promise<string | null> {
    const sub = (
      await client.query<{ recipient: string; confirmed_at: Date | null }>(
        'select recipient, confirmed_at from notify_subscriptions where id = $1',
        [row.subscriptionId],
      )
    ).rows[0];
    if (!sub) return 'subscription removed';
    if (sub.recipient !== row.recipient) return 'recipient changed';
    if (row.channel !== 'email') return null;
    if (row.kind === 'confirm') return sub.confirmed_at ? 'already confirmed' : null;
    return sub.confirmed_at ? null : 'e-mail not confirmed';
  }

  /**
   * Past the hourly limit an alert waits for the digest, which is due when the hour's window
   * frees. Confirmations are never held (each was allowed by the mail limits) but take their
   * place in the hour's count (decision 016).
   */
  async function holdIfOverLimit(client: Queryable, row: OutboxRow): Promise<boolean> {
    if (row.kind === 'confirm' || row.kind === 'digest') return false;
    const nowMs = now();
    await client.query('select pg_advisory_xact_lock(727014, $1::int)', [row.subscriptionId % 2 ** 31]);
    const recent = (
      await client.query<{ sent: number; oldest: Date | null }>(
        `select count(*)::int as sent, min(sent_at) as oldest from notify_outbox
         where subscription_id = $1 and status = 'sent' and sent_at > $2`,
        [row.subscriptionId, new Date(nowMs - HOUR_MS)],
      )
    ).rows[0]!;
    if (recent.sent < options.maxPerHour) return false;
    await client.query(`update notify_outbox set status = 'held' where id = $1`, [row.id]);
    const opensAt = new Date((recent.oldest?.getTime() ?? nowMs) + HOUR_MS);
    await client.query(
      `insert into notify_outbox (subscription_id, channel, recipient, locale, kind, coin, address, payload, created_at, deliver_after, next_attempt_at)
       select $1, $2, $3, $4, 'digest', $5, $6, $7, $8, $9, $9
       where not exists (select 1 from notify_outbox where subscription_id = $1 and kind = 'digest' and status = 'pending')`,
      [
        row.subscriptionId,
        row.channel,
        row.recipient,
        row.locale,
        row.coin,
        row.address,
        { limit: options.maxPerHour },
        new Date(nowMs),
        opensAt,
      ],
    );
    return true;
  }

  async function heldRows(client: Queryable, row: OutboxRow): Promise<OutboxRow[]> {
    const result = await client.query<{
      id: string;
      kind: OutboxRow['kind'];
      payload: Record<string, unknown>;
      created_at: Date;
      key: string;
    }>(
      `select id, kind, payload, created_at, key from notify_outbox where subscription_id = $1 and status = 'held' order by id for update`,
      [row.subscriptionId],
    );
    return result.rows.map((held) => ({
      ...row,
      id: Number(held.id),
      key: held.key,
      kind: held.kind,
      payload: held.payload,
      createdAt: held.created_at.getTime(),
    }));
  }

  async function deliver(row: OutboxRow, gathered: OutboxRow[]): Promise<void> {
    if (row.channel === 'email') {
      const mail = renderMail(options.render, row, gathered);
      await options.mailer.send({ key: row.key, createdAt: row.createdAt, to: row.recipient, ...mail });
      return;
    }
    if (!options.chat) throw new Error('the Telegram bot is not configured (TELEGRAM_BOT_TOKEN)');
    await options.chat.send(row.recipient, renderChat(options.render, row, gathered));
  }

  type Outcome = 'sent' | 'not sent' | 'over budget';

  /** Handles one row inside the caller's transaction. */
  async function handle(client: Queryable, row: OutboxRow): Promise<Outcome> {
    const refused = await refusal(client, row);
    if (refused) {
      await markDropped(client, row.id, refused);
      return 'not sent';
    }
    if (await holdIfOverLimit(client, row)) return 'not sent';
    const gathered = row.kind === 'digest' ? await heldRows(client, row) : [];
    if (row.kind === 'digest' && gathered.length === 0) {
      await markDropped(client, row.id, 'nothing held');
      return 'not sent';
    }
    if (row.channel === 'email') {
      const wait = await takeMailSlot(db, options.mailBudget, now());
      if (wait > 0) {
        // Nothing of this row has changed: it stays due, and goes out when a slot frees.
        budgetWaitMs = wait;
        return 'over budget';
      }
    }
    try {
      await deliver(row, gathered);
    } catch (error) {
      const message = (error as Error).message;
      const permanent = error instanceof PermanentDeliveryError || (error as { permanent?: boolean }).permanent === true;
      const outcome = await markFailed(client, row, message, permanent, now());
      if (outcome === 'failed')
        log(`notify: ${row.kind} #${row.id} to ${row.channel} failed for good after ${row.attempts + 1} attempt(s): ${message}`);
      else log(`notify: ${row.kind} #${row.id} to ${row.channel} failed, will retry: ${message}`);
      return 'not sent';
    }
    if (gathered.length > 0) {
      await client.query(`update notify_outbox set status = 'digested' where id = any($1::int8[])`, [
        gathered.map((item) => item.id),
      ]);
    }
    await markSent(client, row.id, now());
    return 'sent';
  }

  /** One row of these channels: locked, handled and committed; null when nothing is due. */
  async function sendNext(channels: readonly Channel[]): Promise<Outcome | null> {
    return withTransaction(db, async (client) => {
      const row = await nextDue(client, now(), channels);
      const outcome = row ? await handle(client, row) : null;
      return outcome;
    });
  }

  let running: Promise<number> | undefined;
  return {
    runOnce() {
      running ??= (async () => {
        let sent = 0;
        let channels: Channel[] = ['email', 'telegram'];
        budgetWaitMs = 0;
        for (let outcome = await sendNext(channels); outcome !== null; outcome = await sendNext(channels)) {
          if (outcome === 'sent') sent += 1;
          // The budget is spent: chats go on, mails wait for the next round.
          if (outcome === 'over budget') channels = ['telegram'];
        }
        if (budgetWaitMs > 0 && !budgetLogged) {
          const { perMinute, perHour } = options.mailBudget;
          log(
            `notify: mail budget spent (${perMinute} a minute, ${perHour} an hour); mails wait, the next in ${Math.ceil(budgetWaitMs / 1000)} s`,
          );
        }
        budgetLogged = budgetWaitMs > 0;
        return sent;
      })().finally(() => (running = undefined));
      return running;
    },
  };
}
