import { describe, expect, it } from 'vitest';
import { CHART_RANGES } from '@openpool/domain/api-constants';
import { rangePlan } from './windows.ts';

describe('rangePlan', () => {
  // 2026-11-26 13:47:12 UTC: mid-hour, mid-day, mid-4-hour bucket.
  const now = Date.UTC(2026, 10, 26, 13, 47, 12);

  it.each(CHART_RANGES)('%s: whole buckets only, the last one complete before now', (range) => {
    const plan = rangePlan(range, now);
    expect(plan.from % plan.step).toBe(0);
    expect(plan.to % plan.step).toBe(0);
    expect(plan.to).toBeLessThanOrEqual(now / 1000);
    expect(now / 1000 - plan.to).toBeLessThan(plan.step + 600);
  });

  it('ends the 1-year chart at the last midnight and the 30-day chart at the last 4-hour mark', () => {
    expect(new Date(rangePlan('1y', now).to * 1000).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(new Date(rangePlan('30d', now).to * 1000).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(new Date(rangePlan('7d', now).to * 1000).toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(new Date(rangePlan('24h', now).to * 1000).toISOString()).toBe('2026-11-26T13:40:00.000Z');
  });

  it('spans the range it names', () => {
    const days = (range: (typeof CHART_RANGES)[number]) => {
      const plan = rangePlan(range, now);
      return (plan.to - plan.from) / 86_400;
    };
    expect([days('24h'), days('7d'), days('30d'), days('1y')]).toEqual([1, 7, 30, 365]);
  });
});
