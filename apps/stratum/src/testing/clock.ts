/**
 * A fast clock shared by the test's stratum server and the API process it starts: time runs
 * `speed` times faster from `start`, so a complete 10-minute hashrate bucket and an hour's
 * payout run take seconds. Only the event times and the API's reading of them are sped up;
 * the node, the miner and the hashing run in real time (decision 013).
 */
import type { ChildProcess } from 'node:child_process';

export interface TestClock {
  now(): number;
  /** For the API process: OPENPOOL_TEST_CLOCK, read by api-clock.ts. */
  env: string;
  /** Real milliseconds until the clock reads `at`. */
  realMsUntil(at: number): number;
}

export function scaledClock(start: number, speed: number, realStart = Date.now()): TestClock {
  return {
    now: () => Math.floor(start + (Date.now() - realStart) * speed),
    env: `${start},${realStart},${speed}`,
    realMsUntil: (at) => Math.max(0, realStart + (at - start) / speed - Date.now()),
  };
}

/**
 * A scaled clock the test sets as it goes (decision 032: a test never waits for the wall clock
 * to reach a moment it can name): it jumps to an hour boundary instead of waiting for it, runs
 * fast only while a hashrate bucket fills, and real-time otherwise. `attach` makes an API
 * process started with `--import api-clock.ts` and an IPC channel follow every `set`.
 */
export interface SettableClock extends TestClock {
  /** From now on the clock reads `at`, running `speed` times real time; the API first, never backwards. */
  set(at: number, speed: number): Promise<void>;
  attach(child: ChildProcess): void;
}

export function settableClock(start: number, speed: number): SettableClock {
  let current = scaledClock(start, speed);
  let child: ChildProcess | undefined;
  return {
    now: () => current.now(),
    get env() {
      return current.env;
    },
    realMsUntil: (at) => current.realMsUntil(at),
    attach(process) {
      child = process;
    },
    async set(at, nextSpeed) {
      if (at < current.now()) throw new Error(`the test clock never goes back (${at} < ${current.now()})`);
      const next = scaledClock(at, nextSpeed);
      // The API moves first: events stamped on the new clock are never ahead of its own.
      if (child?.connected) {
        const api = child;
        await new Promise<void>((resolve, reject) => {
          const onMessage = (message: unknown) => {
            if ((message as { clockSet?: string }).clockSet !== next.env) return;
            api.off('message', onMessage);
            resolve();
          };
          api.on('message', onMessage);
          api.send({ clock: next.env }, (error) => error && reject(error));
        });
      }
      current = next;
    },
  };
}
