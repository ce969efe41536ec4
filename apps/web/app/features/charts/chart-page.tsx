import { CHART_RANGES, type ChartRange } from '@openpool/domain/api-constants';
import { useT } from '~/features/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { RangeLinks } from '~/shared/range-links';
import { TimeChart, type TimePoint } from './time-chart';

export function parseRange(value: string | null): ChartRange {
  return (CHART_RANGES as readonly string[]).includes(value ?? '') ? (value as ChartRange) : '24h';
}

/** A chart page: title, range choices (links, so they work without JavaScript), current value, chart. */
export function ChartPage({
  title,
  range,
  points,
  current,
  seriesLabel,
  format,
}: {
  title: string;
  range: ChartRange;
  points: readonly TimePoint[] | null;
  current: number | null;
  seriesLabel: string;
  format: (value: number) => string;
}) {
  const t = useT();
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {t('chart.current')}:{' '}
            <span className="font-semibold text-ink tabular-nums" data-testid="chart-current">
              {current === null ? t('common.notEnoughData') : <Ltr>{format(current)}</Ltr>}
            </span>
          </p>
        </div>
        <RangeLinks ranges={CHART_RANGES} range={range} />
      </div>
      {points ? (
        <TimeChart points={points} label={seriesLabel} format={format} />
      ) : (
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('chart.unavailable')}</p>
      )}
    </section>
  );
}
