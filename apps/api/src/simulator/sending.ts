/**
 * How the simulator's batches reach ingest: each retried until it succeeds or the driver stops,
 * sources in parallel and each source's batches in order (driver.ts uses both).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryOptions {
  /** Posts one NDJSON batch to ingest; throws on any answer but success. */
  post: (source: string, ndjson: string) => Promise<void>;
  log: (line: string) => void;
  /** First pause after a failure; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/**
 * `post`, retried until it succeeds or the driver stops: 409 (the source's previous batch
 * still applying), 503 (database away), a 500 of a bug fixed by a restart of the engine's
 * state, all heal by waiting. Each failure is logged and reported until the retry succeeds.
 */
export function createRetryingPost(
  options: RetryOptions,
  signal: AbortSignal,
  report: (source: string, failure: { attempts: number; message: string } | undefined) => void,
): (source: string, ndjson: string) => Promise<void> {
  const first = options.retryDelayMs ?? 500;
  const max = options.maxRetryDelayMs ?? 30_000;
  return async (source, ndjson) => {
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) throw new Error('stopping');
      try {
        await options.post(source, ndjson);
        if (attempt > 1) report(source, undefined);
        return;
      } catch (error) {
        if (signal.aborted) throw new Error('stopping');
        const message = (error as Error).message.slice(0, 300);
        report(source, { attempts: attempt, message });
        options.log(`simulator: ${source}: batch failed (attempt ${attempt}), retrying: ${message}`);
        await sleep(Math.min(max, first * 2 ** (attempt - 1)), undefined, { signal }).catch(() => undefined);
      }
    }
  };
}

/**
 * Batches of different sources are ingested in parallel (the engine locks per coin family,
 * so a second core works too); batches of one source stay in order. `send` returns once the
 * batch is queued with few enough in flight; a failure (only 'stopping', once `post`
 * retries) is thrown by the next call and by `drain`.
 */
export function createSendPipeline(post: (source: string, ndjson: string) => Promise<void>, maxInFlight = 3) {
  const queues = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  return {
    async send(source: string, ndjson: string): Promise<void> {
      if (failure) throw failure;
      const job = (queues.get(source) ?? Promise.resolve()).then(() => {
        if (failure) throw failure;
        return post(source, ndjson);
      });
      queues.set(
        source,
        job.catch(() => undefined),
      );
      inFlight.add(job);
      job.then(
        () => inFlight.delete(job),
        (error: Error) => {
          failure ??= error;
          inFlight.delete(job);
        },
      );
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight).catch(() => undefined);
      if (failure) throw failure;
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      const error = failure;
      failure = undefined;
      if (error) throw error;
    },
  };
}
