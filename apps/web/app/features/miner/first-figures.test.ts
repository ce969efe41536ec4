import { describe, expect, it } from 'vitest';
import { firstFigures } from './first-figures';

describe('when a new miner’s first figures appear', () => {
  it('is the end of the 10-minute interval of the first share, and a day later for the 24-hour average', () => {
    const first = Date.UTC(2026, 10, 20, 12, 3, 10) / 1000;
    expect(firstFigures(first, first + 60)).toEqual({ firstAt: Date.UTC(2026, 10, 20, 12, 10) / 1000, fullAt: first + 86_400 });
    // A share on the boundary opens the interval that ends 10 minutes later.
    const onBoundary = Date.UTC(2026, 10, 20, 12, 10) / 1000;
    expect(firstFigures(onBoundary, onBoundary)?.firstAt).toBe(onBoundary + 600);
    expect(firstFigures(first, first + 4 * 3600)).toBeNull();
  });
});
