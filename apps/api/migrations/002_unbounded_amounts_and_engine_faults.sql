-- No event can break accounting (decision 008).
-- Amounts lose their numeric(40,0) limit: ingest bounds each event to what a real chain can
-- produce, but sums over time (balances, PPS credits of many shares) have no such bound, and
-- an overflow would stop the coin's accounting. An unconstrained numeric holds 131,072 digits
-- before the point; amounts stay integers because they are written only from bigint text.
-- Dropping a numeric's precision does not rewrite the table.
alter table network_samples alter column reward type numeric;
alter table miners alter column payout_threshold type numeric;
alter table blocks alter column reward type numeric, alter column fees type numeric, alter column pool_cut type numeric;
alter table block_credits alter column amount type numeric;
alter table balances alter column mature type numeric, alter column immature type numeric, alter column paid type numeric;
alter table payouts alter column amount type numeric;
alter table ledger alter column mature type numeric, alter column immature type numeric;

-- Share counts per bucket grow with every batch, and a source may backdate batch after
-- batch into one bucket: counts are bigint, as their sums are.
alter table worker_buckets alter column valid_n type bigint, alter column stale_n type bigint, alter column invalid_n type bigint;
alter table miner_buckets alter column valid_n type bigint, alter column stale_n type bigint, alter column invalid_n type bigint;
alter table miner_hourly alter column valid_n type bigint, alter column stale_n type bigint, alter column invalid_n type bigint;
alter table pool_buckets alter column valid_n type bigint, alter column stale_n type bigint, alter column invalid_n type bigint;
alter table pool_hourly alter column valid_n type bigint, alter column stale_n type bigint, alter column invalid_n type bigint;

-- A coin whose hour jobs failed: the batch that crossed the hour still commits, the coin's
-- clock stays before the failed hour so the next batch retries it, and /health lists the row
-- until a retry succeeds.
create table engine_faults (
  coin text primary key,
  job text not null,
  hour timestamptz not null,
  message text not null,
  attempts integer not null default 1,
  first_failed_at timestamptz not null default now(),
  last_failed_at timestamptz not null default now()
);
