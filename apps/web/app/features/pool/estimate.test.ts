import { describe, expect, it } from 'vitest';
import { estimateDailyCoins } from './estimate';

describe('estimateDailyCoins', () => {
  it('is the expected share of a day of blocks after the fee', () => {
    // 2^32 H/s on scrypt at difficulty 86400: one block a day; 6.25 x (1 - 2 %) = 6.125.
    expect(
      estimateDailyCoins({ net_difficulty: 86_400, block_reward: '6.25', fee: 0.02, algorithm: 'scrypt' }, 2 ** 32),
    ).toBeCloseTo(6.125, 9);
    // ethash quotes difficulty in hashes: 1 H/s at difficulty 86400 is one block a day.
    expect(estimateDailyCoins({ net_difficulty: 86_400, block_reward: '2', fee: 0, algorithm: 'ethash' }, 1)).toBeCloseTo(2, 9);
  });

  it('is null without network figures', () => {
    expect(estimateDailyCoins({ net_difficulty: 0, block_reward: '6.25', fee: 0.02, algorithm: 'scrypt' }, 1e9)).toBeNull();
    expect(estimateDailyCoins({ net_difficulty: 5, block_reward: '0', fee: 0.02, algorithm: 'scrypt' }, 1e9)).toBeNull();
  });
});
