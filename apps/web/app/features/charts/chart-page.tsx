import { CHART_RANGES, type ChartRange } from '@openpool/domain/api-constants';
import { useMemo } from 'react';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { RangeLinks } from '~/shared/range-links';
import { TimeChart, type TimePoint } from './time-chart';
import type { ValueKind } from './value-axis';

export function parseRange(value: string | null): ChartRange {
  return (CHART_RANGES as readonly string[]).includes(value ?? '') ? (value as ChartRange) : '24h';
}

/**
 * The series with the current value as its last point: the figure above the chart and the end of
 * its line are the same number (a 1-year line once ended in a drop to 0.7 EH/s beside
 * 'Current value 2.88 EH/s'). The buckets before it are complete ones (the API's `rangePlan`).
 */
export function withCurrent(
  points: readonly TimePoint[],
  current: number | null,
  currentAt: number | null,
): readonly TimePoint[] {
  const last = points.at(-1);
  if (current === null || currentAt === null || !last || currentAt <= last.t) return points;
  return [...points, { t: currentAt, v: current }];
}

/** A chart page: title, range choices (links, so they work without JavaScript), current value, chart. */
export function ChartPage({
  title,
  range,
  points,
  current,
  currentAt,
  seriesLabel,
  format,
  kind,
}: {
  title: string;
  range: ChartRange;
  points: readonly TimePoint[] | null;
  current: number | null;
  /** When the current value was measured, unix seconds. */
  currentAt: number | null;
  seriesLabel: string;
  format: (value: number) => string;
  kind: ValueKind;
}) {
  const t = useT();
  const shown = useMemo(() => (points ? withCurrent(points, current, currentAt) : null), [points, current, currentAt]);
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
      {shown ? (
        <TimeChart points={shown} label={seriesLabel} format={format} kind={kind} />
      ) : (
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('chart.unavailable')}</p>
      )}
    </section>
  );
}
