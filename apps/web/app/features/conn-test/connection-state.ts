/**
 * What /test says about a miner's connection, from the API's worker rows: still
 * waiting, or the first share seen (when, at what difficulty, how many, the worker's hashrate so
 * far). Pure, so the
 * page and its test agree; the worker rows come from `GET /{coin}/api/v3/miner/workers/{address}`.
 */
export interface WorkerRow {
  worker: string;
  status: 'online' | 'offline';
  hashrate_10m: number;
  avg_hashrate_30m: number;
  valid: number;
  stale: number;
  invalid: number;
  /** Unix milliseconds. */
  last_share: number;
  first_share: number;
  first_share_difficulty: number | null;
  last_share_difficulty: number | null;
  /** H/s since the first share; 0 until a second share; null for a worker older than a day. */
  hashrate_so_far: number | null;
}

export type ConnectionState =
  | {
      kind: 'waiting';
      since: number;
      /** Workers of the address sending shares during this check under other names: a typo in the login. */
      otherWorkers: string[];
      /** The address's latest share from before the check (unix ms): it mined here, but not now. */
      lastSeen: number | null;
    }
  | {
      kind: 'connected';
      worker: string;
      firstShare: number;
      lastShare: number;
      /** Null for a worker the pool saw before it kept share difficulties. */
      firstDifficulty: number | null;
      /** What the vardiff gives the worker now: the difficulty of its latest share. */
      currentDifficulty: number | null;
      valid: number;
      rejected: number;
      /**
       * H/s: since the first share for a worker new today, else over the complete 10-minute
       * windows (a returning worker's steadier figure); 0 while there is not enough to say.
       */
      hashrate: number;
      /** True while a new worker has a single share: the hashrate needs a second one. */
      awaitingSecondShare: boolean;
      online: boolean;
    };

/**
 * Connected once the named worker (or, with no name, any worker of the address) has a share
 * newer than the moment the check started; older rows are a previous session, not this test.
 */
export function connectionState(rows: readonly WorkerRow[] | null, worker: string, startedAt: number): ConnectionState {
  const wanted = worker.trim().toLowerCase();
  const match = (rows ?? [])
    .filter((row) => (wanted ? row.worker.toLowerCase() === wanted : true))
    .filter((row) => row.last_share >= startedAt)
    .sort((a, b) => b.last_share - a.last_share)[0];
  if (!match) {
    const all = rows ?? [];
    const recent = all.filter((row) => row.last_share >= startedAt).map((row) => row.worker);
    const earlier = all.filter((row) => row.last_share < startedAt).map((row) => row.last_share);
    return {
      kind: 'waiting',
      since: startedAt,
      otherWorkers: [...new Set(recent)].sort(),
      lastSeen: recent.length === 0 && earlier.length > 0 ? Math.max(...earlier) : null,
    };
  }
  return {
    kind: 'connected',
    worker: match.worker,
    firstShare: match.first_share,
    lastShare: match.last_share,
    firstDifficulty: match.first_share_difficulty,
    currentDifficulty: match.last_share_difficulty,
    valid: match.valid,
    rejected: match.stale + match.invalid,
    hashrate: match.hashrate_so_far ?? Math.max(match.hashrate_10m, match.avg_hashrate_30m),
    awaitingSecondShare: match.hashrate_so_far === 0,
    online: match.status === 'online',
  };
}
