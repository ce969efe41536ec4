import { describe, expect, it } from 'vitest';
import { formatDuration, payoutEta } from './payout-eta';

describe('payoutEta', () => {
  it('is reached when the balance is at or above the threshold', () => {
    expect(payoutEta('0.1', '0.1', '1', true)).toEqual({ kind: 'reached' });
  });
  it('has no rate without rewards in the last 7 days', () => {
    expect(payoutEta('0', '0.1', '0', true)).toEqual({ kind: 'no-rate' });
  });
  it('gives no estimate at 0 H/s, however much the last 7 days paid', () => {
    expect(payoutEta('0.25', '0.75', '7', false)).toEqual({ kind: 'not-mining' });
    expect(payoutEta('0.75', '0.75', '7', false)).toEqual({ kind: 'reached' });
  });
  it('divides what is missing by the 7-day reward per day', () => {
    // 0.5 missing at 7 / 7 = 1 a day: half a day.
    expect(payoutEta('0.25', '0.75', '7', true)).toEqual({ kind: 'in', seconds: 43_200 });
  });
});

describe('formatDuration', () => {
  it('picks minutes, hours or days and rounds up', () => {
    expect(formatDuration(90, 'en')).toBe('2 minutes');
    expect(formatDuration(3_601, 'en')).toBe('2 hours');
    expect(formatDuration(3 * 86_400, 'en')).toBe('3 days');
  });
});
