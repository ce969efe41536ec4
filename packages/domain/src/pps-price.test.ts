import { describe, expect, it } from 'vitest';
import { ppsHourPrice, weightedDifficulty } from './pps-price.ts';

const HOUR = 3_600_000;
const H = Date.UTC(2026, 10, 28, 10);
const sample = (at: number, difficulty: number, reward = '625000000') => ({ at, difficulty, reward });

describe('ppsHourPrice', () => {
  it('prices an hour by the mean of its own samples and its latest subsidy, and publishes each sample with its weight', () => {
    const price = ppsHourPrice(H, [
      sample(H - 60_000, 9999),
      sample(H + 60_000, 1000.5),
      sample(H + 120_000, 1200.25, '312500000'),
    ]);
    expect(price).toEqual({
      hour: H / 1000,
      priced_by: H / 1000,
      samples: [
        { at: H + 60_000, difficulty: '1000.5', weight: '1' },
        { at: H + 120_000, difficulty: '1200.25', weight: '1' },
      ],
      difficulty: String((1000.5 + 1200.25) / 2),
      reward: '312500000',
    });
  });

  it('falls back to the hour before when its own has no sample, and gives nothing when neither has', () => {
    expect(ppsHourPrice(H, [sample(H - 30 * 60_000, 800)])).toMatchObject({ priced_by: (H - HOUR) / 1000, difficulty: '800' });
    expect(ppsHourPrice(H, [sample(H - 2 * HOUR, 800), sample(H + HOUR, 900)])).toBeNull();
  });

  it('weighs samples by their weights and ignores those without weight or difficulty', () => {
    expect(
      weightedDifficulty([
        { difficulty: 100, weight: 3 },
        { difficulty: 200, weight: 1 },
        { difficulty: 5, weight: 0 },
      ]),
    ).toBe(125);
    expect(weightedDifficulty([{ difficulty: 0, weight: 1 }])).toBe(0);
  });
});
