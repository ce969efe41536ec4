import { formatCoinAmount, formatFee } from '@openpool/domain/format';
import { Link } from 'react-router';
import { useT, type MessageId } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { ScrollTable } from '~/shared/scroll-table';
import { sortParam, type CompareRow, type Sort, type SortKey } from './compare-rows';

const COLUMNS: ReadonlyArray<{ key: SortKey; label: MessageId }> = [
  { key: 'pool', label: 'comparePools.col.pool' },
  { key: 'fee', label: 'comparePools.col.fee' },
  { key: 'min', label: 'comparePools.col.min' },
  { key: 'payout', label: 'comparePools.col.payout' },
  { key: 'regions', label: 'comparePools.col.regions' },
  { key: 'merged', label: 'comparePools.col.merged' },
];

/** Our row's tint, opaque so the sticky pool cell hides what scrolls beneath it. */
const OURS_BG = 'bg-[color-mix(in_oklab,var(--color-accent)_12%,var(--color-surface))]';

const PAYOUT: Record<NonNullable<CompareRow['payout']>, MessageId> = {
  hourly: 'comparePools.payout.hourly',
  daily: 'comparePools.payout.daily',
  choice: 'comparePools.payout.choice',
};

/**
 * The comparison as one table: sortable headers are links (`?sort=`), so a sorted view can be
 * shared and works before the page's script runs; on a phone the table scrolls sideways under
 * a pool column that stays put. The scroller is `relative` because the screen-reader-only texts
 * are absolutely placed: against any farther ancestor they would stretch the page sideways.
 */
export function CompareTable({ rows, sort, coin, caption }: { rows: CompareRow[]; sort: Sort; coin: string; caption: string }) {
  const t = useT();
  const unconfirmed = <Unconfirmed label={t('comparePools.unconfirmed')} />;
  return (
    <ScrollTable label={caption} className="mt-4 rounded-lg border border-line [--scroll-bg:var(--color-surface)]">
      <table className="w-full min-w-[52rem] text-sm" data-testid="compare-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-raised text-ink-muted">
          <tr>
            {COLUMNS.map((column, index) => {
              const active = sort.key === column.key;
              const next = { key: column.key, descending: active ? !sort.descending : false };
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  className={`px-3 py-2 text-start font-medium ${index === 0 ? 'sticky start-0 z-10 bg-surface-raised' : ''}`}
                >
                  <Link
                    to={`?coin=${coin}&sort=${sortParam(next)}`}
                    preventScrollReset
                    replace
                    className="inline-flex items-center gap-1 hover:text-ink hover:underline"
                  >
                    {t(column.label)}
                    <span aria-hidden="true" className={active ? 'text-accent' : 'opacity-40'}>
                      {active ? (sort.descending ? '↓' : '↑') : '↕'}
                    </span>
                  </Link>
                </th>
              );
            })}
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('comparePools.col.source')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.pool} className={`border-t border-line ${row.ours ? OURS_BG : ''}`} data-testid="compare-row">
              <th
                scope="row"
                className={`sticky start-0 z-10 px-3 py-2 text-start font-semibold ${row.ours ? OURS_BG : 'bg-surface'}`}
              >
                {row.ours ? (
                  <span>
                    {t('site.name')}{' '}
                    <span className="ms-1 rounded bg-accent px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-accent-ink">
                      {t('comparePools.thisPool')}
                    </span>
                  </span>
                ) : row.url ? (
                  <a href={row.url} rel="noopener noreferrer nofollow" target="_blank" className="text-accent hover:underline">
                    {row.pool}
                  </a>
                ) : (
                  row.pool
                )}
              </th>
              <td className="px-3 py-2">
                <ul className="space-y-0.5">
                  {row.schemes.map((scheme) => (
                    <li key={scheme.name} className="whitespace-nowrap">
                      <Ltr>
                        <span className="font-medium">{scheme.name}</span>{' '}
                        <span className="tabular-nums">{scheme.fee === null ? unconfirmed : formatFee(scheme.fee)}</span>
                      </Ltr>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                {row.minPayout === null ? unconfirmed : <Ltr>{formatCoinAmount(row.minPayout, coin)}</Ltr>}
              </td>
              <td className="px-3 py-2">{row.payout === null ? unconfirmed : t(PAYOUT[row.payout])}</td>
              <td className="px-3 py-2">
                {row.regions === null ? unconfirmed : row.regions.map((region) => region.toUpperCase()).join(', ')}
              </td>
              <td className="px-3 py-2">
                {row.merged === null
                  ? unconfirmed
                  : row.merged.length === 0
                    ? t('comparePools.none')
                    : row.merged.map((ticker) => ticker.toUpperCase()).join(', ')}
              </td>
              <td className="px-3 py-2">
                {row.source ? (
                  <a
                    href={row.source}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="text-accent hover:underline"
                    data-testid="compare-source"
                  >
                    {new URL(row.source).hostname.replace(/^www\./, '')}
                  </a>
                ) : (
                  <span className="text-ink-muted">{t('comparePools.liveConfig')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** A dash a screen reader reads as 'not published'. */
function Unconfirmed({ label }: { label: string }) {
  return (
    <span title={label} className="text-ink-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
