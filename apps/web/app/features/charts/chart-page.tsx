import { CHART_RANGES, type ChartRange } from '@openpool/domain/api-constants';
import { Link, useSearchParams } from 'react-router';
import { useT, type MessageId } from '~/features/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { TimeChart, type TimePoint } from './time-chart';

const RANGE_LABEL: Record<ChartRange, MessageId> = {
  '24h': 'chart.range.24h',
  '7d': 'chart.range.7d',
  '30d': 'chart.range.30d',
  '1y': 'chart.range.1y',
};

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
  const [params] = useSearchParams();
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {t('chart.current')}:{' '}
            <span className="font-semibold text-ink tabular-nums" data-testid="chart-current">
              <Ltr>{current === null ? '—' : format(current)}</Ltr>
            </span>
          </p>
        </div>
        <nav aria-label={t('chart.rangeLabel')} className="flex gap-1 rounded-lg border border-line p-1 text-sm">
          {CHART_RANGES.map((value) => {
            const next = new URLSearchParams(params);
            next.set('range', value);
            return (
              <Link
                key={value}
                to={{ search: `?${next.toString()}` }}
                replace
                preventScrollReset
                aria-current={value === range ? 'true' : undefined}
                className="rounded-md px-3 py-1 text-ink-muted hover:text-ink aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-accent-ink"
              >
                {t(RANGE_LABEL[value])}
              </Link>
            );
          })}
        </nav>
      </div>
      {points ? (
        <TimeChart points={points} label={seriesLabel} format={format} />
      ) : (
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('chart.unavailable')}</p>
      )}
    </section>
  );
}
