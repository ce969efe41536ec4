/**
 * Limits on settings proofs that stop attackers, not owners (issue 17, decision 008). Only
 * failed proofs count, in fixed one-hour windows stored in PostgreSQL (shared by every API
 * replica):
 * - per client and address: a client that guessed wrong 10 times waits, for that address only;
 * - per client: 30 wrong guesses over any addresses;
 * - per address: 1000 wrong guesses from everyone, a cap only a distributed attack reaches
 *   (a worker IP is one of 2^32; at 1000 an hour a guess takes centuries).
 * A client is its IPv4 address, or the /64 of its IPv6 address (what one subscriber holds).
 * The table is named for its first use; referral attribution counts in it too.
 */
import { isIPv6 } from 'node:net';
import type pg from 'pg';

export const SETTINGS_LIMITS = { perPair: 10, perClient: 30, perAddress: 1000, windowMs: 3_600_000 };

export interface SettingsLimiter {
  /** Seconds to wait when any limit of this client and address is used up, else 0. */
  wait(client: string, address: string, now: number): Promise<number>;
  /** Counts a failed proof. */
  failed(client: string, address: string, now: number): Promise<void>;
}

/** The key of a client: IPv4 as it is; IPv6 by its /64; IPv4-mapped IPv6 as IPv4. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function createSettingsLimiter(db: pg.Pool, limits = SETTINGS_LIMITS): SettingsLimiter {
  const keys = (client: string, address: string) => {
    const c = clientKey(client);
    return [
      { key: `pair:${c}|${address}`, limit: limits.perPair },
      { key: `client:${c}`, limit: limits.perClient },
      { key: `address:${address}`, limit: limits.perAddress },
    ];
  };
  const windowOf = (now: number) => now - (now % limits.windowMs);
  return {
    async wait(client, address, now) {
      const wanted = keys(client, address);
      const window = windowOf(now);
      const rows = await db.query<{ key: string; failures: number }>(
        'select key, failures from settings_attempts where key = any($1::text[]) and window_start = to_timestamp($2 / 1000.0)',
        [wanted.map((k) => k.key), window],
      );
      const over = rows.rows.some((row) => row.failures >= (wanted.find((k) => k.key === row.key)?.limit ?? Infinity));
      return over ? Math.max(1, Math.ceil((window + limits.windowMs - now) / 1000)) : 0;
    },
    async failed(client, address, now) {
      const window = windowOf(now);
      await db.query(
        `with gone as (delete from settings_attempts where window_start < to_timestamp($2 / 1000.0))
         insert into settings_attempts (key, window_start, failures)
         select k, to_timestamp($2 / 1000.0), 1 from unnest($1::text[]) as k
         on conflict (key, window_start) do update set failures = settings_attempts.failures + 1`,
        [keys(client, address).map((k) => k.key), window],
      );
    },
  };
}

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
