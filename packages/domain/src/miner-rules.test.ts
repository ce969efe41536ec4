import { describe, expect, it } from 'vitest';
import { isMining, isOutOfDate, mainScheme, OFFLINE_AFTER_S, payoutEta, payoutStatus, workerStatus } from './miner-rules.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('miner rules', () => {
  it('calls a worker offline after 20 minutes without a share, online before', () => {
    expect(OFFLINE_AFTER_S).toBe(1200);
    expect(workerStatus(NOW - 1_199_000, NOW)).toBe('online');
    expect(workerStatus(NOW - 1_200_000, NOW)).toBe('offline');
  });

  it('says a miner with no worker online is out of date and not mining', () => {
    expect(isOutOfDate({ workers_online: 0 })).toBe(true);
    expect(isMining({ workers_online: 0, hashrate_10m: 5e9 })).toBe(false);
    expect(isMining({ workers_online: 2, hashrate_10m: 0 })).toBe(false);
    expect(isMining({ workers_online: 2, hashrate_10m: 5e9 })).toBe(true);
  });

  it('gives no payout estimate at 0 H/s, whatever the last week earned', () => {
    expect(payoutEta('0.5', '1', '7', false)).toEqual({ kind: 'not-mining' });
    // 0.5 to go at 1 a day: half a day.
    expect(payoutEta('0.5', '1', '7', true)).toEqual({ kind: 'in', seconds: 43_200 });
    expect(payoutEta('1', '1', '7', false)).toEqual({ kind: 'reached' });
    expect(payoutEta('0.5', '1', '0', true)).toEqual({ kind: 'no-rate' });
  });

  it('takes PPS+ as the main scheme where offered, else the first listed', () => {
    expect(mainScheme(['prop', 'pps', 'solo'])).toBe('pps');
    expect(mainScheme(['prop', 'solo'])).toBe('prop');
    expect(mainScheme([])).toBe('pps');
  });

  it('calls a payout Paid once sent and, where the chain is followed, in a block', () => {
    expect(payoutStatus({ status: 'paid', confirmations: null })).toBe('Paid');
    expect(payoutStatus({ status: 'paid', confirmations: 0 })).toBe('Unpaid');
    expect(payoutStatus({ status: 'paid', confirmations: 3 })).toBe('Paid');
    expect(payoutStatus({ status: 'unpaid', confirmations: null })).toBe('Unpaid');
  });
});
