import { dateTimeFormat } from '@openpool/domain/intl';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';

export interface TimePoint {
  t: number;
  v: number;
}

export const CHART_HEIGHT = 320;

/**
 * A time-series chart. The server renders a placeholder of the chart's exact height (no
 * layout shift); uPlot and its styles load in the browser only, when the chart mounts.
 * Colours come from the theme's CSS variables and follow a theme switch; numbers and dates
 * are formatted for the page's locale.
 */
export function TimeChart({
  points,
  label,
  format,
}: {
  points: readonly TimePoint[];
  label: string;
  format: (value: number) => string;
}) {
  const t = useT();
  const locale = useLocale();
  // uPlot names the time series "Time" in its legend unless told otherwise.
  const timeLabel = t('chart.series.time');
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element || points.length < 2) return;
    let disposed = false;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;

    const draw = async () => {
      const [{ default: uPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
      if (disposed) return;
      const css = getComputedStyle(document.documentElement);
      const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
      const ink = color('--color-ink-muted', '#475569');
      const grid = color('--color-line', '#e2e8f0');
      const accent = color('--color-accent', '#1d4ed8');
      const dateFormat = dateTimeFormat(locale.iso, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
      const axisDate = dateTimeFormat(locale.iso, { month: 'short', day: 'numeric' });
      const axisTime = dateTimeFormat(locale.iso, { hour: '2-digit', minute: '2-digit' });
      const span = (points.at(-1)?.t ?? 0) - (points[0]?.t ?? 0);
      chart?.destroy();
      element.replaceChildren();
      // A floating tooltip at the cursor: time and value, in the page's locale.
      const tooltip = document.createElement('div');
      tooltip.setAttribute('role', 'presentation');
      tooltip.className =
        'pointer-events-none absolute z-10 hidden rounded-md border border-line bg-surface-raised px-2 py-1 text-xs shadow-md tabular-nums';
      tooltip.dataset.testid = 'chart-tooltip';
      chart = new uPlot(
        {
          width: element.clientWidth,
          hooks: {
            init: [(u: { over: HTMLElement }) => void u.over.appendChild(tooltip)],
            setCursor: [
              (u: {
                cursor: { idx?: number | null; left?: number; top?: number };
                data: ArrayLike<ArrayLike<number | null | undefined> | undefined>;
                over: HTMLElement;
              }) => {
                const index = u.cursor.idx;
                const time = index === null || index === undefined ? undefined : u.data[0]?.[index];
                const value = index === null || index === undefined ? undefined : u.data[1]?.[index];
                if (time === undefined || time === null || value === undefined || value === null) {
                  tooltip.classList.add('hidden');
                  return;
                }
                tooltip.textContent = `${dateFormat.format(new Date(time * 1000))} · ${format(value)}`;
                tooltip.classList.remove('hidden');
                const left = Math.min(Math.max(0, (u.cursor.left ?? 0) + 12), u.over.clientWidth - tooltip.offsetWidth);
                tooltip.style.left = `${left}px`;
                tooltip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 36)}px`;
              },
            ],
          },
          height: CHART_HEIGHT,
          padding: [12, 12, 0, 0],
          cursor: { drag: { x: false, y: false }, points: { size: 7 } },
          legend: { show: true, live: true },
          scales: { x: { time: true } },
          axes: [
            {
              stroke: ink,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              values: (_u: unknown, ticks: number[]) =>
                ticks.map((tick) => (span > 2 * 86_400 ? axisDate : axisTime).format(new Date(tick * 1000))),
            },
            {
              stroke: ink,
              size: 80,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              values: (_u: unknown, ticks: number[]) => ticks.map((tick) => format(tick)),
            },
          ],
          series: [
            {
              label: timeLabel,
              value: (_u: unknown, value: number | null) => (value === null ? '—' : dateFormat.format(new Date(value * 1000))),
            },
            {
              label,
              stroke: accent,
              width: 2,
              fill: `${accent}22`,
              value: (_u: unknown, value: number | null) => (value === null ? '—' : format(value)),
            },
          ],
        },
        [points.map((p) => p.t), points.map((p) => p.v)],
        element,
      );
      setReady(true);
    };

    void draw();
    const observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
    observer.observe(element);
    // A theme switch changes the CSS variables: redraw with the new colours.
    const themeObserver = new MutationObserver(() => void draw());
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      disposed = true;
      observer.disconnect();
      themeObserver.disconnect();
      chart?.destroy();
    };
  }, [points, label, timeLabel, format, locale.iso]);

  if (points.length < 2) {
    return (
      <div
        className="grid place-items-center rounded-lg border border-dashed border-line text-ink-muted"
        style={{ height: CHART_HEIGHT }}
        data-testid="chart-empty"
      >
        {t('common.notEnoughData')}
      </div>
    );
  }
  return (
    <div className="relative" style={{ minHeight: CHART_HEIGHT + 40 }} data-testid="chart" data-ready={ready ? 'true' : 'false'}>
      <div ref={host} className="w-full" />
      {ready ? null : (
        <div className="absolute inset-x-0 top-0 grid place-items-center text-sm text-ink-muted" style={{ height: CHART_HEIGHT }}>
          {t('chart.loading')}
        </div>
      )}
    </div>
  );
}
