import { describe, expect, it } from 'vitest';
import type { WorkerRow } from './miner-types';
import { DEFAULT_VIEW, nextSort, viewWorkers } from './workers-view';

function createWorker(overrides: Partial<WorkerRow>): WorkerRow {
  return {
    worker: 'rig',
    scheme: 'pps',
    status: 'online',
    hashrate_10m: 1,
    avg_hashrate_3h: 1,
    avg_hashrate_24h: 1,
    valid: 1,
    stale: 0,
    invalid: 0,
    last_share: 0,
    ...overrides,
  };
}

const rows = [
  createWorker({ worker: 'rig10', hashrate_10m: 5 }),
  createWorker({ worker: 'rig2', hashrate_10m: 9, status: 'offline' }),
  createWorker({ worker: 'box1', hashrate_10m: 7 }),
];

describe('viewWorkers', () => {
  it('sorts names naturally by default', () => {
    expect(viewWorkers(rows, DEFAULT_VIEW).map((r) => r.worker)).toEqual(['box1', 'rig2', 'rig10']);
  });
  it('sorts a figure descending first, then flips', () => {
    const byHashrate = nextSort(DEFAULT_VIEW, 'hashrate_10m');
    expect(viewWorkers(rows, byHashrate).map((r) => r.worker)).toEqual(['rig2', 'box1', 'rig10']);
    expect(viewWorkers(rows, nextSort(byHashrate, 'hashrate_10m')).map((r) => r.worker)).toEqual(['rig10', 'box1', 'rig2']);
  });
  it('filters by status and by a case-insensitive name search', () => {
    expect(viewWorkers(rows, { ...DEFAULT_VIEW, filter: 'offline' }).map((r) => r.worker)).toEqual(['rig2']);
    expect(viewWorkers(rows, { ...DEFAULT_VIEW, filter: 'online', search: ' RIG' }).map((r) => r.worker)).toEqual(['rig10']);
  });
});
