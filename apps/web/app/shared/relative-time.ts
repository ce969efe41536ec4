/**
 * A localised "5 minutes ago" measured against a fixed reference time (the stats' own
 * `updated_at`), so the server and the browser render the same text and hydration matches.
 */
import { GROUP_SEPARATOR } from '@openpool/domain/format';
import { dateTimeFormat, relativeTimeFormat } from '@openpool/domain/intl';
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

export function relativeTime(unixSeconds: number, nowSeconds: number, iso: string): string {
  const delta = unixSeconds - nowSeconds;
  const format = relativeTimeFormat(iso, { numeric: 'auto', style: 'long' });
  for (const [unit, seconds] of UNITS) {
    // Grouped like every figure: '1 213 days ago', not Intl's '1,213 days ago' (decision 002, addendum).
    if (Math.abs(delta) >= seconds || unit === 'second')
      return format
        .formatToParts(Math.round(delta / seconds), unit)
        .map((part) => (part.type === 'group' ? GROUP_SEPARATOR : part.value))
        .join('');
  }
  return format.format(0, 'second');
}

export function formatDateTime(unixSeconds: number, iso: string): string {
  return dateTimeFormat(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(unixSeconds * 1000));
}
