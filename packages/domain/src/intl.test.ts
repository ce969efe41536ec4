import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules, relativeTimeFormat, withLatinDigits } from './intl.ts';

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

describe('one digit system (decision 002)', () => {
  it("writes Latin digits in Persian, with the language's own words", () => {
    const date = new Date(Date.UTC(2026, 10, 21, 14, 5));
    const day = dateTimeFormat('fa', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    expect(day).toMatch(/[0-9]/);
    expect(day).not.toMatch(/[\u06F0-\u06F9\u0660-\u0669]/);
    expect(relativeTimeFormat('fa').format(-5, 'minute')).toMatch(/^5 [\u0600-\u06FF ]+$/);
    expect(numberFormat('fa', { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(4)).toMatch(/^4 /);
  });

  it('leaves a tag that already names its extensions alone', () => {
    expect(withLatinDigits('fa')).toEqual(['fa-u-nu-latn']);
    expect(withLatinDigits(['zh-CN', 'en'])).toEqual(['zh-CN-u-nu-latn', 'en-u-nu-latn']);
    expect(withLatinDigits('fa-u-nu-arabext')).toEqual(['fa-u-nu-arabext']);
  });
});
