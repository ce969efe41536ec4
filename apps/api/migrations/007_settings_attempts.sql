-- Failed settings proofs per hour window (decision 008), in PostgreSQL so that every
-- API replica counts against the same limits. Keys: 'pair:{client}|{coin}:{address}',
-- 'client:{client}', 'address:{coin}:{address}'. Only failures count, so a stranger's wrong
-- guesses never lock out the owner's client.
create table settings_attempts (
  key text not null,
  window_start timestamptz not null,
  failures integer not null,
  primary key (key, window_start)
);
create index settings_attempts_window on settings_attempts (window_start);
