import { sitePaths } from '@openpool/domain/paths';
import { formatHashrate, formatInteger } from '@openpool/domain/format';
import { useState } from 'react';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useSchemeLabel } from '~/shared/scheme-label';
import { useT, type MessageId } from '~/i18n/use-t';
import { relativeTime } from '~/shared/relative-time';
import { Isolated, Ltr } from '~/shared/ltr';
import type { WorkerRow } from './miner-types';
import { DEFAULT_VIEW, nextSort, viewWorkers, type WorkerFilter, type WorkerSortKey } from './workers-view';
import { ScrollTable } from '~/shared/scroll-table';

/** The API reports 10 minutes, 30 minutes, 3 hours and 24 hours per worker: the middle column is 3H, labelled so. */
const COLUMNS: ReadonlyArray<{ key: WorkerSortKey; label: MessageId; numeric: boolean }> = [
  { key: 'worker', label: 'miner.workers.name', numeric: false },
  { key: 'status', label: 'miner.workers.status', numeric: false },
  { key: 'hashrate_10m', label: 'miner.workers.hr10m', numeric: true },
  { key: 'avg_hashrate_3h', label: 'miner.workers.hr3h', numeric: true },
  { key: 'avg_hashrate_24h', label: 'miner.workers.hr24h', numeric: true },
  { key: 'valid', label: 'miner.shares.valid', numeric: true },
  { key: 'stale', label: 'miner.shares.stale', numeric: true },
  { key: 'invalid', label: 'miner.shares.invalid', numeric: true },
  { key: 'last_share', label: 'miner.workers.lastShare', numeric: true },
];

const FILTERS: ReadonlyArray<[WorkerFilter, MessageId]> = [
  ['all', 'miner.workers.all'],
  ['online', 'miner.workers.online'],
  ['offline', 'miner.workers.offline'],
];

/**
 * Rows rendered at first, and added by each 'Show more'. A farm has thousands of workers: all of
 * them made a 1.7 MB page that took 92 ms to render for 2,000 (decision 015); sorting, the filter and
 * the search still work on every worker, only the drawing stops here.
 */
export const WORKERS_PAGE = 100;

export function workerPath(coin: string, address: string, row: Pick<WorkerRow, 'worker' | 'scheme'>): string {
  return sitePaths.worker(coin, address, row.worker, row.scheme);
}

/** Workers of a miner: sortable by any column (aria-sort), searchable by name, filtered by status. */
export function WorkersTable({
  workers,
  coin,
  address,
  now,
  pathOf = (row) => workerPath(coin, address, row),
}: {
  workers: readonly WorkerRow[];
  coin: string;
  address: string;
  now: number;
  /** Where a worker's name links (a watcher link keeps its visitor inside it, decision 023). */
  pathOf?: (row: Pick<WorkerRow, 'worker' | 'scheme'>) => string;
}) {
  const t = useT();
  const schemeLabel = useSchemeLabel();
  const locale = useLocale();
  const [view, setView] = useState(DEFAULT_VIEW);
  const [shown, setShown] = useState(WORKERS_PAGE);
  const rows = viewWorkers(workers, view);
  const showScheme = new Set(workers.map((w) => w.scheme)).size > 1;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label className="min-w-0 flex-1 basis-48">
          <span className="sr-only">{t('miner.workers.search')}</span>
          <input
            type="search"
            value={view.search}
            onChange={(event) => setView({ ...view, search: event.target.value })}
            placeholder={t('miner.workers.search')}
            className="w-full rounded-lg border border-line bg-surface px-3 py-1.5 text-sm"
            data-testid="workers-search"
          />
        </label>
        <div role="group" aria-label={t('miner.workers.filter')} className="flex gap-1 rounded-lg border border-line p-1 text-sm">
          {FILTERS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view.filter === value}
              onClick={() => setView({ ...view, filter: value })}
              className="rounded-md px-3 py-1 text-ink-muted hover:text-ink aria-pressed:bg-accent aria-pressed:font-semibold aria-pressed:text-accent-ink"
              data-testid={`workers-filter-${value}`}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </div>
      <ScrollTable label={t('miner.workers.title')}>
        <table className="w-full min-w-max text-sm tabular-nums" data-testid="workers-table">
          <thead>
            <tr className="text-xs text-ink-muted">
              {COLUMNS.map((column) => {
                const sorted = view.sortKey === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted ? view.direction : 'none'}
                    className={`py-2 pe-3 font-medium ${column.numeric ? 'text-end' : 'text-start'}`}
                  >
                    <button
                      type="button"
                      onClick={() => setView(nextSort(view, column.key))}
                      title={t('miner.workers.sortBy', { column: t(column.label) })}
                      className="inline-flex items-center gap-1 hover:text-ink"
                      data-testid={`sort-${column.key}`}
                    >
                      {t(column.label)}
                      <span aria-hidden="true">{sorted ? (view.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          {/* Cell spacing and alignment once for the body, not on each of a big miner's 500 cells. */}
          <tbody className="[&_td]:py-2 [&_td]:pe-3 [&_td:nth-child(n+3)]:text-end [&_td:nth-child(n+3)]:whitespace-nowrap">
            {rows.slice(0, shown).map((row) => (
              <tr key={`${row.worker}/${row.scheme}`} className="border-t border-line" data-testid="worker-row">
                <td className="max-w-36 truncate sm:max-w-56" title={row.worker}>
                  <LocaleLink
                    to={pathOf(row)}
                    className="font-mono text-accent hover:underline"
                    dir="ltr"
                    data-testid="worker-name"
                  >
                    {row.worker}
                  </LocaleLink>
                  {showScheme ? <span className="ms-2 text-xs text-ink-muted">{schemeLabel(row.scheme)}</span> : null}
                </td>
                <td>
                  <span
                    className={`inline-flex items-center gap-1.5 ${row.status === 'online' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
                    data-testid="worker-status"
                  >
                    <span aria-hidden="true" className="size-2 rounded-full bg-current" />
                    {t(row.status === 'online' ? 'miner.workers.online' : 'miner.workers.offline')}
                  </span>
                </td>
                <td data-testid="worker-hr10m">
                  <Ltr>{formatHashrate(row.hashrate_10m)}</Ltr>
                </td>
                <td>
                  <Ltr>{formatHashrate(row.avg_hashrate_3h)}</Ltr>
                </td>
                <td>
                  <Ltr>{formatHashrate(row.avg_hashrate_24h)}</Ltr>
                </td>
                <td>
                  <Ltr>{formatInteger(row.valid)}</Ltr>
                </td>
                <td>
                  <Ltr>{formatInteger(row.stale)}</Ltr>
                </td>
                <td>
                  <Ltr>{formatInteger(row.invalid)}</Ltr>
                </td>
                <td>
                  {row.last_share > 0 ? (
                    <Isolated>{relativeTime(Math.floor(row.last_share / 1000), now, locale.iso)}</Isolated>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? (
          <p className="py-3 text-sm text-ink-muted" data-testid="workers-none">
            {t('miner.workers.none')}
          </p>
        ) : null}
      </ScrollTable>
      {rows.length > shown ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-ink-muted" data-testid="workers-shown">
            {t('miner.workers.shown', { shown, total: rows.length })}
          </span>
          <button
            type="button"
            onClick={() => setShown(shown + WORKERS_PAGE)}
            className="rounded-lg border border-line px-3 py-1.5 hover:border-accent hover:text-accent"
            data-testid="workers-more"
          >
            {t('miner.workers.more', { count: Math.min(WORKERS_PAGE, rows.length - shown) })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
