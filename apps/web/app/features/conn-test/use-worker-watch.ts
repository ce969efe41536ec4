import { useEffect, useState } from 'react';
import { ApiError } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { useApi } from '~/platform/site-settings';
import { connectionState, type ConnectionState, type WorkerRow } from './connection-state';

const POLL_MS = 5_000;
/** A share sent shortly before the check started still counts as this session's. */
const GRACE_MS = 5 * 60_000;

export type WatchState = ConnectionState & { unreachable: boolean };

/**
 * Polls the public API for the address's workers every few seconds while the page is open and
 * turns the answer into a connection state; an unknown address (404) simply means 'waiting'.
 */
export function useWorkerWatch(coin: string, address: string, worker: string): WatchState | null {
  const api = useApi();
  const [state, setState] = useState<WatchState | null>(null);
  useEffect(() => {
    if (!api) return;
    const startedAt = Date.now() - GRACE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      let rows: WorkerRow[] | null = null;
      let unreachable = false;
      try {
        const body = await api.request<{ results: WorkerRow[] }>(apiPaths.minerWorkers(coin, address));
        rows = Array.isArray(body?.results) ? body.results : null;
      } catch (error) {
        unreachable = !(error instanceof ApiError && error.status === 404);
      }
      if (stopped) return;
      setState({ ...connectionState(rows, worker, startedAt), unreachable });
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, coin, address, worker]);
  return state;
}
