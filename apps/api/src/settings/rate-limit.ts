/**
 * Limits on settings proofs that stop attackers, not owners (decisions 008
 * and 016). Only failed proofs count, in fixed one-hour windows stored in PostgreSQL
 * (shared by every API replica), and only per client network (IPv4 /24, IPv6 /56):
 * - per network and miner: a network that guessed wrong 10 times waits, for that miner only;
 * - per network: 30 wrong guesses over any miners;
 * - the same per IPv6 /48 with three times the room (30 and 90): a /48 is 256 /56s, and one
 *   is handed out free by tunnel brokers.
 * There is no limit per miner: any state that everyone's wrong guesses fill would let
 * strangers refuse the owner's correct proof (101 sources x 10 guesses did). The
 * arithmetic of what a distributed search still gets is in decision 016.
 * The table is named for its first use; referral attribution counts in it too.
 */
import type pg from 'pg';
import { clientNetwork, ipv6Site } from '../http/client-network.ts';

export const SETTINGS_LIMITS = {
  perNetworkAndMiner: 10,
  perNetwork: 30,
  perIpv6SiteAndMiner: 30,
  perIpv6Site: 90,
  windowMs: 3_600_000,
};

export interface SettingsLimiter {
  /** Seconds to wait when a limit of this client's network (for this miner) is used up, else 0. */
  wait(client: string, miner: string, now: number): Promise<number>;
  /** Counts a failed proof. */
  failed(client: string, miner: string, now: number): Promise<void>;
}

export function createSettingsLimiter(db: pg.Pool, limits = SETTINGS_LIMITS): SettingsLimiter {
  const keys = (client: string, miner: string) => {
    const network = clientNetwork(client);
    const site = ipv6Site(client);
    return [
      { key: `network-miner:${network}|${miner}`, limit: limits.perNetworkAndMiner },
      { key: `network:${network}`, limit: limits.perNetwork },
      ...(site
        ? [
            { key: `network-miner:${site}|${miner}`, limit: limits.perIpv6SiteAndMiner },
            { key: `network:${site}`, limit: limits.perIpv6Site },
          ]
        : []),
    ];
  };
  const windowOf = (now: number) => now - (now % limits.windowMs);
  return {
    async wait(client, miner, now) {
      const wanted = keys(client, miner);
      const window = windowOf(now);
      const rows = await db.query<{ key: string; failures: number }>(
        'select key, failures from settings_attempts where key = any($1::text[]) and window_start = to_timestamp($2 / 1000.0)',
        [wanted.map((k) => k.key), window],
      );
      const over = rows.rows.some((row) => row.failures >= (wanted.find((k) => k.key === row.key)?.limit ?? Infinity));
      return over ? Math.max(1, Math.ceil((window + limits.windowMs - now) / 1000)) : 0;
    },
    async failed(client, miner, now) {
      const window = windowOf(now);
      await db.query(
        `with gone as (delete from settings_attempts where window_start < to_timestamp($2 / 1000.0))
         insert into settings_attempts (key, window_start, failures)
         select k, to_timestamp($2 / 1000.0), 1 from unnest($1::text[]) as k
         on conflict (key, window_start) do update set failures = settings_attempts.failures + 1`,
        [keys(client, miner).map((k) => k.key), window],
      );
    },
  };
}
