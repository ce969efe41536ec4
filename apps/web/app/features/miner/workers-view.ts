/** Sorting, search and the online/offline filter of the workers table, pure for tests. */
import type { WorkerRow } from './miner-types';

export type WorkerSortKey =
  'worker' | 'status' | 'hashrate_10m' | 'avg_hashrate_3h' | 'avg_hashrate_24h' | 'valid' | 'stale' | 'invalid' | 'last_share';
export type SortDirection = 'ascending' | 'descending';
export type WorkerFilter = 'all' | 'online' | 'offline';

export interface WorkersView {
  sortKey: WorkerSortKey;
  direction: SortDirection;
  search: string;
  filter: WorkerFilter;
}

export const DEFAULT_VIEW: WorkersView = { sortKey: 'worker', direction: 'ascending', search: '', filter: 'all' };

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: WorkerRow, b: WorkerRow, key: WorkerSortKey): number {
  if (key === 'worker' || key === 'status') return byName.compare(a[key], b[key]);
  return a[key] - b[key];
}

export function viewWorkers(rows: readonly WorkerRow[], view: WorkersView): WorkerRow[] {
  const needle = view.search.trim().toLowerCase();
  const sign = view.direction === 'ascending' ? 1 : -1;
  return rows
    .filter((row) => view.filter === 'all' || row.status === view.filter)
    .filter((row) => needle === '' || row.worker.toLowerCase().includes(needle))
    .sort(
      (a, b) => sign * compare(a, b, view.sortKey) || byName.compare(a.worker, b.worker) || byName.compare(a.scheme, b.scheme),
    );
}

/** A click on the sorted column flips it; another column starts descending for figures, ascending for text. */
export function nextSort(view: WorkersView, key: WorkerSortKey): WorkersView {
  if (view.sortKey === key) return { ...view, direction: view.direction === 'ascending' ? 'descending' : 'ascending' };
  return { ...view, sortKey: key, direction: key === 'worker' || key === 'status' ? 'ascending' : 'descending' };
}
