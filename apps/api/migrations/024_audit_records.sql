-- Decision 025: audit records. One row per accounting period (a PPS run, a block's credits),
-- chained per pool coin by prev_root; written by the engine in the transaction that writes
-- the period's ledger rows, so a record and its credits never disagree.
create table audit_records (
  chain text not null,
  seq integer not null check (seq > 0),
  kind text not null check (kind in ('pps', 'prop', 'solo', 'fee_share', 'merge')),
  coin text not null,
  at timestamptz not null,
  -- The block whose credits the record holds (its ledger rows carry the same id); null for PPS.
  block_id bigint,
  inputs jsonb not null,
  leaves_root text not null,
  leaf_count integer not null,
  work_total numeric not null,
  credit_total numeric not null,
  prev_root text not null,
  root text not null,
  -- Every node of the Merkle sum tree, level after level, 96 bytes each: a proof reads a few
  -- slices of it. Stored uncompressed out of line, so those slices are read without the rest.
  tree bytea not null,
  primary key (chain, seq)
);
alter table audit_records alter column tree set storage external;
create index audit_records_at on audit_records (chain, at);
create unique index audit_records_root on audit_records (root);

-- A record's leaves, found by key (a hash of the address and the record, never the address).
create table audit_leaves (
  chain text not null,
  seq integer not null,
  key text not null,
  idx integer not null,
  work jsonb not null,
  credit numeric not null,
  primary key (chain, seq, key)
);
