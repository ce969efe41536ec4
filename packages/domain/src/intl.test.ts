import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules, relativeTimeFormat } from './intl.ts';

describe('memoised Intl formatters', () => {
  it('gives the same formatter for the same locale and options, another for other options', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).toBe(numberFormat('en-US', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 1 }));
    expect(numberFormat('de-DE')).not.toBe(numberFormat('en-US'));
  });

  it('formats as a fresh formatter would', () => {
    expect(numberFormat('de-DE', { minimumFractionDigits: 2 }).format(1234.5)).toBe(
      new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(1234.5),
    );
    expect(relativeTimeFormat('ru', { numeric: 'auto' }).format(-1, 'day')).toBe('вчера');
    expect(dateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' }).format(new Date(0))).toBe('1970');
    expect(pluralRules('ru').select(3)).toBe('few');
  });
});
