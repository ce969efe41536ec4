/**
 * Where a time axis puts its labels and what they say: a pure function of the plot's width and
 * the time span, so that from a 320 px phone to a 1440 px desktop no two labels overlap, every
 * label sits wholly inside the plot, and no label repeats (not '12:00 PM06:00 PM',
 * a cut '06:00 A', 'Nov 19 Nov 19 Nov 19').
 *
 * The unit of the labels follows the span: a day or less reads in hours, up to about two weeks
 * in weekdays with the date, up to about half a year in dates, longer in months. Each of these
 * names a tick uniquely within its span, and the step is the smallest whose labels fit.
 */
import { dateTimeFormat } from '@openpool/domain/intl';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export type TickUnit = 'time' | 'weekday' | 'date' | 'month';

export interface TimeTick {
  /** Unix seconds. */
  t: number;
  label: string;
  /** Distance from the plot's left edge, CSS px. */
  x: number;
}

export interface TimeTickOptions {
  /** First and last time of the axis, unix seconds. */
  min: number;
  max: number;
  /** Width of the plot area, CSS px. */
  width: number;
  /** Width of a label in the axis font, CSS px. */
  measure: (label: string) => number;
  /** BCP 47 tag for the labels. */
  locale: string;
  /** IANA time zone of the labels; the runtime's own when absent (the browser's, on a chart). */
  timeZone?: string;
  /** Minimum gap between two labels, CSS px. */
  gap?: number;
}

/** Steps tried for each unit, smallest first; months are calendar months (30 days stands for one). */
const STEPS: Record<TickUnit, readonly number[]> = {
  time: [10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR],
  weekday: [DAY, 2 * DAY, 7 * DAY],
  date: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 60 * DAY, 90 * DAY],
  month: [30 * DAY, 60 * DAY, 90 * DAY, 180 * DAY, 365 * DAY],
};

/** The unit that names every tick of a span uniquely. */
export function tickUnit(spanSeconds: number): TickUnit {
  // Within a day an hour of the day hardly comes twice (the one that could is left out); a
  // weekday with its date not within four weeks; a month with its day not within a year.
  if (spanSeconds < DAY + HOUR) return 'time';
  if (spanSeconds <= 16 * DAY) return 'weekday';
  if (spanSeconds <= 200 * DAY) return 'date';
  return 'month';
}

/**
 * The chosen labels: the smallest step whose labels fit side by side inside the plot, in the
 * unit's full form ('12:00 PM', '26 Thu') or, when even its widest step leaves fewer than two
 * labels, its short one ('12 PM', '26').
 */
export function timeTicks(options: TimeTickOptions): TimeTick[] {
  const { min, max, width, measure, gap = 12 } = options;
  if (!(max > min) || width <= 0) return [];
  const unit = tickUnit(max - min);
  const offset = utcOffset(options.timeZone);
  let best: TimeTick[] = [];
  for (const label of labellers(unit, options.locale, options.timeZone)) {
    for (const step of STEPS[unit]) {
      const ticks: TimeTick[] = [];
      const seen = new Set<string>();
      for (const t of alignedTimes(min, max, step, offset)) {
        const text = label(t);
        // Never the same label twice ('Nov 19 Nov 19 Nov 19'): the later one goes.
        if (seen.has(text)) continue;
        seen.add(text);
        const x = ((t - min) / (max - min)) * width;
        const half = measure(text) / 2;
        // A label that would stick out of the plot is left out, never cut (the '06:00 A' at 1440 px).
        if (x - half < 0 || x + half > width) continue;
        ticks.push({ t, label: text, x });
      }
      const fits = ticks.every((tick, i) => {
        const next = ticks[i + 1];
        return !next || tick.x + measure(tick.label) / 2 + gap <= next.x - measure(next.label) / 2;
      });
      if (fits && ticks.length >= 2) return ticks;
      // The widest steps of a very narrow plot may fit one label only: better than none.
      if (fits && ticks.length > best.length) best = ticks;
    }
  }
  return best;
}

/** Local wall-clock offset of a time zone at a moment, seconds east of UTC. */
function utcOffset(timeZone: string | undefined): (t: number) => number {
  if (timeZone === undefined) return (t) => -new Date(t * 1000).getTimezoneOffset() * MINUTE;
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (t) => {
    const field = (type: string) => Number(parts.formatToParts(new Date(t * 1000)).find((p) => p.type === type)?.value);
    const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
    return Math.round(wall / 1000 - t);
  };
}

/**
 * Times from `min` to `max` on the local clock's round marks: hours and minutes for steps under
 * a day, local midnights for days, the first of the month for months.
 */
function alignedTimes(min: number, max: number, step: number, offset: (t: number) => number): number[] {
  const times: number[] = [];
  if (step < 28 * DAY) {
    // Days and shorter steps count from the local epoch, so 3-hour marks fall on 00, 03, 06…
    const first = Math.ceil((min + offset(min)) / step) * step;
    for (let local = first; ; local += step) {
      const t = local - offset(local);
      if (t > max) break;
      if (t >= min) times.push(t);
    }
    return times;
  }
  const months = Math.round(step / (30 * DAY));
  const start = new Date((min + offset(min)) * 1000);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + 1;
  month = Math.ceil(month / months) * months;
  for (;;) {
    const local = Date.UTC(year, month, 1) / 1000;
    const t = local - offset(local);
    if (t > max) break;
    if (t >= min) times.push(t);
    month += months;
    if (month >= 12) {
      year += Math.floor(month / 12);
      month %= 12;
    }
  }
  return times;
}

/** Formats a tick's time for its unit, full form first, in the locale's words and Latin digits. */
export function labellers(unit: TickUnit, locale: string, timeZone?: string): ((t: number) => string)[] {
  const zone = timeZone ? { timeZone } : {};
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    const format = dateTimeFormat(locale, { ...options, ...zone });
    return (t: number) => format.format(t * 1000);
  };
  switch (unit) {
    case 'time':
      return [formatter({ hour: 'numeric', minute: '2-digit' }), formatter({ hour: 'numeric' })];
    case 'weekday':
      // A day of the month alone is still unique within the span (at most 16 days).
      return [formatter({ weekday: 'short', day: 'numeric' }), formatter({ day: 'numeric' })];
    case 'date':
      return [formatter({ month: 'short', day: 'numeric' })];
    case 'month': {
      // A calendar whose months do not start with the Gregorian ones (fa's Solar Hijri) names
      // the day too, or a label would sit ten days into the month it names.
      const gregorian = dateTimeFormat(locale, { month: 'short' }).resolvedOptions().calendar === 'gregory';
      const month = formatter(gregorian ? { month: 'short' } : { month: 'short', day: 'numeric' });
      const withYear = formatter(
        gregorian ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
      );
      const monthNumber = formatter({ month: 'numeric' });
      const januaryNumber = monthNumber(Date.UTC(2026, 0, 15) / 1000);
      // The year's first month names its year, so a year's span reads 'Nov Dec Jan 2027 Feb…'.
      const full = (t: number) => (monthNumber(t) === januaryNumber ? withYear(t) : month(t));
      return gregorian ? [full] : [full, formatter({ month: 'short' })];
    }
  }
}
