-- The pool data service's schema. Amounts are numeric(40,0) smallest units; share
-- difficulty sums are double precision (they weigh work, they are not money).

create table ingest_offsets (
  source text primary key,
  last_seq bigint not null,
  updated_at timestamptz not null default now()
);

-- Event time per coin: the engine's clock. Hour jobs (PPS credit, payouts, resets) run
-- when it crosses an hour, so a backfill is accounted exactly as if it had happened live.
create table engine_clock (
  coin text primary key,
  event_time timestamptz not null,
  hours_done timestamptz not null
);

create table network_samples (
  coin text not null,
  at timestamptz not null,
  difficulty double precision not null,
  hashrate double precision not null,
  height bigint not null,
  reward numeric(40, 0) not null,
  primary key (coin, at)
);

create table miners (
  coin text not null,
  address text not null,
  first_share_at timestamptz not null,
  last_share_at timestamptz not null,
  payout_threshold numeric(40, 0),
  email text,
  notify_offline boolean not null default false,
  notify_payouts boolean not null default false,
  primary key (coin, address)
);

create table workers (
  id bigserial unique,
  coin text not null,
  address text not null,
  worker text not null,
  scheme text not null,
  first_share_at timestamptz not null,
  last_share_at timestamptz not null,
  last_ip inet,
  agent text,
  country text,
  primary key (coin, address, worker, scheme)
);

-- Keyed by the worker's id: the narrowest key for the table that gets the most rows.
create table worker_buckets (
  worker_id bigint not null,
  bucket timestamptz not null,
  valid double precision not null default 0,
  stale double precision not null default 0,
  invalid double precision not null default 0,
  valid_n integer not null default 0,
  stale_n integer not null default 0,
  invalid_n integer not null default 0,
  primary key (worker_id, bucket)
);

create table miner_buckets (
  coin text not null,
  address text not null,
  scheme text not null,
  bucket timestamptz not null,
  valid double precision not null default 0,
  stale double precision not null default 0,
  invalid double precision not null default 0,
  valid_n integer not null default 0,
  stale_n integer not null default 0,
  invalid_n integer not null default 0,
  primary key (coin, address, scheme, bucket)
);
create index miner_buckets_coin_bucket on miner_buckets (coin, bucket);

-- Hourly rollup kept for a year; `credited` is the valid difficulty already paid by PPS,
-- so a share that arrives late for an hour already credited is paid on the next run.
create table miner_hourly (
  coin text not null,
  address text not null,
  scheme text not null,
  hour timestamptz not null,
  valid double precision not null default 0,
  stale double precision not null default 0,
  invalid double precision not null default 0,
  valid_n integer not null default 0,
  stale_n integer not null default 0,
  invalid_n integer not null default 0,
  credited double precision not null default 0,
  primary key (coin, address, scheme, hour)
);
create index miner_hourly_uncredited on miner_hourly (coin, hour) where scheme = 'pps' and valid > credited;

create table pool_buckets (
  coin text not null,
  scheme text not null,
  bucket timestamptz not null,
  valid double precision not null default 0,
  stale double precision not null default 0,
  invalid double precision not null default 0,
  valid_n integer not null default 0,
  stale_n integer not null default 0,
  invalid_n integer not null default 0,
  primary key (coin, scheme, bucket)
);

create table pool_hourly (
  coin text not null,
  scheme text not null,
  hour timestamptz not null,
  valid double precision not null default 0,
  stale double precision not null default 0,
  invalid double precision not null default 0,
  valid_n integer not null default 0,
  stale_n integer not null default 0,
  invalid_n integer not null default 0,
  primary key (coin, scheme, hour)
);

-- Open rounds: valid share difficulty since the last block of the round. `round` is a
-- scheme ('pps', 'prop') or 'merge:{child}' for merge-mined children, or 'solo:{address}'.
create table round_shares (
  coin text not null,
  round text not null,
  address text not null,
  difficulty double precision not null,
  primary key (coin, round, address)
);

create table blocks (
  id bigserial primary key,
  coin text not null,
  merged_from text,
  height bigint not null,
  hash text not null,
  finder text not null,
  worker text,
  scheme text not null,
  reward numeric(40, 0) not null,
  fees numeric(40, 0) not null,
  found_at timestamptz not null,
  network_difficulty double precision,
  round_difficulty double precision not null default 0,
  effort double precision,
  confirmations integer not null default 0,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'orphaned')),
  pool_cut numeric(40, 0) not null default 0,
  unique (coin, hash)
);
create index blocks_coin_found on blocks (coin, found_at desc);
create index blocks_pending on blocks (coin) where status = 'pending';
create index blocks_finder on blocks (coin, finder, found_at desc);

create table block_credits (
  block_id bigint not null references blocks (id),
  coin text not null,
  address text not null,
  amount numeric(40, 0) not null check (amount > 0),
  primary key (block_id, address)
);

create table balances (
  coin text not null,
  address text not null,
  mature numeric(40, 0) not null default 0 check (mature >= 0),
  immature numeric(40, 0) not null default 0 check (immature >= 0),
  paid numeric(40, 0) not null default 0,
  primary key (coin, address)
);

create table payouts (
  id bigserial primary key,
  coin text not null,
  address text not null,
  amount numeric(40, 0) not null check (amount > 0),
  created_at timestamptz not null,
  status text not null default 'unpaid' check (status in ('unpaid', 'paid')),
  txid text,
  paid_at timestamptz
);
create index payouts_miner on payouts (coin, address, id desc);
create index payouts_unpaid on payouts (coin) where status = 'unpaid';

-- Every balance change. balances.mature = sum(ledger.mature) and balances.immature =
-- sum(ledger.immature) per coin and address: the invariant the property and integration
-- tests check. A confirmation is one row moving an amount from immature to mature.
create table ledger (
  id bigserial primary key,
  coin text not null,
  address text not null,
  kind text not null check (kind in ('pps', 'block', 'fee_share', 'solo', 'merge', 'confirm', 'orphan', 'payout', 'reset')),
  mature numeric(40, 0) not null default 0,
  immature numeric(40, 0) not null default 0,
  block_id bigint references blocks (id),
  payout_id bigint references payouts (id),
  at timestamptz not null
);
create index ledger_miner on ledger (coin, address, at);

create table referrals (
  coin text not null,
  address text not null,
  ref text not null,
  recorded_at timestamptz not null default now(),
  primary key (coin, address)
);
