/**
 * A job that must run in one API replica at a time (decision 014), e.g. the demo's
 * simulator: whoever holds a PostgreSQL session advisory lock runs it; the other replicas
 * stand by and try again every few seconds, so when the holder dies (its connection, and with
 * it the lock, goes away) another one takes over within `retryMs`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

export interface Singleton {
  /** True while this process holds the lock and the job runs here. */
  readonly running: boolean;
  stop(): Promise<void>;
}

export interface SingletonOptions {
  pool: pg.Pool;
  /** Two-key advisory lock: (space, key). */
  lock: readonly [number, number];
  /** Starts the job; its `stop` is called when the lock is lost to another replica or at stop. */
  start: () => Promise<{ stop(): Promise<void> }>;
  /** Called once when this process first finds the lock taken elsewhere. */
  onStandby?: () => void;
  log?: (line: string) => void;
  retryMs?: number;
}

export function startSingleton(options: SingletonOptions): Singleton {
  const retryMs = options.retryMs ?? 5000;
  const stopping = new AbortController();
  let job: { stop(): Promise<void> } | undefined;
  let standbyTold = false;

  /** Holds the lock on a connection of its own until that connection fails; false if taken. */
  async function hold(): Promise<boolean> {
    const client = await options.pool.connect();
    let lost!: (reason: Error) => void;
    const gone = new Promise<Error>((resolve) => (lost = resolve));
    const onError = (error: Error) => lost(error);
    client.on('error', onError);
    client.on('end', () => lost(new Error('connection ended')));
    try {
      const held = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [...options.lock]);
      if (!held.rows[0]?.ok) {
        client.removeListener('error', onError);
        client.release();
        return false;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    // Starting once; a lock regained after a lost connection (a database restart in a
    // single-process pool) keeps the job that already runs here.
    job ??= await options.start();
    const reason = await Promise.race([gone, abortPromise(stopping.signal)]);
    client.release(true);
    if (reason && !stopping.signal.aborted) options.log?.(`singleton: lock connection lost (${reason.message}); taking it again`);
    return true;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let held = false;
      try {
        held = await hold();
      } catch (error) {
        if (!stopping.signal.aborted) options.log?.(`singleton: ${(error as Error).message}`);
      }
      if (stopping.signal.aborted) break;
      if (!held) {
        if (job) {
          // Another replica took the lock while our connection was away: it runs the job now.
          options.log?.('singleton: another replica holds the lock; stopping here');
          const running = job;
          job = undefined;
          await running.stop();
        }
        if (!standbyTold) {
          standbyTold = true;
          options.onStandby?.();
        }
      }
      await sleep(held ? 200 : retryMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    get running() {
      return job !== undefined;
    },
    async stop() {
      stopping.abort();
      await loop;
      await job?.stop();
      job = undefined;
    },
  };
}

function abortPromise(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}
