/** The hardware pages' figures: grouped and spelled like every figure of the site (decision 002, addendum). */
import { describe, expect, it } from 'vitest';
import { formatEfficiency, formatPower } from './figures';

const NNBSP = '\u202F';

describe('formatEfficiency', () => {
  it('writes joules per hash at the hashrate unit, two decimals', () => {
    expect(formatEfficiency(3510, 234e12)).toBe('15.00 J/TH');
    expect(formatEfficiency(120, 61e6)).toBe('1.97 J/MH');
    expect(formatEfficiency(500, 1e3)).toBe('500.00 J/KH');
  });

  it('groups thousands with a narrow no-break space, as formatInteger and formatAmount do', () => {
    expect(formatEfficiency(1265.31, 1e9)).toBe(`1${NNBSP}265.31 J/GH`);
    expect(formatEfficiency(1_234_567.891, 1)).toBe(`1${NNBSP}234${NNBSP}567.89 J/H`);
    // Below a thousand nothing is grouped; the power beside it groups the same way.
    expect(formatEfficiency(999.994, 1e12)).toBe('999.99 J/TH');
    expect(formatPower(3510)).toBe(`3${NNBSP}510 W`);
  });

  it('rounds up into a group without losing the decimals', () => {
    expect(formatEfficiency(999.996, 1e12)).toBe(`1${NNBSP}000.00 J/TH`);
  });

  it('is a dash without a power or a hashrate', () => {
    expect(formatEfficiency(0, 1)).toBe('–');
    expect(formatEfficiency(100, 0)).toBe('–');
    expect(formatEfficiency(Number.NaN, 1e12)).toBe('–');
    expect(formatEfficiency(100, Number.POSITIVE_INFINITY)).toBe('–');
  });
});
