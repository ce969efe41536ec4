/**
 * uPlot's options for a time chart, built in the browser once uPlot has loaded: colours from
 * the theme, a tooltip at the cursor, and axes whose labels never overlap, repeat or leave the
 * plot at any width (time-ticks.ts, value-axis.ts).
 */
import { dateTimeFormat } from '@openpool/domain/intl';
import type uPlot from 'uplot';
import { isolatedText } from '~/shared/ltr';
import { timeTicks, type TimeTick } from './time-ticks';
import { axisLabels, type ValueKind } from './value-axis';

import { CHART_HEIGHT } from './chart-size';
const AXIS_FONT_PX = 12;

export interface ChartOptionsInput {
  uPlot: typeof uPlot;
  element: HTMLElement;
  label: string;
  timeLabel: string;
  format: (value: number) => string;
  kind: ValueKind;
  locale: string;
}

export function chartOptions({ uPlot, element, label, timeLabel, format, kind, locale }: ChartOptionsInput): uPlot.Options {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const ink = color('--color-ink-muted', '#475569');
  const grid = color('--color-line', '#e2e8f0');
  const accent = color('--color-accent', '#1d4ed8');
  // The page's own font, so the labels are measured as they are drawn.
  const font = `${AXIS_FONT_PX}px ${getComputedStyle(element).fontFamily || 'system-ui, sans-serif'}`;
  const context = document.createElement('canvas').getContext('2d');
  if (context) context.font = font;
  const measure = (text: string) => context?.measureText(text).width ?? text.length * 7;
  const tooltipDate = dateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

  const tooltip = document.createElement('div');
  tooltip.setAttribute('role', 'presentation');
  tooltip.className =
    'pointer-events-none absolute z-10 hidden rounded-md border border-line bg-surface-raised px-2 py-1 text-xs shadow-md tabular-nums';
  tooltip.dataset.testid = 'chart-tooltip';

  let ticks: TimeTick[] = [];
  // Off the plot, the legend shows the latest point, not dashes: the figure a visitor looks for
  // first, and what the chart says before anyone hovers it (a phone has no hover at all).
  const showLatest = (u: uPlot) => {
    const values = u.data[1] ?? [];
    for (let index = values.length - 1; index >= 0; index -= 1) {
      if (values[index] !== null && values[index] !== undefined) return void u.setLegend({ idx: index }, false);
    }
  };
  return {
    width: element.clientWidth,
    height: CHART_HEIGHT,
    padding: [12, 12, 0, 0],
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    legend: { show: true, live: true },
    scales: {
      x: { time: true },
      // From zero: a chart that starts at its lowest value turns a 5 % dip into a cliff.
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, max > 0 ? max : 1, 0.1, true) },
    },
    hooks: {
      init: [(u) => void u.over.appendChild(tooltip)],
      ready: [showLatest],
      setCursor: [
        (u) => {
          const index = u.cursor.idx;
          const time = index === null || index === undefined ? undefined : u.data[0][index];
          const value = index === null || index === undefined ? undefined : u.data[1]?.[index];
          if (time === undefined || value === undefined || value === null) {
            tooltip.classList.add('hidden');
            if (index === null || index === undefined) showLatest(u);
            return;
          }
          // Each figure isolated: in Persian '8.41 TH/s' beside a date read 'TH/s 8.41' (decision 002, addendum).
          tooltip.textContent = `${isolatedText(tooltipDate.format(time * 1000))} · ${isolatedText(format(value))}`;
          tooltip.classList.remove('hidden');
          const left = Math.min(Math.max(0, (u.cursor.left ?? 0) + 12), u.over.clientWidth - tooltip.offsetWidth);
          tooltip.style.left = `${left}px`;
          tooltip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 36)}px`;
        },
      ],
    },
    axes: [
      {
        font,
        stroke: ink,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        // The ticks are chosen for the plot's width in CSS px; uPlot's bbox is in device px.
        splits: (u, _axis, min, max) => {
          ticks = timeTicks({ min, max, width: u.bbox.width / uPlot.pxRatio, measure, locale });
          return ticks.map((tick) => tick.t);
        },
        values: (_u, splits) => splits.map((split) => ticks.find((tick) => tick.t === split)?.label ?? ''),
      },
      {
        font,
        stroke: ink,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        values: (_u, splits) => axisLabels(kind, splits),
        // As wide as its widest label, so a phone keeps its plot and no label is cut.
        size: (_u, values) => Math.ceil(Math.max(24, ...(values ?? []).map((value) => measure(String(value))))) + 18,
      },
    ],
    series: [
      {
        label: timeLabel,
        value: (_u, value) => (value === null ? '—' : tooltipDate.format(value * 1000)),
      },
      {
        label,
        stroke: accent,
        width: 2,
        fill: `${accent}22`,
        value: (_u, value) => (value === null ? '—' : isolatedText(format(value))),
      },
    ],
  };
}
