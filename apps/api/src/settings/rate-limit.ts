/**
 * Fixed-window attempt counters (in memory: one API process owns its limits; behind several
 * replicas this moves to PostgreSQL or Redis). A key over its limit is refused until its
 * window ends.
 */
export interface AttemptLimiter {
  /** Counts an attempt; returns seconds to wait when the key is over its limit, else 0. */
  hit(key: string, now: number): number;
}

export function createAttemptLimiter(limit: number, windowMs: number, maxKeys = 100_000): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now) {
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        }
        entry = { start: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count > limit ? Math.ceil((entry.start + windowMs - now) / 1000) : 0;
    },
  };
}
