/**
 * Each UTC day's rates, kept in `rate_days` (migration 020): the rates store had only the latest
 * snapshot, so an export could not value an old payout at its own day's rate. Now every
 * snapshot the API takes is kept as its day's rate (the day's last one wins: its close). Days
 * before that have no row, and an export says so with empty fiat columns, except with the
 * simulated provider, whose price walk is a pure function of time: it answers for any past day,
 * and that answer is stored like a recorded one. Decision 023.
 */
import type pg from 'pg';
import { isoDay } from '@openpool/domain/miner-export';
import type { CachedRates } from './cached.ts';
import type { RatesProvider, RatesSnapshot } from './provider.ts';

export interface DayRate {
  source: string;
  fiat: Record<string, number>;
  crypto: Record<string, number>;
}

export interface RateDays {
  /** The rates of these UTC days (YYYY-MM-DD) that are known; missing days are absent. */
  forDays(days: readonly string[]): Promise<Map<string, DayRate>>;
}

const DAY_MS = 86_400_000;

export async function recordRateDay(db: pg.Pool, source: string, snapshot: RatesSnapshot): Promise<void> {
  await db.query(
    `insert into rate_days (day, source, fiat, crypto, recorded_at) values ($1::date, $2, $3, $4, $5)
     on conflict (day) do update set source = excluded.source, fiat = excluded.fiat, crypto = excluded.crypto,
       recorded_at = excluded.recorded_at
     where rate_days.recorded_at <= excluded.recorded_at`,
    [
      isoDay(snapshot.updatedAt),
      source,
      JSON.stringify(snapshot.fiat),
      JSON.stringify(snapshot.crypto),
      new Date(snapshot.updatedAt),
    ],
  );
}

/** Rates that keep every new snapshot as its day's rate; failures to keep one are reported, never thrown. */
export function keepingRateDays(
  rates: CachedRates,
  db: pg.Pool,
  source: string,
  onError: (error: unknown) => void = () => undefined,
): CachedRates {
  let lastKept = 0;
  return {
    async get() {
      const snapshot = await rates.get();
      if (snapshot.updatedAt !== lastKept) {
        lastKept = snapshot.updatedAt;
        await recordRateDay(db, source, snapshot).catch(onError);
      }
      return snapshot;
    },
  };
}

/**
 * Reads kept days; with a provider that can answer for the past (`historical`), fills a missing
 * past day from it at the day's last second, and keeps it.
 */
export function createRateDays(db: pg.Pool, historical: RatesProvider | null, now: () => number): RateDays {
  return {
    async forDays(days) {
      const out = new Map<string, DayRate>();
      if (days.length === 0) return out;
      const rows = await db.query<{ day: string; source: string; fiat: Record<string, number>; crypto: Record<string, number> }>(
        `select to_char(day, 'YYYY-MM-DD') as day, source, fiat, crypto from rate_days where day = any($1::date[])`,
        [days],
      );
      for (const row of rows.rows) out.set(row.day, { source: row.source, fiat: row.fiat, crypto: row.crypto });
      if (!historical) return out;
      const today = isoDay(now());
      const filled: RatesSnapshot[] = [];
      for (const day of days) {
        if (out.has(day) || day > today) continue;
        const at = day === today ? now() : Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1000;
        const snapshot = await historical.fetch(at);
        filled.push(snapshot);
        out.set(day, { source: historical.name, fiat: snapshot.fiat, crypto: snapshot.crypto });
      }
      // Kept in one statement: a first export of a long history fills thousands of days.
      if (filled.length > 0)
        await db.query(
          `insert into rate_days (day, source, fiat, crypto, recorded_at)
           select d::date, $2, f, c, r from unnest($1::text[], $3::jsonb[], $4::jsonb[], $5::timestamptz[]) as u(d, f, c, r)
           on conflict (day) do nothing`,
          [
            filled.map((snapshot) => isoDay(snapshot.updatedAt)),
            historical.name,
            filled.map((snapshot) => JSON.stringify(snapshot.fiat)),
            filled.map((snapshot) => JSON.stringify(snapshot.crypto)),
            filled.map((snapshot) => new Date(snapshot.updatedAt)),
          ],
        );
      return out;
    },
  };
}

/** Price of one `coin` in `currency` from a day's rates, or null when either is missing. */
export function coinPrice(rate: DayRate | undefined, coin: string, currency: string): number | null {
  if (!rate) return null;
  const usd = rate.crypto[coin.toUpperCase()];
  const perUsd = rate.fiat[currency];
  if (usd === undefined || perUsd === undefined) return null;
  return usd * perUsd;
}
