import { describe, expect, it } from 'vitest';
import { tickUnit, timeTicks, type TimeTick } from './time-ticks';

const HOUR = 3600;
const DAY = 86_400;
// Thursday 2026-11-26 08:40 UTC, a 10-minute mark like a chart's last complete bucket.
const END = Date.UTC(2026, 10, 26, 8, 40) / 1000;
/** 12px system-ui: digits and letters about 7 px each, as the axis font measures them. */
const measure = (label: string) => label.length * 7;

const RANGES = {
  '24h': { min: END - DAY + 600, max: END },
  '7d': { min: END - 7 * DAY, max: END },
  '30d': { min: END - 30 * DAY, max: END },
  '1y': { min: END - 365 * DAY, max: END },
} as const;
/** Plot widths from a 320 px phone (the y axis and paddings take ~110 px) to a 1440 px desktop. */
const WIDTHS = [200, 265, 400, 600, 900, 1200, 1300];

function overlaps(ticks: TimeTick[]): boolean {
  return ticks.some((tick, i) => {
    const next = ticks[i + 1];
    return next !== undefined && tick.x + measure(tick.label) / 2 > next.x - measure(next.label) / 2;
  });
}

describe('timeTicks', () => {
  for (const [range, span] of Object.entries(RANGES)) {
    for (const locale of ['en-US', 'ru', 'fa', 'zh-CN']) {
      it(`${range} in ${locale}: labels never overlap, repeat or leave the plot, from 200 to 1300 px`, () => {
        for (const width of WIDTHS) {
          const ticks = timeTicks({ ...span, width, measure, locale, timeZone: 'UTC' });
          expect(ticks.length, `${width} px`).toBeGreaterThanOrEqual(2);
          expect(overlaps(ticks), `${width} px: ${ticks.map((t) => t.label).join(' | ')}`).toBe(false);
          expect(new Set(ticks.map((t) => t.label)).size, `${width} px`).toBe(ticks.length);
          for (const tick of ticks) {
            expect(tick.x - measure(tick.label) / 2).toBeGreaterThanOrEqual(0);
            expect(tick.x + measure(tick.label) / 2).toBeLessThanOrEqual(width);
          }
        }
      });
    }
  }

  it('puts more labels on a wider plot, never fewer', () => {
    for (const span of Object.values(RANGES)) {
      const counts = WIDTHS.map((width) => timeTicks({ ...span, width, measure, locale: 'en-US', timeZone: 'UTC' }).length);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
    }
  });

  it('reads hours for a day, weekdays for a week, dates for a month and months for a year', () => {
    const labels = (range: keyof typeof RANGES, width: number) =>
      timeTicks({ ...RANGES[range], width, measure, locale: 'en-US', timeZone: 'UTC' }).map((t) => t.label);
    expect(labels('24h', 1300)).toContain('12:00 PM');
    expect(labels('7d', 1300)).toEqual(['20 Fri', '21 Sat', '22 Sun', '23 Mon', '24 Tue', '25 Wed', '26 Thu']);
    expect(labels('30d', 1300)).toContain('Nov 19');
    expect(labels('1y', 1300)).toEqual(['Dec', 'Jan 2026', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
  });

  it('falls on round marks of the local clock', () => {
    const ticks = timeTicks({ ...RANGES['24h'], width: 1300, measure, locale: 'en-US', timeZone: 'Asia/Tehran' });
    // Tehran is UTC+3:30: its whole hours are half past in UTC.
    for (const tick of ticks) expect(tick.t % HOUR).toBe(HOUR / 2);
  });

  it('keeps the last label inside the plot at 1440 px (the cut "06:00 A")', () => {
    const width = 1300;
    const ticks = timeTicks({ ...RANGES['24h'], width, measure, locale: 'en-US', timeZone: 'UTC' });
    const last = ticks.at(-1);
    expect(last && last.x + measure(last.label) / 2).toBeLessThanOrEqual(width);
  });

  it('chooses the unit from the span', () => {
    expect(tickUnit(DAY - 600)).toBe('time');
    expect(tickUnit(7 * DAY)).toBe('weekday');
    expect(tickUnit(30 * DAY)).toBe('date');
    expect(tickUnit(365 * DAY)).toBe('month');
  });

  it('gives nothing for an empty span or plot', () => {
    expect(timeTicks({ min: END, max: END, width: 500, measure, locale: 'en-US' })).toEqual([]);
    expect(timeTicks({ ...RANGES['7d'], width: 0, measure, locale: 'en-US' })).toEqual([]);
  });
});
