-- The difficulty of a worker's first share and of its latest one (/test says, live,
-- at what difficulty the first share arrived and what the vardiff gives the worker now).
-- Kept on the worker row the ingest already upserts once per batch: no extra write per share.
-- Null for workers first seen before this migration: their first share's difficulty is unknown.
alter table workers
  add column first_share_difficulty double precision,
  add column last_share_difficulty double precision;
