import { describe, expect, it } from 'vitest';
import { estimateDailyCoins } from './estimate';

const scrypt = { net_difficulty: 86_400, block_reward: '6.25', algorithm: 'scrypt' };

describe('estimateDailyCoins', () => {
  it('is the expected share of a day of blocks after the fee', () => {
    // 2^32 H/s on scrypt at difficulty 86400: one block a day; 6.25 x (1 - 2 %) = 6.125.
    expect(estimateDailyCoins({ ...scrypt, schemes: ['pps'], fees: { pps: 0.02 } }, 2 ** 32)).toBeCloseTo(6.125, 9);
    // ethash quotes difficulty in hashes: 1 H/s at difficulty 86400 is one block a day.
    expect(
      estimateDailyCoins(
        { net_difficulty: 86_400, block_reward: '2', algorithm: 'ethash', schemes: ['pps'], fees: { pps: 0 } },
        1,
      ),
    ).toBeCloseTo(2, 9);
  });

  it("quotes PPS+ like the API's daily revenue even when it is not the first scheme", () => {
    const stats = { ...scrypt, schemes: ['prop', 'pps'], fees: { prop: 0.01, pps: 0.02 } };
    expect(estimateDailyCoins(stats, 2 ** 32)).toBeCloseTo(6.125, 9);
  });

  it('is null without network figures', () => {
    const fees = { schemes: ['pps'], fees: { pps: 0.02 } };
    expect(estimateDailyCoins({ ...scrypt, ...fees, net_difficulty: 0 }, 1e9)).toBeNull();
    expect(estimateDailyCoins({ ...scrypt, ...fees, block_reward: '0' }, 1e9)).toBeNull();
  });
});
