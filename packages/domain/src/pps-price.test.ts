import { describe, expect, it } from 'vitest';
import { timeWeightedDifficulty } from './network-difficulty.ts';
import { ppsHourPrice, weightedDifficulty } from './pps-price.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const H = 100 * HOUR;

describe('ppsHourPrice (decision 029)', () => {
  it('weighs each sample by the ms it held in the hour, the one in force at its start included', () => {
    const samples = [
      { at: H - 20 * MIN, difficulty: 100, reward: '625000000' },
      { at: H + 15 * MIN, difficulty: 200, reward: '625000000' },
      { at: H + 45 * MIN, difficulty: 400, reward: '312500000' },
    ];
    const price = ppsHourPrice(H, samples)!;
    expect(price.samples).toEqual([
      { at: H - 20 * MIN, difficulty: '100', weight: String(15 * MIN) },
      { at: H + 15 * MIN, difficulty: '200', weight: String(30 * MIN) },
      { at: H + 45 * MIN, difficulty: '400', weight: String(15 * MIN) },
    ]);
    // (100 x 15 + 200 x 30 + 400 x 15) / 60; the subsidy of the last sample that held.
    expect(price).toMatchObject({ hour: H / 1000, priced_by: H / 1000, difficulty: '225', reward: '312500000' });
    // The audit verifier's recomputation from the published weights, and the pure rule, agree to the bit.
    const published = price.samples.map((s) => ({ difficulty: Number(s.difficulty), weight: Number(s.weight) }));
    expect(String(weightedDifficulty(published))).toBe(price.difficulty);
    expect(String(timeWeightedDifficulty(samples, H, H + HOUR))).toBe(price.difficulty);
  });

  it('prices an hour without samples by the one in force, from the hour before at most', () => {
    const carried = ppsHourPrice(H, [{ at: H - 30 * MIN, difficulty: 7, reward: '1' }])!;
    expect(carried).toMatchObject({ priced_by: (H - HOUR) / 1000, difficulty: '7' });
    expect(carried.samples).toEqual([{ at: H - 30 * MIN, difficulty: '7', weight: String(HOUR) }]);
    // Older than the hour before: too stale to price by; the shares wait.
    expect(ppsHourPrice(H, [{ at: H - 61 * MIN, difficulty: 7, reward: '1' }])).toBeNull();
    expect(ppsHourPrice(H, [])).toBeNull();
  });

  it('gives a burst of reports at the hour’s end the time it covered', () => {
    const samples = [
      { at: H - MIN, difficulty: 1000, reward: '1' },
      ...Array.from({ length: 300 }, (_, i) => ({ at: H + 59 * MIN + i * 100, difficulty: 1000 / 55, reward: '1' })),
    ];
    const difficulty = Number(ppsHourPrice(H, samples)!.difficulty);
    expect(difficulty).toBeCloseTo((59 * 1000 + 1000 / 55) / 60, 6);
  });
});
