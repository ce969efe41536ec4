-- Referrals only from a real landing (decision 017): the signed landing that
-- brought the miner, one miner per landing. Rows recorded before keep no landing (null).
alter table referrals
  add column landing_id text,
  add column landed_at timestamptz;
create unique index referrals_landing on referrals (landing_id) where landing_id is not null;
