-- Watcher links (decision 023): read-only links to a miner's pages that its owner
-- creates with the IP proof, with a label and an expiry, lists and revokes. Only the token's
-- SHA-256 is kept: the link is shown once, at creation, and a database copy opens nothing.
create table watcher_links (
  id bigserial primary key,
  token_hash text not null unique,
  coin text not null,
  address text not null,
  label text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index watcher_links_miner on watcher_links (coin, address, created_at desc);
