import { formatHashrate } from '@openpool/domain/format';
import { describe, expect, it } from 'vitest';
import { chartSummary } from './chart-summary';

const T = Date.UTC(2026, 10, 25, 8, 0) / 1000;

describe('chartSummary', () => {
  it('names the span, the latest value, and the lowest and highest with their times', () => {
    const summary = chartSummary(
      [
        { t: T, v: 2e18 },
        { t: T + 3600, v: 1.5e18 },
        { t: T + 7200, v: 3e18 },
        { t: T + 10_800, v: 2.88e18 },
      ],
      formatHashrate,
      'en-US',
    );
    // Each figure sits in a first-strong isolate (U+2068 … U+2069).
    const plain =
      summary && Object.fromEntries(Object.entries(summary).map(([key, text]) => [key, text.replace(/[\u2068\u2069]/g, '')]));
    expect(summary?.latest).toBe('\u20682.88 EH/s\u2069');
    expect(plain).toEqual({
      from: 'Nov 25, 8:00 AM UTC',
      to: 'Nov 25, 11:00 AM UTC',
      latest: '2.88 EH/s',
      lowest: '1.50 EH/s (Nov 25, 9:00 AM UTC)',
      highest: '3.00 EH/s (Nov 25, 10:00 AM UTC)',
    });
  });

  it('has nothing to say about fewer than two points', () => {
    expect(chartSummary([{ t: T, v: 1 }], formatHashrate, 'en-US')).toBeNull();
  });
});
