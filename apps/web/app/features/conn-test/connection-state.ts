/**
 * What /test says about a miner's connection (issue 13), from the API's worker rows: still
 * waiting, or the first share seen (when, how many, the worker's hashrate so far). Pure, so the
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
}

export type ConnectionState =
  | { kind: 'waiting'; since: number }
  | {
      kind: 'connected';
      worker: string;
      lastShare: number;
      valid: number;
      rejected: number;
      /** H/s over the complete 10-minute windows so far; 0 until the first window closes. */
      hashrate: number;
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
  if (!match) return { kind: 'waiting', since: startedAt };
  return {
    kind: 'connected',
    worker: match.worker,
    lastShare: match.last_share,
    valid: match.valid,
    rejected: match.stale + match.invalid,
    hashrate: Math.max(match.hashrate_10m, match.avg_hashrate_30m),
    online: match.status === 'online',
  };
}
