import type pg from 'pg';

/**
 * A plain per-key counter in the same table and windows, for other limits (referral
 * attribution): `add` counts one, `wait` says how long a key at `limit` waits.
 */
export function createWindowCounter(db: pg.Pool, windowMs: number) {
  const windowOf = (now: number) => now - (now % windowMs);
  return {
    async wait(key: string, limit: number, now: number): Promise<number> {
      const window = windowOf(now);
      const row = await db.query<{ failures: number }>(
        'select failures from settings_attempts where key = $1 and window_start = to_timestamp($2 / 1000.0)',
        [key, window],
      );
      return (row.rows[0]?.failures ?? 0) >= limit ? Math.max(1, Math.ceil((window + windowMs - now) / 1000)) : 0;
    },
    async add(key: string, now: number): Promise<void> {
      await db.query(
        `insert into settings_attempts (key, window_start, failures) values ($1, to_timestamp($2 / 1000.0), 1)
         on conflict (key, window_start) do update set failures = settings_attempts.failures + 1`,
        [key, windowOf(now)],
      );
    },
  };
}
