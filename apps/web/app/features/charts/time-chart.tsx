import { useEffect, useRef, useState } from 'react';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { CHART_HEIGHT } from './chart-size';
import { chartSummary } from './chart-summary';
import type { TimePoint } from './time-point';
export type { TimePoint };
import type { ValueKind } from './value-axis';

/**
 * A time-series chart. The server renders a placeholder of the chart's exact height (no
 * layout shift) and the chart's text alternative; uPlot loads in the browser only, when the
 * chart comes near the screen (its styles are in app.css). Colours come from the theme's CSS variables and follow a theme
 * switch; the axes' labels are chosen for the plot's width (chart-options.ts).
 */
export function TimeChart({
  points,
  label,
  format,
  kind = 'hashrate',
}: {
  points: readonly TimePoint[];
  label: string;
  format: (value: number) => string;
  /** What the values are, for the value axis' unit. */
  kind?: ValueKind;
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
      const [{ default: uPlot }, { chartOptions }] = await Promise.all([import('uplot'), import('./chart-options')]);
      if (disposed) return;
      chart?.destroy();
      element.replaceChildren();
      const options = chartOptions({ uPlot, element, label, timeLabel, format, kind, locale: locale.iso });
      chart = new uPlot(options, [points.map((p) => p.t), points.map((p) => p.v)], element);
      setReady(true);
    };

    // A chart below the fold is drawn when it comes near the screen: on a phone the miner page's
    // chart starts below the first screen, and drawing them at load (uPlot's code and a canvas
    // each) held the main thread while the visitor could not see them yet.
    let seen = false;
    const visibility = new IntersectionObserver((entries) => {
      if (seen || !entries.some((entry) => entry.isIntersecting)) return;
      seen = true;
      visibility.disconnect();
      void draw();
    });
    visibility.observe(element);
    const observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
    observer.observe(element);
    // A theme switch changes the CSS variables: redraw with the new colours.
    const themeObserver = new MutationObserver(() => {
      if (seen) void draw();
    });
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      disposed = true;
      visibility.disconnect();
      observer.disconnect();
      themeObserver.disconnect();
      chart?.destroy();
    };
  }, [points, label, timeLabel, format, kind, locale.iso]);

  const summary = chartSummary(points, format, locale.iso);
  if (!summary) {
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
    <figure
      className="relative m-0"
      style={{ minHeight: CHART_HEIGHT + 40 }}
      data-testid="chart"
      data-ready={ready ? 'true' : 'false'}
    >
      {/* The canvas says nothing to a screen reader; the caption below says it in words. Time
          runs left to right in every language, and the canvas draws '70 M', not 'M 70', in fa. */}
      <div ref={host} dir="ltr" className="w-full" aria-hidden="true" />
      {ready ? null : (
        <div className="absolute inset-x-0 top-0 grid place-items-center text-sm text-ink-muted" style={{ height: CHART_HEIGHT }}>
          {t('chart.loading')}
        </div>
      )}
      <figcaption className="sr-only" data-testid="chart-summary">
        {t('chart.summary', { series: label, ...summary })}
      </figcaption>
    </figure>
  );
}
