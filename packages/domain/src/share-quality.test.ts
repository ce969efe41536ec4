import { describe, expect, it } from 'vitest';
import { staleRateFarAbove, windowQuality } from './share-quality.ts';

describe('share quality rules', () => {
  it('gives rates by count, and no rate at all without shares', () => {
    expect(windowQuality({ valid: 90, stale: 8, invalid: 2 })).toEqual({
      valid: 90,
      stale: 8,
      invalid: 2,
      stale_rate: 0.08,
      invalid_rate: 0.02,
    });
    expect(windowQuality({ valid: 0, stale: 0, invalid: 0 }).stale_rate).toBeNull();
    // By work: one stale share of difficulty 10 beside one valid event folding 990 is 1 % stale, not half.
    expect(windowQuality({ valid: 1, stale: 1, invalid: 0 }, { valid: 990, stale: 10, invalid: 0 }).stale_rate).toBe(0.01);
  });

  it('hints only when the stale rate is both three times the pool’s and two points above it, over enough shares', () => {
    const pool = windowQuality({ valid: 990, stale: 10, invalid: 0 }); // 1 %
    const worker = (stale: number, total = 100) => windowQuality({ valid: total - stale, stale, invalid: 0 });
    expect(staleRateFarAbove(worker(3), pool)).toBe(true); // 3 %: 3 x 1 % and 1 + 2 points
    expect(staleRateFarAbove(worker(2), pool)).toBe(false); // 2 %: twice the pool's
    expect(staleRateFarAbove(worker(5, 40), pool)).toBe(false); // 12.5 %, but 40 shares say too little
    const quietPool = windowQuality({ valid: 1000, stale: 1, invalid: 0 }); // 0.1 %
    expect(staleRateFarAbove(worker(1), quietPool)).toBe(false); // 1 %: ten times, but under 2 points above
    expect(staleRateFarAbove(worker(3), windowQuality({ valid: 0, stale: 0, invalid: 0 }))).toBe(true);
  });
});
