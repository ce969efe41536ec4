-- Exports (decision 023). Each UTC day's exchange rates: what a miner's export values its
-- payouts and rewards at. One row a day, the last snapshot the API got that day (its close),
-- named by the provider that gave it. Days before the API kept them have no row: an export
-- leaves their fiat columns empty rather than guess (the simulated provider, a pure function of
-- time, can still give any past day and fills such a row on demand).
create table rate_days (
  day date primary key,
  source text not null,
  fiat jsonb not null,
  crypto jsonb not null,
  recorded_at timestamptz not null
);

-- Exports read a miner's payouts by time, in pages (a ten-year history streams, memory flat):
-- the miner index orders by id only.
create index payouts_miner_time on payouts (coin, address, created_at, id);
