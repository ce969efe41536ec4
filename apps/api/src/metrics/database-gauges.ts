/**
 * The pool's state as gauges, read from PostgreSQL when Prometheus scrapes (decision 022): the
 * engine's clock per coin (ingest lag), each source's last batch, hour jobs waiting for a
 * retry, the notification outbox, payouts by status, balances and what the pool owes, money
 * the breaker holds, and the connection pool. One round trip of small aggregates over
 * indexed rows (partial indexes on unpaid payouts, pending and failed mail, held credits), at
 * most once a second however many gauges ask.
 */
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { fromUnits, type PoolConfig } from '@openpool/domain/pool-config';

export interface DatabaseSources {
  db: pg.Pool;
  config: PoolConfig;
  /** Coins whose payouts go through a node's wallet: only theirs can sit in a mempool. */
  nodeCoins: readonly string[];
  now?: () => number;
}

type Row = Record<string, string | number | null>;

/** Only tickers go into the statement's text (it has several statements, so no parameters). */
const TICKER = /^[a-z0-9]{1,12}$/;

function snapshotSql(nodeCoins: readonly string[]): string {
  const coins = nodeCoins.filter((coin) => TICKER.test(coin));
  return `
    select coin, extract(epoch from event_time)::float8 as at from engine_clock;
    select source, last_seq, extract(epoch from updated_at)::float8 as at from ingest_offsets;
    select coin, job, attempts from engine_faults;
    select status, count(*)::int as n, extract(epoch from min(created_at))::float8 as oldest
      from notify_outbox where status in ('pending', 'failed') group by status;
    select count(*)::int as n from notify_outbox where status = 'sent' and sent_at > now() - interval '1 hour';
    select coin, 'unpaid' as status, count(*)::int as n, sum(amount)::text as amount,
           extract(epoch from min(created_at))::float8 as oldest
      from payouts where status = 'unpaid' group by coin
    union all
    select coin, 'in_mempool', count(*)::int, sum(amount)::text, extract(epoch from min(paid_at))::float8
      from payouts where coin = any('{${coins.join(',')}}'::text[]) and status = 'paid' and confirmations = 0 group by coin;
    select coin, kind, count(*)::int as n, sum(total)::text as amount from held_credits where status = 'held' group by coin, kind;
    select coin, sum(mature)::text as mature, sum(immature)::text as immature, sum(paid)::text as paid
      from balances group by coin;
    select coin, count(*)::int as n from network_held group by coin;`;
}

export function registerDatabaseGauges(registry: Registry, sources: DatabaseSources): void {
  const { db, config } = sources;
  const now = sources.now ?? Date.now;
  const decimals = (coin: string) =>
    config.coins.get(coin as never)?.unitDecimals ?? config.merged.get(coin as never)?.unitDecimals ?? 8;
  const coins = (coin: string, units: string | number | null | undefined) =>
    Number(fromUnits(BigInt(String(units ?? '0').split('.')[0] ?? '0'), decimals(coin)));
  const sql = snapshotSql(sources.nodeCoins);

  let last: { at: number; rows: Promise<Row[][] | undefined> } | undefined;
  /** One snapshot per scrape: every gauge's collect() shares it. */
  const snapshot = () => {
    if (!last || now() - last.at > 1000) {
      const rows = db.query(sql).then(
        (results) => (results as unknown as pg.QueryResult<Row>[]).map((result) => result.rows),
        () => undefined,
      );
      last = { at: now(), rows };
    }
    return last.rows;
  };
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[], fill: (set: Gauge['set'], rows: Row[][]) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const rows = await snapshot();
        this.reset();
        if (rows) fill(this.set.bind(this), rows);
      },
    });
  const at = (rows: Row[][], index: number) => rows[index] ?? [];

  new Gauge({
    name: 'openpool_db_up',
    help: '1 when the scrape could read the pool’s state from PostgreSQL.',
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  gauge(
    'openpool_ingest_event_time_seconds',
    'The engine’s clock per coin: the event time of its newest event.',
    ['coin'],
    (set, rows) => {
      for (const row of at(rows, 0)) set({ coin: String(row.coin) }, Number(row.at));
    },
  );
  gauge(
    'openpool_ingest_clock_lag_seconds',
    'Wall clock minus the engine’s clock per coin: how far behind ingest is.',
    ['coin'],
    (set, rows) => {
      for (const row of at(rows, 0)) set({ coin: String(row.coin) }, now() / 1000 - Number(row.at));
    },
  );
  gauge(
    'openpool_ingest_source_last_batch_seconds',
    'When each ingest source’s last batch with new events committed.',
    ['source'],
    (set, rows) => {
      for (const row of at(rows, 1)) set({ source: String(row.source) }, Number(row.at));
    },
  );
  gauge(
    'openpool_engine_hour_job_failing',
    'Hour jobs that failed and wait for a retry (engine_faults): their attempts so far.',
    ['coin', 'job'],
    (set, rows) => {
      for (const row of at(rows, 2)) set({ coin: String(row.coin), job: String(row.job) }, Number(row.attempts));
    },
  );
  gauge(
    'openpool_notify_outbox_messages',
    'Notification outbox: messages waiting (pending) and given up (failed).',
    ['status'],
    (set, rows) => {
      const by = new Map(at(rows, 3).map((row) => [row.status, Number(row.n)]));
      for (const status of ['pending', 'failed']) set({ status }, by.get(status) ?? 0);
    },
  );
  gauge(
    'openpool_notify_outbox_oldest_pending_age_seconds',
    'Age of the oldest message still waiting in the outbox (0: none).',
    [],
    (set, rows) => {
      const oldest = at(rows, 3).find((row) => row.status === 'pending')?.oldest;
      set(oldest == null ? 0 : Math.max(0, now() / 1000 - Number(oldest)));
    },
  );
  gauge('openpool_notify_outbox_sent_last_hour', 'Notifications delivered in the last hour.', [], (set, rows) => {
    set(Number(at(rows, 4)[0]?.n ?? 0));
  });
  gauge(
    'openpool_payouts',
    'Payouts by coin and status: unpaid, in_mempool (sent, 0 confirmations), held (by the breaker).',
    ['coin', 'status'],
    (set, rows) => {
      for (const row of at(rows, 5)) set({ coin: String(row.coin), status: String(row.status) }, Number(row.n));
      for (const row of at(rows, 6)) if (row.kind === 'payout') set({ coin: String(row.coin), status: 'held' }, Number(row.n));
    },
  );
  gauge(
    'openpool_payouts_amount_coins',
    'Payout amounts by coin and status (paid: every payout made, less unpaid and in_mempool).',
    ['coin', 'status'],
    (set, rows) => {
      const open = new Map<string, number>();
      for (const row of at(rows, 5)) {
        const amount = coins(String(row.coin), row.amount);
        set({ coin: String(row.coin), status: String(row.status) }, amount);
        open.set(String(row.coin), (open.get(String(row.coin)) ?? 0) + amount);
      }
      for (const row of at(rows, 6))
        if (row.kind === 'payout') set({ coin: String(row.coin), status: 'held' }, coins(String(row.coin), row.amount));
      for (const row of at(rows, 7))
        set(
          { coin: String(row.coin), status: 'paid' },
          Math.max(0, coins(String(row.coin), row.paid) - (open.get(String(row.coin)) ?? 0)),
        );
    },
  );
  gauge(
    'openpool_payouts_oldest_age_seconds',
    'Age of the oldest unpaid payout (since created) and in_mempool one (since sent).',
    ['coin', 'status'],
    (set, rows) => {
      for (const row of at(rows, 5))
        set({ coin: String(row.coin), status: String(row.status) }, Math.max(0, now() / 1000 - Number(row.oldest)));
    },
  );
  gauge(
    'openpool_held_credits',
    'Money the payout breaker holds for the operator (decision 018), by kind: pps_hour or payout.',
    ['coin', 'kind'],
    (set, rows) => {
      for (const row of at(rows, 6)) set({ coin: String(row.coin), kind: String(row.kind) }, Number(row.n));
    },
  );
  gauge('openpool_held_credits_amount_coins', 'Amount the breaker holds, by coin and kind.', ['coin', 'kind'], (set, rows) => {
    for (const row of at(rows, 6)) set({ coin: String(row.coin), kind: String(row.kind) }, coins(String(row.coin), row.amount));
  });
  gauge('openpool_held_samples', 'Network samples held until the chain confirms a jump.', ['coin'], (set, rows) => {
    for (const row of at(rows, 8)) set({ coin: String(row.coin) }, Number(row.n));
  });
  gauge(
    'openpool_balances_coins',
    'Miners’ balances by coin: mature (payable) and immature (blocks not yet confirmed).',
    ['coin', 'state'],
    (set, rows) => {
      for (const row of at(rows, 7)) {
        set({ coin: String(row.coin), state: 'mature' }, coins(String(row.coin), row.mature));
        set({ coin: String(row.coin), state: 'immature' }, coins(String(row.coin), row.immature));
      }
    },
  );
  gauge(
    'openpool_owed_coins',
    'What the pool owes its miners now: mature balances plus unpaid payouts.',
    ['coin'],
    (set, rows) => {
      const owed = new Map<string, number>();
      for (const row of at(rows, 7)) owed.set(String(row.coin), coins(String(row.coin), row.mature));
      for (const row of at(rows, 5))
        if (row.status === 'unpaid')
          owed.set(String(row.coin), (owed.get(String(row.coin)) ?? 0) + coins(String(row.coin), row.amount));
      for (const [coin, amount] of owed) set({ coin }, amount);
    },
  );

  new Gauge({
    name: 'openpool_db_pool_clients',
    help: 'The API’s PostgreSQL connections: total, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, db.totalCount);
      this.set({ state: 'idle' }, db.idleCount);
      this.set({ state: 'waiting' }, db.waitingCount);
    },
  });
}
