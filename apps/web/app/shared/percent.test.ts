import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it('shows a fraction as a percentage with up to two decimals, localised', () => {
    expect(formatPercent(0.0427, 'en')).toBe('4.27%');
    expect(formatPercent(0.5, 'en')).toBe('50%');
    expect(formatPercent(0.123456, 'de')).toMatch(/^12,35\s%$/u);
  });

  it('takes fewer decimals when the figure asks (effort: one)', () => {
    expect(formatPercent(1.23456, 'en', 1)).toBe('123.5%');
  });

  it('says no figure for null and reads a non-finite fraction as 0', () => {
    expect(formatPercent(null, 'en')).toBe('—');
    expect(formatPercent(undefined, 'en')).toBe('—');
    expect(formatPercent(Number.NaN, 'en')).toBe('0%');
  });
});
