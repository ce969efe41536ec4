import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dailyCoins,
  dailyRewardUnits,
  dailyTrend,
  truncatedUnits,
  feePpmOf,
  paybackDaysWithTrend,
  profitability,
  revenueScheme,
  unitsToNumber,
} from './profitability.ts';

describe('dailyRewardUnits', () => {
  it('is one block a day for 2^32 H/s on scrypt at difficulty 86400, after the fee', () => {
    const units = dailyRewardUnits({
      hashrate: 2 ** 32,
      algorithm: 'scrypt',
      networkDifficulty: 86_400,
      blockReward: 625_000_000n,
      feePpm: 20_000,
    });
    expect(units).toBe(612_500_000n);
  });

  it('counts ethash and RandomX difficulty in hashes', () => {
    expect(dailyRewardUnits({ hashrate: 1, algorithm: 'randomx', networkDifficulty: 86_400, blockReward: 600n, feePpm: 0 })).toBe(
      600n,
    );
  });

  it('is zero for no hashrate, no difficulty or no reward', () => {
    const base = { hashrate: 1e12, algorithm: 'sha256d', networkDifficulty: 1e12, blockReward: 312_500_000n, feePpm: 0 };
    expect(dailyRewardUnits({ ...base, hashrate: 0 })).toBe(0n);
    expect(dailyRewardUnits({ ...base, hashrate: -5 })).toBe(0n);
    expect(dailyRewardUnits({ ...base, hashrate: Number.NaN })).toBe(0n);
    expect(dailyRewardUnits({ ...base, networkDifficulty: 0 })).toBe(0n);
    expect(dailyRewardUnits({ ...base, blockReward: 0n })).toBe(0n);
  });

  it("matches WhatToMine's formula for sha256d and scrypt within rounding", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e6, max: 1e18, noNaN: true }),
        fc.double({ min: 1e3, max: 1e14, noNaN: true }),
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom('sha256d', 'scrypt'),
        (hashrate, difficulty, reward, feePpm, algorithm) => {
          const units = dailyRewardUnits({
            hashrate,
            algorithm,
            networkDifficulty: difficulty,
            blockReward: BigInt(reward),
            feePpm,
          });
          const wtm = ((hashrate * 86_400 * reward) / (difficulty * 2 ** 32)) * (1 - feePpm / 1e6);
          // Difficulty weights are micro-difficulty integers and the result is floored: 1 unit plus 1e-6 relative.
          expect(Math.abs(Number(units) - wtm)).toBeLessThanOrEqual(1 + wtm * 1e-6);
        },
      ),
    );
  });

  it('is linear in hashrate (twice the machines, twice the coins, within rounding)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e9, max: 1e16, noNaN: true }), (hashrate) => {
        const input = { algorithm: 'sha256d', networkDifficulty: 1e11, blockReward: 312_500_000n, feePpm: 20_000 };
        const one = dailyRewardUnits({ ...input, hashrate });
        const two = dailyRewardUnits({ ...input, hashrate: hashrate * 2 });
        expect(Number(two - one * 2n)).toBeLessThanOrEqual(2);
        expect(Number(two - one * 2n)).toBeGreaterThanOrEqual(-2);
      }),
    );
  });
});

describe('revenueScheme', () => {
  it('quotes PPS+ where offered, else the first scheme', () => {
    expect(revenueScheme(['prop', 'pps', 'solo'])).toBe('pps');
    expect(revenueScheme(['prop', 'solo'])).toBe('prop');
    expect(revenueScheme([])).toBe('pps');
  });
});

describe('unit conversions', () => {
  it('parses decimals and cuts beyond the unit', () => {
    expect(truncatedUnits('3.125', 8)).toBe(312_500_000n);
    expect(truncatedUnits('1', 2)).toBe(100n);
    expect(truncatedUnits('0.123456789', 4)).toBe(1234n);
    expect(truncatedUnits('-1', 8)).toBeNull();
    expect(truncatedUnits('abc', 8)).toBeNull();
  });

  it('round-trips units through a float for display', () => {
    expect(unitsToNumber(312_500_000n, 8)).toBe(3.125);
    expect(unitsToNumber(5n, 18)).toBeCloseTo(5e-18, 30);
    expect(feePpmOf(0.02)).toBe(20_000);
    expect(feePpmOf(-1)).toBe(0);
    expect(feePpmOf(2)).toBe(1_000_000);
  });
});

describe('dailyCoins', () => {
  const stats = {
    algorithm: 'scrypt',
    net_difficulty: 86_400,
    block_reward: '6.25',
    schemes: ['prop', 'pps'],
    fees: { prop: 0.01, pps: 0.02 },
  };

  it("uses the revenue scheme's fee, not the first scheme's", () => {
    expect(dailyCoins(stats, 2 ** 32)).toBeCloseTo(6.125, 12);
    expect(dailyCoins({ ...stats, schemes: ['prop', 'solo'] }, 2 ** 32)).toBeCloseTo(6.1875, 12);
  });

  it('agrees with the integer formula at the coin decimals to one smallest unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e6, max: 1e15, noNaN: true }), (hashrate) => {
        const units = dailyRewardUnits({
          hashrate,
          algorithm: 'scrypt',
          networkDifficulty: 86_400,
          blockReward: 625_000_000n,
          feePpm: 20_000,
        });
        const coins = dailyCoins(stats, hashrate) ?? Number.NaN;
        expect(Math.abs(coins - Number(units) / 1e8)).toBeLessThanOrEqual(1e-8 + coins * 1e-12);
      }),
    );
  });

  it('is null without network figures', () => {
    expect(dailyCoins({ ...stats, net_difficulty: 0 }, 1e9)).toBeNull();
    expect(dailyCoins({ ...stats, block_reward: '0' }, 1e9)).toBeNull();
    expect(dailyCoins({ ...stats, block_reward: 'n/a' }, 1e9)).toBeNull();
    expect(dailyCoins(stats, Number.NaN)).toBeNull();
  });
});

describe('profitability', () => {
  it('computes revenue, electricity, profit, payback and break-even', () => {
    const result = profitability({ coinsPerDay: 0.001, price: 50_000, powerW: 3500, powerCost: 0.04, devicePrice: 3000 });
    expect(result.revenue).toBeCloseTo(50, 9);
    expect(result.electricity).toBeCloseTo(3.36, 9); // 3500 W x 24 h = 84 kWh
    expect(result.profit).toBeCloseTo(46.64, 9);
    expect(result.paybackDays).toBeCloseTo(3000 / 46.64, 9);
    expect(result.breakEvenPowerCost).toBeCloseTo(50 / 84, 9);
  });

  it('never pays back at zero or negative profit', () => {
    expect(
      profitability({ coinsPerDay: 0.001, price: 1, powerW: 3500, powerCost: 0.04, devicePrice: 3000 }).paybackDays,
    ).toBeNull();
    const zero = profitability({ coinsPerDay: 0, price: 100, powerW: 1000, powerCost: 0, devicePrice: 10 });
    expect(zero.profit).toBe(0);
    expect(zero.paybackDays).toBeNull();
  });

  it('has no revenue or profit with a price of 0 known or no price at all', () => {
    const free = profitability({ coinsPerDay: 5, price: 0, powerW: 100, powerCost: 0.1, devicePrice: 10 });
    expect(free.revenue).toBe(0);
    expect(free.profit).toBeCloseTo(-0.24, 9);
    expect(free.breakEvenPowerCost).toBe(0);
    const unknown = profitability({ coinsPerDay: 5, price: null, powerW: 100, powerCost: 0.1, devicePrice: 10 });
    expect(unknown.revenue).toBeNull();
    expect(unknown.profit).toBeNull();
    expect(unknown.paybackDays).toBeNull();
    expect(unknown.electricity).toBeCloseTo(0.24, 9);
  });

  it('profit falls as power cost rises', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const at = (cost: number) =>
          profitability({ coinsPerDay: 1, price: 10, powerW: 1200, powerCost: cost, devicePrice: 100 }).profit ?? 0;
        if (a <= b) expect(at(a)).toBeGreaterThanOrEqual(at(b));
      }),
    );
  });
});

describe('payback with the difficulty trend', () => {
  it('equals the flat payback when difficulty is flat', () => {
    expect(paybackDaysWithTrend(10, 2, 80, 1)).toBeCloseTo(10, 9);
  });

  it('takes longer when difficulty rises and never pays back when profit turns negative first', () => {
    const rising = paybackDaysWithTrend(10, 2, 80, 1.01) ?? Infinity;
    expect(rising).toBeGreaterThan(10);
    expect(paybackDaysWithTrend(10, 2, 10_000, 1.05)).toBeNull();
    expect(paybackDaysWithTrend(1, 2, 10, 1)).toBeNull();
  });

  it('reads the trend off a 30-day series', () => {
    expect(dailyTrend(100, 100 * 1.01 ** 30, 30)).toBeCloseTo(1.01, 9);
    expect(dailyTrend(0, 5, 30)).toBeNull();
  });
});
