-- Mail that cannot be used as a cannon (decision 016). Both tables are in
-- PostgreSQL so that every API replica enforces the same limits (decision 014).

-- One row per confirmation mail asked for through settings: who it goes to (the recipient's
-- key: lower case, '+tag' dropped, Gmail's dots dropped), for which miner, from which client
-- network (IPv4 /24, IPv6 /56). A confirmation marks every earlier ask of its recipient
-- confirmed; asks still unconfirmed make a recipient quiet (no more asks for a while).
-- Rows older than 30 days are deleted as new asks come in.
create table notify_mail_asks (
  id bigserial primary key,
  recipient_key text not null,
  miner text not null,
  network text,
  asked_at timestamptz not null,
  confirmed_at timestamptz
);
create index notify_mail_asks_recipient on notify_mail_asks (recipient_key, asked_at);
create index notify_mail_asks_miner on notify_mail_asks (miner, asked_at);
create index notify_mail_asks_network on notify_mail_asks (network, asked_at);

-- The global mail budget (NOTIFY_MAIL_PER_MINUTE, NOTIFY_MAIL_PER_HOUR): one row per mail a
-- sender is about to hand to SMTP, taken under an advisory lock before sending. Rows older
-- than an hour are deleted as new ones come in.
create table notify_mail_slots (
  id bigserial primary key,
  taken_at timestamptz not null
);
create index notify_mail_slots_taken on notify_mail_slots (taken_at);

-- Settings proofs are limited per client network now (IPv4 /24, IPv6 /56), never per
-- address: the old per-address and per-client keys are not read any more.
delete from settings_attempts where key like 'address:%' or key like 'client:%' or key like 'pair:%';
