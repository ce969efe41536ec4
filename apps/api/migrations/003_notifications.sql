-- Notifications (decision 012): who is told about what, the state the
-- watcher keeps per watched worker, and the durable outbox the sender delivers from.

-- One row per recipient of one miner's alerts: the miner's own e-mail (set in settings,
-- proven by a worker IP, confirmed by a link) or a Telegram chat (follows without proof:
-- reading is public). E-mail rows stay unconfirmed (confirmed_at null) until the link is
-- clicked; nothing but the confirmation is ever written for them until then.
create table notify_subscriptions (
  id bigserial primary key,
  coin text not null,
  address text not null,
  channel text not null check (channel in ('email', 'telegram')),
  recipient text not null,
  locale text not null default 'en',
  confirmed_at timestamptz,
  on_offline boolean not null default true,
  on_payout boolean not null default true,
  -- Alert when the 10-minute hashrate falls below this share of the 24-hour average.
  hashrate_drop_pct integer check (hashrate_drop_pct between 10 and 95),
  hashrate_low_since timestamptz,
  -- null: NOTIFY_OFFLINE_AFTER_S.
  offline_after_s integer check (offline_after_s between 60 and 86400),
  created_at timestamptz not null,
  unique (coin, address, channel, recipient)
);
create index notify_subscriptions_miner on notify_subscriptions (coin, address);
create index notify_subscriptions_recipient on notify_subscriptions (channel, recipient);

-- A worker a subscription saw go offline; the row stays after it is back (offline = false)
-- so the hysteresis knows when it last came back.
create table notify_worker_state (
  subscription_id bigint not null references notify_subscriptions (id) on delete cascade,
  worker_id bigint not null,
  offline boolean not null,
  -- The worker's last share when it was found silent: any later share brings it back.
  silent_since timestamptz not null,
  changed_at timestamptz not null,
  back_at timestamptz,
  primary key (subscription_id, worker_id)
);
create index notify_worker_state_offline on notify_worker_state (worker_id) where offline;

-- The outbox: written in the same transaction as the change it reports, delivered by the
-- sender, which holds the row locked (for update skip locked) in a transaction while it sends
-- and marks it: a sender that dies releases the row at once, for the next one to send.
-- `key` is the idempotency key (the e-mail's Message-ID, the demo mail's file name).
-- `deliver_after` holds a row open for a minute so that a farm's workers changing state
-- together are told in one message.
create table notify_outbox (
  id bigserial primary key,
  key uuid not null unique default gen_random_uuid(),
  subscription_id bigint references notify_subscriptions (id) on delete set null,
  channel text not null check (channel in ('email', 'telegram')),
  recipient text not null,
  locale text not null,
  kind text not null check (kind in ('confirm', 'offline', 'online', 'payout', 'hashrate_low', 'hashrate_back', 'digest')),
  coin text not null,
  address text not null,
  payload jsonb not null,
  created_at timestamptz not null,
  deliver_after timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'held', 'digested', 'dropped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  sent_at timestamptz
);
create index notify_outbox_due on notify_outbox (next_attempt_at) where status = 'pending';
create index notify_outbox_subscription on notify_outbox (subscription_id, sent_at) where status in ('sent', 'held');
create index notify_outbox_failed on notify_outbox (id) where status = 'failed';

-- Secrets generated once and shared by every API replica (token signing when
-- NOTIFY_SECRET is not set).
create table notify_secrets (
  name text primary key,
  secret text not null
);

-- Telegram chats: the language a chat chose with /language.
create table notify_chats (
  chat_id text primary key,
  locale text not null default 'en',
  created_at timestamptz not null
);

-- E-mails stored by settings before notifications were sent become subscriptions that still
-- need their confirmation (the next settings change sends it).
insert into notify_subscriptions (coin, address, channel, recipient, on_offline, on_payout, created_at)
select coin, address, 'email', email, notify_offline, notify_payouts, now() from miners where email is not null;
