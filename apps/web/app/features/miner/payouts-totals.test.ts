import { describe, expect, it } from 'vitest';
import { sumAmounts } from './payouts-totals';

describe('sumAmounts', () => {
  it('adds decimal strings exactly', () => {
    expect(sumAmounts(['0.1', '0.1', '0.1'])).toBe('0.3');
    expect(sumAmounts(['1.00000001', '2', '0.5'])).toBe('3.50000001');
  });

  it('is 0 for an empty page and keeps small amounts', () => {
    expect(sumAmounts([])).toBe('0');
    expect(sumAmounts(['0.00000001'])).toBe('0.00000001');
  });

  it('refuses what is not an amount', () => {
    expect(() => sumAmounts(['1e5'])).toThrow();
  });
});
