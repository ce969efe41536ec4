-- A used unsubscribe link says "already unsubscribed" instead of "not valid" (decision 012,
-- addendum of 2026-11-28). The subscription row is gone, and with it the recipient the token is
-- signed with, so what is kept is the SHA-256 of the token the subscriber followed (no e-mail
-- address), with the miner and language the page needs. Rows older than a year are deleted as
-- new ones come in; a link older than that is "not valid" again.
create table notify_unsubscribed (
  subscription_id bigint primary key,
  token_sha256 bytea not null,
  coin text not null,
  address text not null,
  locale text not null,
  removed_at timestamptz not null
);
create index notify_unsubscribed_removed on notify_unsubscribed (removed_at);
