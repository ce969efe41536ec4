import { describe, expect, it } from 'vitest';
import {
  accountedDifficulty,
  bitsToTarget,
  NODE_DIFF1,
  shareTarget,
  STRATUM_DIFF1,
  targetToStratumDifficulty,
} from './target.ts';

describe('targets and difficulties', () => {
  it('decodes compact bits', () => {
    expect(bitsToTarget('1d00ffff')).toBe(NODE_DIFF1);
    expect(bitsToTarget('1e0ffff0')).toBe(0x0ffff0n << 216n);
    expect(bitsToTarget('207fffff')).toBe(0x7fffffn << 232n);
  });

  it('uses the cpuminer/cgminer scrypt convention: target = 0xffff * 2^224 / difficulty', () => {
    expect(shareTarget(1)).toBe(STRATUM_DIFF1);
    expect(shareTarget(2)).toBe(STRATUM_DIFF1 / 2n);
    expect(shareTarget(65536)).toBe(NODE_DIFF1);
    expect(shareTarget(1 / 4096)).toBe(STRATUM_DIFF1 * 4096n);
    // A difficulty that is not a power of two, exact to the last bit of a 64-bit fixed point.
    expect(shareTarget(3)).toBe((STRATUM_DIFF1 * (1n << 64n)) / (3n << 64n));
  });

  it('puts the network difficulty of Litecoin mainnet genesis at 2^-4 node difficulty', () => {
    const genesis = bitsToTarget('1e0ffff0');
    expect(targetToStratumDifficulty(genesis)).toBeCloseTo(65536 / 4096 / 0.999985, 3);
    expect(accountedDifficulty(targetToStratumDifficulty(genesis))).toBeCloseTo(0.000244, 6);
  });

  it('refuses a difficulty that is not a positive number', () => {
    expect(() => shareTarget(0)).toThrow();
    expect(() => shareTarget(Number.NaN)).toThrow();
  });
});
