import { describe, expect, it } from 'vitest';
import { withIdleSteps } from './idle-steps';

const point = (t: number, hashrate: number) => ({ t, hashrate, valid: 3, stale: 0, invalid: 0 });

describe('withIdleSteps', () => {
  it('draws an outage between two points as zero points, one a step, instead of a slope across it', () => {
    const chart = { range: '24h', step: 600, points: [point(6000, 8), point(6600, 8), point(9000, 7), point(9600, 7)] };
    const filled = withIdleSteps(chart);
    expect(filled.points.map((p) => [p.t, p.hashrate])).toEqual([
      [6000, 8],
      [6600, 8],
      [7200, 0],
      [7800, 0],
      [8400, 0],
      [9000, 7],
      [9600, 7],
    ]);
    expect(filled.points[2]).toEqual({ t: 7200, hashrate: 0, valid: 0, stale: 0, invalid: 0 });
    // The rest of the answer (the worker row, the range) is kept.
    expect(filled.range).toBe('24h');
  });

  it('leaves a chart without gaps, an empty one and one off the step grid as the API sent it', () => {
    const whole = { step: 600, points: [point(600, 1), point(1200, 2)] };
    expect(withIdleSteps(whole)).toBe(whole);
    const empty = { step: 600, points: [] };
    expect(withIdleSteps(empty)).toBe(empty);
    const offGrid = { step: 600, points: [point(600, 1), point(1500, 2)] };
    expect(withIdleSteps(offGrid)).toBe(offGrid);
    const offGridLater = { step: 600, points: [point(600, 1), point(1800, 2), point(2500, 2)] };
    expect(withIdleSteps(offGridLater)).toBe(offGridLater);
  });

  it('never builds more than a range of points from odd data', () => {
    const far = { step: 600, points: [point(0, 1), point(600 * 100_000, 1)] };
    expect(withIdleSteps(far)).toBe(far);
  });
});
