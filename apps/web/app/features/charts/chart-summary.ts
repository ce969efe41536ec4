/**
 * A chart's text alternative: what a screen reader hears instead of the
 * canvas, and what the server renders before uPlot loads: the span, the latest value, the
 * lowest and the highest with their times. Times are in UTC, named, so the server and the
 * browser write the same words; each figure is isolated, so right-to-left text keeps its order.
 */
import { dateTimeFormat } from '@openpool/domain/intl';
import { isolatedText } from '~/shared/ltr';
import type { TimePoint } from './time-point';

export interface ChartSummary {
  from: string;
  to: string;
  latest: string;
  lowest: string;
  highest: string;
}

export function chartSummary(
  points: readonly TimePoint[],
  format: (value: number) => string,
  locale: string,
): ChartSummary | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  let lowest = first;
  let highest = first;
  for (const point of points) {
    if (point.v < lowest.v) lowest = point;
    if (point.v > highest.v) highest = point;
  }
  const date = dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const when = (point: TimePoint) => isolatedText(date.format(point.t * 1000));
  const value = (point: TimePoint) => isolatedText(format(point.v));
  const at = (point: TimePoint) => `${value(point)} (${when(point)})`;
  return {
    from: when(first),
    to: when(last),
    latest: value(last),
    lowest: at(lowest),
    highest: at(highest),
  };
}
