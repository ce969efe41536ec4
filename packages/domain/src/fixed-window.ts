/**
 * A per-client request count in fixed windows aligned on the epoch (decision 023): the API's
 * public quota and the site's local miner-page quota (decision 016's addendum) both count this
 * way, so a client meets the same arithmetic wherever it is counted. Pure: the caller gives the
 * time, and keys clients as it likes (`quotaClientKey`).
 */

export interface FixedWindowOptions {
  /** Requests a client may make in one window. */
  quota: number;
  windowSeconds: number;
  /** Distinct clients kept per window; past it new clients pass uncounted rather than grow the map. */
  maxClients: number;
}

export type WindowTake =
  | { counted: true; count: number; remaining: number; reset: number; over: boolean }
  /** A new client past `maxClients`: not counted, not refused. */
  | { counted: false; remaining: number; reset: number; over: false };

export interface FixedWindow {
  /** Counts one request of `key` at `nowMs`: the quota left, the seconds until the window turns, and whether it is over. */
  take(key: string, nowMs: number): WindowTake;
}

export function createFixedWindow({ quota, windowSeconds, maxClients }: FixedWindowOptions): FixedWindow {
  const counts = new Map<string, number>();
  const windowMs = windowSeconds * 1000;
  let windowEnd = 0;
  return {
    take(key, nowMs) {
      if (nowMs >= windowEnd) {
        counts.clear();
        windowEnd = nowMs - (nowMs % windowMs) + windowMs;
      }
      const reset = Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
      const used = counts.get(key);
      if (used === undefined && counts.size >= maxClients) return { counted: false, remaining: quota, reset, over: false };
      const count = (used ?? 0) + 1;
      counts.set(key, count);
      return { counted: true, count, remaining: Math.max(0, quota - count), reset, over: count > quota };
    },
  };
}
