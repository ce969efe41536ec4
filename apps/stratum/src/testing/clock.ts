/**
 * A fast clock shared by the test's stratum server and the API process it starts: time runs
 * `speed` times faster from `start`, so a complete 10-minute hashrate bucket and an hour's
 * payout run take seconds. Only the event times and the API's reading of them are sped up;
 * the node, the miner and the hashing run in real time (decision 013).
 */
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
