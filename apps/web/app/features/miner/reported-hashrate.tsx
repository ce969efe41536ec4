import type { HashrateFigures } from '@openpool/domain/best-reported';
import { ratioVerdict } from '@openpool/domain/reported-ratio';
import { formatHashrate, formatNumber } from '@openpool/domain/format';
import { useT } from '~/i18n/use-t';
import { WindowTable } from './window-table';
import { Ltr } from '~/shared/ltr';

/** A miner's figures also say how many workers are compared and how many report nothing. */
type WindowFigures = HashrateFigures & { workers_reporting?: number; workers_not_reporting?: number };
type Windows = { '10m': WindowFigures; '24h': WindowFigures };

const VERDICT = { agrees: 'reported.agrees', below: 'reported.below', above: 'reported.above' } as const;

/**
 * Reported beside effective hashrate (decisions 023, 024): what the mining software says and what
 * the pool measures from the shares it receives, their ratio over the 10M and 24H windows, what
 * the 24-hour ratio means, and the one line on why the two differ. Effective is the page's one
 * definition (the same window's work); a miner's card compares only the workers that report, and
 * then says so and how many it leaves out, so its figure is never read as the miner's.
 */
export function ReportedHashrate({ figures, testId }: { figures: Windows; testId: string }) {
  const t = useT();
  const reports = figures['24h'].reported !== null || figures['10m'].reported !== null;
  const leftOut = Math.max(figures['24h'].workers_not_reporting ?? 0, figures['10m'].workers_not_reporting ?? 0);
  const partial = reports && leftOut > 0;
  const verdict = ratioVerdict(figures['24h'].ratio);
  const rows = [
    ['reported.last10m', figures['10m']],
    ['reported.last24h', figures['24h']],
  ] as const;
  return (
    <div data-testid={testId}>
      <WindowTable
        label={t('reported.title')}
        corner={t('reported.window')}
        columns={[
          partial ? t('reported.effectiveReporting') : t('reported.effective'),
          t('reported.reported'),
          t('reported.ratio'),
        ]}
      >
        {rows.map(([label, row]) => (
          <tr
            key={label}
            className="border-t border-line"
            data-testid={`${testId}-${label === 'reported.last10m' ? '10m' : '24h'}`}
          >
            <th scope="row" className="py-1.5 pe-3 text-start font-normal whitespace-nowrap text-ink-muted">
              {t(label)}
            </th>
            <td className="py-1.5 pe-3 tabular-nums">
              <Ltr>{formatHashrate(row.effective)}</Ltr>
            </td>
            <td className="py-1.5 pe-3 tabular-nums">
              <Ltr>{row.reported === null ? '—' : formatHashrate(row.reported)}</Ltr>
            </td>
            <td className="py-1.5 tabular-nums">
              <Ltr>{row.ratio === null ? '—' : formatNumber(row.ratio, 2)}</Ltr>
            </td>
          </tr>
        ))}
      </WindowTable>
      {!reports ? <p className="mt-2 text-sm text-ink-muted">{t('reported.none')}</p> : null}
      {partial ? (
        <p className="mt-2 text-sm" data-testid={`${testId}-left-out`}>
          {t('reported.leftOut', { count: leftOut })}
        </p>
      ) : null}
      {verdict ? (
        <p
          role={verdict === 'agrees' ? undefined : 'note'}
          className={
            verdict === 'agrees' ? 'mt-2 text-sm' : 'mt-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-2 text-sm'
          }
          data-testid={`${testId}-verdict`}
        >
          {t(VERDICT[verdict])}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-ink-muted">{t('reported.explain')}</p>
    </div>
  );
}
