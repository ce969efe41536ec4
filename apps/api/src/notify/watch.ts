/**
 * The watcher: a clock-driven job that turns the engine's share data into worker and
 * hashrate transitions of watched miners, each written with its outbox rows in one
 * transaction. A worker goes offline by sending nothing, so no batch can notice it: the job
 * runs every few seconds in one API replica at a time (a transaction-level advisory lock;
 * the others skip the round), decision record 012.
 *
 * Time is the coin's event time (the engine's clock), capped by the wall clock: while a
 * backfill catches up or a coin's ingest stalls, workers are not reported offline for
 * silence that is the pool's, not theirs.
 */
import { withTransaction } from '../db/transaction.ts';
import type pg from 'pg';
import type { CoinTicker } from '@openpool/domain/coins';
import type { ApiContext } from '../context.ts';
import { minerWindowSums } from '../stats/miner-windows.ts';
import { windowHashrate, windows } from '../stats/windows.ts';
import { enqueue, enqueueWorkerChanges, type Recipient, type WorkerChange } from './outbox.ts';

const WATCH_LOCK = 727_014;
/** A worker back within the last hour needs this many times the delay of silence to be reported again. */
export const FLAP_FACTOR = 2;
const FLAP_WINDOW_S = 3600;
/** Back above the drop level plus this many points, so a hashrate near the line does not flap. */
const HASHRATE_HYSTERESIS_PCT = 10;

export interface WatchOptions {
  ctx: ApiContext;
  /** NOTIFY_OFFLINE_AFTER_S: the delay of subscriptions that set none. */
  offlineAfterS: number;
}

export interface WatchResult {
  ran: boolean;
  offline: number;
  online: number;
  hashrate: number;
}

interface TransitionRow {
  subscription_id: string;
  channel: Recipient['channel'];
  recipient: string;
  locale: string;
  coin: string;
  address: string;
  delay_s: number;
  worker_id: string;
  worker: string;
  last_share_at: Date;
  silent_since: Date | null;
}

const recipientOf = (
  row: Pick<TransitionRow, 'subscription_id' | 'channel' | 'recipient' | 'locale' | 'coin' | 'address'>,
): Recipient => ({
  subscriptionId: Number(row.subscription_id),
  channel: row.channel,
  recipient: row.recipient,
  locale: row.locale,
  coin: row.coin,
  address: row.address,
});

function bySubscription<T extends { subscription_id: string }>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.subscription_id, [...(groups.get(row.subscription_id) ?? []), row]);
  return [...groups.values()];
}

async function offlineTransitions(client: pg.PoolClient, nowMs: number, defaultDelay: number): Promise<number> {
  const found = await client.query<TransitionRow>(
    `with clock as (select coin, least(event_time, $1) as now from engine_clock)
     select s.id as subscription_id, s.channel, s.recipient, s.locale, s.coin, s.address,
            coalesce(s.offline_after_s, $2)::int as delay_s, w.id as worker_id, w.worker, w.last_share_at, null as silent_since
     from notify_subscriptions s
     join clock c on c.coin = s.coin
     join workers w on w.coin = s.coin and w.address = s.address
     left join notify_worker_state st on st.subscription_id = s.id and st.worker_id = w.id
     where s.on_offline and (s.channel = 'telegram' or s.confirmed_at is not null)
       and coalesce(st.offline, false) = false
       and w.last_share_at < c.now - make_interval(secs => coalesce(s.offline_after_s, $2) *
             case when st.back_at > c.now - make_interval(secs => $3) then $4 else 1 end)
       -- silent before the subscription began: not a change this subscription saw
       and w.last_share_at > coalesce(s.confirmed_at, s.created_at) - make_interval(secs => coalesce(s.offline_after_s, $2))
     order by s.id, w.worker`,
    [new Date(nowMs), defaultDelay, FLAP_WINDOW_S, FLAP_FACTOR],
  );
  if (found.rows.length === 0) return 0;
  await client.query(
    `insert into notify_worker_state (subscription_id, worker_id, offline, silent_since, changed_at)
     select s, w, true, l, $4 from unnest($1::int8[], $2::int8[], $3::timestamptz[]) as u(s, w, l)
     on conflict (subscription_id, worker_id) do update set offline = true, silent_since = excluded.silent_since, changed_at = excluded.changed_at`,
    [
      found.rows.map((r) => r.subscription_id),
      found.rows.map((r) => r.worker_id),
      found.rows.map((r) => r.last_share_at),
      new Date(nowMs),
    ],
  );
  for (const rows of bySubscription(found.rows)) {
    const first = rows[0]!;
    const workers: WorkerChange[] = rows.map((r) => ({ worker: r.worker, since: Math.floor(r.last_share_at.getTime() / 1000) }));
    await enqueueWorkerChanges(client, recipientOf(first), 'offline', workers, { delay_s: first.delay_s }, nowMs);
  }
  return found.rows.length;
}

/** Every offline worker with a share after its silence began is back; told even if offline alerts were since turned off, so each 'offline' has its pair. */
async function onlineTransitions(client: pg.PoolClient, nowMs: number): Promise<number> {
  const back = await client.query<TransitionRow>(
    `update notify_worker_state st set offline = false, back_at = $1, changed_at = $1
     from workers w, notify_subscriptions s
     where st.offline and w.id = st.worker_id and s.id = st.subscription_id and w.last_share_at > st.silent_since
     returning s.id as subscription_id, s.channel, s.recipient, s.locale, s.coin, s.address, 0 as delay_s,
               w.id as worker_id, w.worker, w.last_share_at, st.silent_since`,
    [new Date(nowMs)],
  );
  for (const rows of bySubscription(back.rows)) {
    const workers: WorkerChange[] = rows.map((r) => ({
      worker: r.worker,
      since: Math.floor((r.silent_since?.getTime() ?? 0) / 1000),
      silent_s: Math.max(0, Math.round((r.last_share_at.getTime() - (r.silent_since?.getTime() ?? 0)) / 1000)),
    }));
    await enqueueWorkerChanges(client, recipientOf(rows[0]!), 'online', workers, {}, nowMs);
  }
  return back.rows.length;
}

/** Optional per subscription: the 10-minute hashrate below a share of the 24-hour average, and back. */
async function hashrateTransitions(client: pg.PoolClient, ctx: ApiContext, nowMs: number): Promise<number> {
  const watched = await client.query<{
    subscription_id: string;
    channel: Recipient['channel'];
    recipient: string;
    locale: string;
    coin: string;
    address: string;
    pct: number;
    low: boolean;
    now: Date;
  }>(
    `select s.id as subscription_id, s.channel, s.recipient, s.locale, s.coin, s.address, s.hashrate_drop_pct as pct,
            s.hashrate_low_since is not null as low, least(c.event_time, $1) as now
     from notify_subscriptions s join engine_clock c on c.coin = s.coin
     where s.hashrate_drop_pct is not null and (s.channel = 'telegram' or s.confirmed_at is not null)
     for update of s`,
    [new Date(nowMs)],
  );
  let changes = 0;
  for (const row of watched.rows) {
    if (!ctx.pool.coins.has(row.coin as CoinTicker)) continue;
    // Two sums in one small query, not the miner page's eight.
    const hpd = ctx.pool.coins.get(row.coin as CoinTicker)!.hashesPerDifficulty;
    const sums = await minerWindowSums(client, row.coin, row.address, windows(row.now.getTime()).end);
    const stats = { hashrate_10m: windowHashrate('10m', sums.v10, hpd), hashrate_24h: windowHashrate('24h', sums.v24h, hpd) };
    if (stats.hashrate_24h <= 0) continue;
    const share = (100 * stats.hashrate_10m) / stats.hashrate_24h;
    const goesLow = !row.low && share < row.pct;
    const comesBack = row.low && share >= Math.min(100, row.pct + HASHRATE_HYSTERESIS_PCT);
    if (!goesLow && !comesBack) continue;
    await client.query('update notify_subscriptions set hashrate_low_since = $2 where id = $1', [
      row.subscription_id,
      goesLow ? new Date(nowMs) : null,
    ]);
    const payload = { current: stats.hashrate_10m, average: stats.hashrate_24h, percent: row.pct };
    await enqueue(client, recipientOf(row), goesLow ? 'hashrate_low' : 'hashrate_back', payload, nowMs);
    changes += 1;
  }
  return changes;
}

/** One round of the watcher; `ran` is false when another replica holds the round. */
export async function runWatch(options: WatchOptions): Promise<WatchResult> {
  const { ctx } = options;
  const nowMs = ctx.now();
  return withTransaction(ctx.db, async (client) => {
    const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [WATCH_LOCK]);
    if (!lock.rows[0]?.ok) {
      return { ran: false, offline: 0, online: 0, hashrate: 0 };
    }
    const online = await onlineTransitions(client, nowMs);
    const offline = await offlineTransitions(client, nowMs, options.offlineAfterS);
    const hashrate = await hashrateTransitions(client, ctx, nowMs);
    return { ran: true, offline, online, hashrate };
  });
}
