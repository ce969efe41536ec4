/** The simulator's reported hashrates (decision 023): most rigs honest, some silent, a few not. */
import { describe, expect, it } from 'vitest';
import { hash } from './random.ts';
import { claimFactor } from './shares.ts';

describe('simulated hashrate reports', () => {
  it('has silent, honest, overstating and half-reporting rigs in about the planned shares', () => {
    const factors = Array.from({ length: 20_000 }, (_, i) => claimFactor(hash(i, 29)));
    const share = (test: (factor: number | null) => boolean) => factors.filter(test).length / factors.length;
    expect(share((f) => f === null)).toBeCloseTo(0.3, 1);
    expect(share((f) => f === 1)).toBeCloseTo(0.63, 1);
    expect(share((f) => f !== null && f >= 1.25 && f <= 1.6)).toBeGreaterThan(0.03);
    expect(share((f) => f === 0.5)).toBeGreaterThan(0.02);
    // A worker keeps its profile: the same key, the same factor.
    expect(claimFactor(hash(7, 29))).toBe(claimFactor(hash(7, 29)));
  });
});
