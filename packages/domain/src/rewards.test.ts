import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFee,
  blockEffort,
  difficultyWeight,
  effort,
  mergedBlockEffort,
  ppsCredit,
  propCredits,
  soloCredit,
  splitProportionally,
} from './rewards.ts';

const NUM_RUNS = { numRuns: 300 };

const amount = fc.bigInt({ min: 0n, max: 10n ** 24n });
const feePpm = fc.integer({ min: 0, max: 500_000 });
/** Share weights in atto-difficulty; zero is common (a miner with only stale shares). */
const weight = fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 1000n }));
const weights = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), weight), {
  selector: ([key]) => key,
  maxLength: 20,
});

function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

describe('propCredits', () => {
  it('pays a 1 000 000-unit block at 1 % fee 742 500 / 247 500 for weights 3:1', () => {
    const result = propCredits(1_000_000n, 10_000, [
      ['a', 3n],
      ['b', 1n],
    ]);
    expect(result.credits).toEqual(
      new Map([
        ['a', 742_500n],
        ['b', 247_500n],
      ]),
    );
    expect(result.remainder).toBe(0n);
    expect(result.poolCut).toBe(10_000n);
  });

  it('leaves what flooring loses to the pool: 100 units over three equal miners', () => {
    const result = propCredits(100n, 0, [
      ['a', 1n],
      ['b', 1n],
      ['c', 1n],
    ]);
    expect([...result.credits.values()]).toEqual([33n, 33n, 33n]);
    expect(result.remainder).toBe(1n);
    expect(result.poolCut).toBe(1n);
  });

  it('credits plus remainder sum exactly to reward x (1 - fee), and credits plus pool cut to the reward', () => {
    fc.assert(
      fc.property(amount, feePpm, weights, (reward, fee, ws) => {
        const result = propCredits(reward, fee, ws);
        const credited = sum(result.credits.values());
        expect(credited + result.remainder).toBe(afterFee(reward, fee));
        expect(credited + result.poolCut).toBe(reward);
        expect(result.remainder).toBeGreaterThanOrEqual(0n);
        expect(result.poolCut).toBeGreaterThanOrEqual(0n);
      }),
      NUM_RUNS,
    );
  });

  it('credits no one a negative amount and no one with zero weight', () => {
    fc.assert(
      fc.property(amount, feePpm, weights, (reward, fee, ws) => {
        const result = propCredits(reward, fee, ws);
        for (const credit of result.credits.values()) expect(credit).toBeGreaterThan(0n);
        for (const [key, w] of ws) if (w === 0n) expect(result.credits.has(key)).toBe(false);
      }),
      NUM_RUNS,
    );
  });

  it('never gives a miner with twice the weight less than a miner with the weight', () => {
    fc.assert(
      fc.property(amount, feePpm, weights, fc.bigInt({ min: 0n, max: 10n ** 18n }), (reward, fee, others, w) => {
        const ws: [string, bigint][] = [
          ...others.map(([key, v]): [string, bigint] => [`other:${key}`, v]),
          ['single', w],
          ['double', 2n * w],
        ];
        const { credits } = propCredits(reward, fee, ws);
        expect(credits.get('double') ?? 0n).toBeGreaterThanOrEqual(credits.get('single') ?? 0n);
      }),
      NUM_RUNS,
    );
  });

  it('gives everything to the pool when no one has any weight', () => {
    fc.assert(
      fc.property(amount, feePpm, fc.array(fc.string(), { maxLength: 5 }), (reward, fee, keys) => {
        const result = propCredits(
          reward,
          fee,
          keys.map((key) => [key, 0n] as const),
        );
        expect(result.credits.size).toBe(0);
        expect(result.remainder).toBe(afterFee(reward, fee));
        expect(result.poolCut).toBe(reward);
      }),
      NUM_RUNS,
    );
  });
});

describe('splitProportionally', () => {
  it('credits each key floor(total x weight / sum), exactly', () => {
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        const { credits } = splitProportionally(total, ws);
        const weightSum = sum(ws.map(([, w]) => w));
        for (const [key, w] of ws) {
          const expected = weightSum === 0n ? 0n : (total * w) / weightSum;
          expect(credits.get(key) ?? 0n).toBe(expected);
        }
      }),
      NUM_RUNS,
    );
  });

  it('loses less than one unit per paid key to flooring', () => {
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        const positive = ws.filter(([, w]) => w > 0n).length;
        fc.pre(positive > 0);
        const { remainder } = splitProportionally(total, ws);
        expect(remainder).toBeGreaterThanOrEqual(0n);
        expect(remainder).toBeLessThan(BigInt(positive));
      }),
      NUM_RUNS,
    );
  });

  it('ignores negative weights and adds up a key that appears twice', () => {
    const { credits, remainder } = splitProportionally(10n, [
      ['a', 1n],
      ['b', -5n],
      ['a', 1n],
      ['c', 2n],
    ]);
    expect(credits).toEqual(
      new Map([
        ['a', 4n],
        ['c', 5n],
      ]),
    );
    expect(remainder).toBe(1n);
  });

  it('pays nothing out of a zero or negative total', () => {
    expect(splitProportionally(0n, [['a', 1n]])).toEqual({ credits: new Map(), remainder: 0n });
    expect(splitProportionally(-5n, [['a', 1n]])).toEqual({ credits: new Map(), remainder: 0n });
  });
});

describe('afterFee', () => {
  it.each([
    [1_000_000n, 10_000, 990_000n],
    [999n, 10_000, 989n],
    [625_000_000n, 20_000, 612_500_000n],
    [1n, 500_000, 0n],
    [7n, 0, 7n],
    [0n, 10_000, 0n],
    [-100n, 10_000, 0n],
  ])('%s units at %s ppm -> %s', (input, fee, expected) => {
    expect(afterFee(input, fee)).toBe(expected);
  });

  it('stays between 0 and the amount', () => {
    fc.assert(
      fc.property(amount, feePpm, (value, fee) => {
        const net = afterFee(value, fee);
        expect(net).toBeGreaterThanOrEqual(0n);
        expect(net).toBeLessThanOrEqual(value);
      }),
      NUM_RUNS,
    );
  });

  it('never pays miners more when the fee is higher', () => {
    fc.assert(
      fc.property(amount, feePpm, feePpm, (value, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(afterFee(value, low)).toBeGreaterThanOrEqual(afterFee(value, high));
      }),
      NUM_RUNS,
    );
  });

  it('is what a solo finder gets', () => {
    expect(soloCredit(312_500_000n, 15_000)).toBe(307_812_500n);
  });
});

describe('ppsCredit', () => {
  /** Whole micro-difficulties (the accounting keeps atto-difficulty; see difficultyWeight). */
  const shareDifficulty = fc.integer({ min: 1, max: 1e12 }).map((micro) => micro / 1e6);
  const networkDifficulty = fc.double({ min: 1e-3, max: 1e15, noNaN: true });

  it.each([
    [1, 1, 625_000_000n, 20_000, 612_500_000n],
    [0.5, 2, 100n, 0, 25n],
    [2 ** 20, 2 ** 30, 312_500_000n, 10_000, 302_124n],
  ])('difficulty %s of network %s, subsidy %s, fee %s ppm -> %s', (d, network, subsidy, fee, expected) => {
    expect(ppsCredit(d, network, subsidy, fee)).toBe(expected);
  });

  it('pays nothing for no difficulty, no network difficulty or no subsidy', () => {
    expect(ppsCredit(0, 1000, 10n ** 8n, 0)).toBe(0n);
    expect(ppsCredit(-1, 1000, 10n ** 8n, 0)).toBe(0n);
    expect(ppsCredit(Number.NaN, 1000, 10n ** 8n, 0)).toBe(0n);
    expect(ppsCredit(1, 0, 10n ** 8n, 0)).toBe(0n);
    expect(ppsCredit(1, 1000, 0n, 0)).toBe(0n);
  });

  it('pays twice the difficulty twice the credit, give or take the one unit rounding drops', () => {
    fc.assert(
      fc.property(shareDifficulty, networkDifficulty, amount, feePpm, (d, network, subsidy, fee) => {
        const single = ppsCredit(d, network, subsidy, fee);
        const double = ppsCredit(2 * d, network, subsidy, fee);
        expect([2n * single, 2n * single + 1n]).toContain(double);
      }),
      NUM_RUNS,
    );
  });

  it('never pays more than subsidy x (1 - fee) for at most the network difficulty', () => {
    fc.assert(
      fc.property(
        networkDifficulty,
        fc.double({ min: 0, max: 1, noNaN: true }),
        amount,
        feePpm,
        (network, part, subsidy, fee) => {
          const credit = ppsCredit(network * part, network, subsidy, fee);
          expect(credit).toBeGreaterThanOrEqual(0n);
          expect(credit).toBeLessThanOrEqual(afterFee(subsidy, fee));
        },
      ),
      NUM_RUNS,
    );
  });

  it('pays exactly subsidy x (1 - fee) for a share of the network difficulty', () => {
    fc.assert(
      fc.property(networkDifficulty, amount, feePpm, (network, subsidy, fee) => {
        fc.pre(difficultyWeight(network) > 0n);
        expect(ppsCredit(network, network, subsidy, fee)).toBe(afterFee(subsidy, fee));
      }),
      NUM_RUNS,
    );
  });
});

describe('difficultyWeight', () => {
  it.each([
    [1, 10n ** 18n],
    [0.5, 5n * 10n ** 17n],
    [0.1, 10n ** 17n],
    [65_536, 65_536n * 10n ** 18n],
    [0.000001, 10n ** 12n],
    // A share at the pool's smallest stratum difficulty (2^-12) on Litecoin regtest: 2^-28.
    [2 ** -28, 3_725_290_298n],
    [1e-18, 1n],
    [4e-19, 0n],
    [5e-19, 1n],
    [1.5e21, 1_500n * 10n ** 36n],
    [0, 0n],
    [-1, 0n],
    [Number.NaN, 0n],
    [Number.POSITIVE_INFINITY, 0n],
  ])('%s -> %s atto-difficulty', (input, expected) => {
    expect(difficultyWeight(input)).toBe(expected);
  });
});

describe('effort', () => {
  it.each([
    [50, 100, 0.5],
    [150, 100, 1.5],
    [0, 100, 0],
    [1, 0, 0],
    [1, -5, 0],
    [1, Number.NaN, 0],
  ])('round %s over network %s -> %s', (round, network, expected) => {
    expect(effort(round, network)).toBe(expected);
  });
});

describe('blockEffort', () => {
  it.each([
    // An aux chain's round of 2.4e12 over its difficulty 3e12: 80 %.
    [2.4e12, 3e12, 0.8],
    [6e12, 3e12, 2],
    [0, 3e12, 0],
  ])('round %s over the chain at the block %s -> %s', (round, network, expected) => {
    expect(blockEffort(round, network)).toBe(expected);
  });

  it.each([
    [null, 3e12],
    [2.4e12, null],
    [2.4e12, 0],
    [2.4e12, -1],
    [2.4e12, Number.NaN],
    [2.4e12, Number.POSITIVE_INFINITY],
    [Number.NaN, 3e12],
    [-1, 3e12],
  ])('round %s, chain %s: unknown (null), never a false 0', (round, network) => {
    expect(blockEffort(round, network)).toBeNull();
  });
});

describe('blockEffort counted by the share of blocks merge mining can find', () => {
  it.each([
    // A third of a 2.4e12 round over 1e12: 80 %.
    [2.4e12, 1e12, 1 / 3, 0.8],
    [3e12, 1e12, 1 / 3, 1],
    [2.4e12, 3e12, 1, 0.8],
  ])('round %s over %s, fraction %s -> %s', (round, network, fraction, expected) => {
    expect(blockEffort(round, network, fraction)).toBeCloseTo(expected, 12);
  });

  it.each([0, -0.5, 1.5, Number.NaN])('fraction %s: unknown (null), never a made-up figure', (fraction) => {
    expect(blockEffort(2.4e12, 1e12, fraction)).toBeNull();
  });
});

describe('mergedBlockEffort', () => {
  it("reads a merged Fractal block's round by a third (cadence mining)", () => {
    // Three times the chain's difficulty is what an fb block merge mining finds needs on average.
    expect(mergedBlockEffort('fb', 3e12, 1e12)).toBeCloseTo(1, 12);
    expect(mergedBlockEffort('fb', 2.4e12, 1e12)).toBeCloseTo(0.8, 12);
  });

  it.each(['doge', 'pep', 'bells'])("reads %s's round whole: merge mining can find every block", (coin) => {
    expect(mergedBlockEffort(coin, 2.4e12, 3e12)).toBe(0.8);
  });

  it('keeps the unknown unknown', () => {
    expect(mergedBlockEffort('fb', null, 1e12)).toBeNull();
    expect(mergedBlockEffort('fb', 3e12, null)).toBeNull();
  });
});
