-- Decision 018: sane chain data and the payout circuit breaker.

-- A network sample that jumped implausibly from the last accepted one waits here (one
-- candidate per coin) until the chain confirms it: more samples that agree with it, or the
-- same from a second ingest source. Until then the engine goes on with the last accepted one.
create table network_held (
  coin text primary key,
  at timestamptz not null,
  difficulty float8 not null,
  hashrate float8 not null,
  height bigint not null,
  reward numeric not null,
  reason text not null,
  samples integer not null default 1,
  sources text[] not null,
  first_held_at timestamptz not null
);

-- What PPS has credited for each hour of shares, so late shares of an hour count toward the
-- same ceiling as the hour's first credit.
create table pps_hour_credits (
  coin text not null,
  hour timestamptz not null,
  credited numeric(40, 0) not null default 0 check (credited >= 0),
  primary key (coin, hour)
);

-- Credits and payouts the breaker stopped: nothing of them reaches a balance or a chain
-- until the operator releases them (npm run held -- release ID) or discards them.
create table held_credits (
  id bigserial primary key,
  coin text not null,
  kind text not null check (kind in ('pps_hour', 'payout')),
  -- The hour of shares (pps_hour) or the hour the payout was due (payout).
  hour timestamptz not null,
  -- The payout's address; null for an hour of PPS credits (see credits).
  address text,
  total numeric(40, 0) not null check (total > 0),
  ceiling numeric(40, 0) not null,
  reason text not null,
  -- An hour of PPS: {address: amount in smallest units}.
  credits jsonb,
  status text not null default 'held' check (status in ('held', 'released', 'discarded')),
  held_at timestamptz not null default now(),
  decided_at timestamptz
);
create index held_credits_open on held_credits (coin) where status = 'held';
create unique index held_payout_once on held_credits (coin, address) where status = 'held' and kind = 'payout';
