import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleWeights, timeWeightedDifficulty } from './network-difficulty.ts';

const HOUR = 3_600_000;
const MIN = 60_000;

describe('timeWeightedDifficulty', () => {
  it('weighs each sample by how long it held, the one in force at the start included', () => {
    // 100 from before the hour until :15, 200 from :15 to :45, 400 from :45 to the end:
    // (100 x 15 + 200 x 30 + 400 x 15) / 60 = 225.
    const samples = [
      { at: -10 * MIN, difficulty: 100 },
      { at: 15 * MIN, difficulty: 200 },
      { at: 45 * MIN, difficulty: 400 },
    ];
    expect(timeWeightedDifficulty(samples, 0, HOUR)).toBe(225);
    expect(sampleWeights(samples, 0, HOUR).map((w) => w.heldMs)).toEqual([15 * MIN, 30 * MIN, 15 * MIN]);
  });

  it('gives a burst of reports the minute it covered, not one vote each', () => {
    // The rvn case in miniature: 300 reports of a 55x lower difficulty in the last
    // minute, against 59 minutes of 1,000: the count-weighted mean fell ~47x, the
    // time-weighted one by 1/60 of the fall.
    const burst = Array.from({ length: 300 }, (_, i) => ({ at: 59 * MIN + i * 200, difficulty: 1000 / 55 }));
    const samples = [{ at: 0, difficulty: 1000 }, ...burst];
    const counted = samples.reduce((sum, s) => sum + s.difficulty, 0) / samples.length;
    expect(1000 / counted).toBeGreaterThan(40);
    expect(timeWeightedDifficulty(samples, 0, HOUR)).toBeGreaterThan(980 - 1000 / 60);
  });

  it('leaves out time before the first sample and answers null when nothing held', () => {
    expect(timeWeightedDifficulty([{ at: 30 * MIN, difficulty: 8 }], 0, HOUR)).toBe(8);
    expect(timeWeightedDifficulty([], 0, HOUR)).toBeNull();
    expect(timeWeightedDifficulty([{ at: HOUR, difficulty: 8 }], 0, HOUR)).toBeNull();
    expect(timeWeightedDifficulty([{ at: 0, difficulty: 8 }], HOUR, HOUR)).toBeNull();
  });

  it('is the same whatever order the samples come in, and two at one instant: the later in the list holds', () => {
    const samples = [
      { at: 20 * MIN, difficulty: 5 },
      { at: 0, difficulty: 1 },
      { at: 20 * MIN, difficulty: 7 },
    ];
    // 1 for 20 minutes, 7 for 40: (20 + 280) / 60 = 5.
    expect(timeWeightedDifficulty(samples, 0, HOUR)).toBe(5);
    expect(timeWeightedDifficulty([...samples].reverse().slice(1).concat(samples[2]!), 0, HOUR)).toBe(5);
  });

  it('lies between the lowest and highest sample that held, and the weights add up to the covered time', () => {
    const sample = fc.record({
      at: fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
      difficulty: fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 40 }), (samples) => {
        const weights = sampleWeights(samples, 0, HOUR);
        const value = timeWeightedDifficulty(samples, 0, HOUR);
        if (weights.length === 0) return value === null;
        const held = weights.filter((w) => w.heldMs > 0).map((w) => w.difficulty);
        const firstAt = Math.max(0, Math.min(...samples.map((s) => s.at)));
        expect(weights.reduce((sum, w) => sum + w.heldMs, 0)).toBe(HOUR - firstAt);
        expect(value!).toBeGreaterThanOrEqual(Math.min(...held) * (1 - 1e-12));
        expect(value!).toBeLessThanOrEqual(Math.max(...held) * (1 + 1e-12));
        return true;
      }),
    );
  });
});
