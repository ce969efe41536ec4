import type { RatesProvider, RatesSnapshot } from './provider.ts';

export interface CachedRatesOptions {
  /** How long a snapshot is served before the next call fetches a new one; also the retry pause after a failure. */
  refreshMs: number;
  now?: () => number;
  /** Told about a failed refresh that was covered by the last good snapshot (e.g. to log it). */
  onError?: (error: unknown) => void;
}

export interface CachedRates {
  get(): Promise<RatesSnapshot>;
}

/**
 * Serves the last good snapshot and refreshes it at most once per `refreshMs`. Concurrent callers
 * share one fetch. A failed refresh keeps the last good snapshot and waits another `refreshMs`
 * before trying again, so an upstream outage or rate limit (429) is not hammered; only when there
 * has never been a good snapshot does the failure reach the caller.
 */
export function createCachedRates(provider: RatesProvider, options: CachedRatesOptions): CachedRates {
  const { refreshMs, now = Date.now, onError } = options;
  if (!Number.isFinite(refreshMs) || refreshMs <= 0) throw new Error(`refreshMs must be a positive number, got ${refreshMs}`);

  let lastGood: RatesSnapshot | undefined;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<RatesSnapshot> | undefined;

  function refresh(nowMs: number): Promise<RatesSnapshot> {
    lastAttemptAt = nowMs;
    const attempt = provider.fetch(nowMs).then(
      (snapshot) => {
        lastGood = snapshot;
        return snapshot;
      },
      (error: unknown) => {
        if (lastGood === undefined) throw error;
        onError?.(error);
        return lastGood;
      },
    );
    inFlight = attempt.finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    get(): Promise<RatesSnapshot> {
      if (inFlight) return inFlight;
      const nowMs = now();
      if (lastGood !== undefined && nowMs - lastAttemptAt < refreshMs) return Promise.resolve(lastGood);
      return refresh(nowMs);
    },
  };
}
