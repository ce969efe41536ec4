import { describe, expect, it } from 'vitest';
import { hashrateFromShares } from './mining.ts';

describe('hashrateFromShares', () => {
  it('turns 600 s of shares summing to 2^20 at 2^32 hashes each into 2^52 / 600 H/s', () => {
    expect(hashrateFromShares(2 ** 20, 2 ** 32, 600)).toBe(2 ** 52 / 600);
    expect(hashrateFromShares(2 ** 20, 2 ** 32, 600)).toBeCloseTo(7_505_999_378_950.83, 1);
  });

  it('counts RandomX difficulty in hashes: 60 000 difficulty over 600 s is 100 H/s', () => {
    expect(hashrateFromShares(60_000, 1, 600)).toBe(100);
  });

  it.each([
    [0, 2 ** 32, 600],
    [-1, 2 ** 32, 600],
    [1000, 2 ** 32, 0],
    [1000, 2 ** 32, -600],
    [Number.NaN, 2 ** 32, 600],
  ])('is 0 H/s for difficulty %s, %s hashes each, over %s s', (difficulty, hashes, seconds) => {
    expect(hashrateFromShares(difficulty, hashes, seconds)).toBe(0);
  });
});
