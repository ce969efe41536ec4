-- Best shares and reported hashrate (decision 023).
-- Best shares: per worker, the valid shares no later share has equalled (each at least as hard as
-- everything after it): the best since any moment is the first of them at or after it, so the
-- current round's best and the all-time best are one index read, with no reset when a block is
-- found and no per-share row. A worker keeps about ln(shares) of them.
create table worker_best_shares (
  worker_id bigint not null,
  at timestamptz not null,
  difficulty double precision not null,
  primary key (worker_id, at)
);

-- What a worker's miner reports its own hashrate to be, per 10-minute bucket: the sum of the
-- reports its shares carried and how many, so a window's figure is their mean. Kept as long as
-- worker_buckets (8 days).
create table worker_reported (
  worker_id bigint not null,
  bucket timestamptz not null,
  reported_sum double precision not null,
  reports integer not null,
  primary key (worker_id, bucket)
);
