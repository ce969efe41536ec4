import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POWER_PRICE,
  maxPowerCost,
  parsePowerAmount,
  parsePowerPriceParam,
  powerCostForInput,
  powerCostIn,
  powerCostProblem,
  powerPriceParam,
} from './power-cost.ts';

const FIAT = { USD: 1, RUB: 77.05, EUR: 0.92, IRR: 42_100 };

describe('power cost in a currency', () => {
  it('defaults to 0.04 USD, converted at the rate: not 0.04 RUB', () => {
    expect(powerCostIn(DEFAULT_POWER_PRICE, 'USD', FIAT)).toBe(0.04);
    expect(powerCostIn(DEFAULT_POWER_PRICE, 'RUB', FIAT)).toBeCloseTo(0.04 * 77.05, 12);
    expect(powerCostIn(DEFAULT_POWER_PRICE, 'IRR', FIAT)).toBeCloseTo(1684, 9);
  });

  it('keeps a typed price exactly in its own currency and converts it for the others', () => {
    const typed = { amount: 6.5, currency: 'RUB' };
    expect(powerCostIn(typed, 'RUB', FIAT)).toBe(6.5);
    expect(powerCostIn(typed, 'USD', FIAT)).toBeCloseTo(6.5 / 77.05, 12);
    expect(powerCostIn(typed, 'EUR', FIAT)).toBeCloseTo((6.5 / 77.05) * 0.92, 12);
    expect(powerCostIn(typed, 'XXX', FIAT)).toBeNull();
  });

  it('validates one way: 0 to 10 USD worth per kWh in its currency', () => {
    expect(powerCostProblem(0, 'USD', FIAT)).toBeNull();
    expect(powerCostProblem(10, 'USD', FIAT)).toBeNull();
    expect(powerCostProblem(10.01, 'USD', FIAT)).toBe('too-high');
    // 300 RUB/kWh is under 10 USD: a price in roubles is not held to a bound meant for dollars.
    expect(powerCostProblem(300, 'RUB', FIAT)).toBeNull();
    expect(powerCostProblem(maxPowerCost('RUB', FIAT)!, 'RUB', FIAT)).toBeNull();
    expect(powerCostProblem(800, 'RUB', FIAT)).toBe('too-high');
    expect(powerCostProblem(-0.01, 'USD', FIAT)).toBe('negative');
    expect(powerCostProblem(Number.NaN, 'USD', FIAT)).toBe('not-a-number');
    expect(powerCostProblem(1, 'XXX', FIAT)).toBe('unknown-currency');
  });

  it('reads typed text and link parameters, USD when a link names no currency', () => {
    expect(parsePowerAmount('0,12')).toBe(0.12);
    expect(parsePowerAmount(' 0.05 ')).toBe(0.05);
    for (const bad of ['', '-1', 'abc', '0x10', 'Infinity', null, undefined]) expect(parsePowerAmount(bad)).toBeNull();
    expect(parsePowerPriceParam('0.12', FIAT)).toEqual({ amount: 0.12, currency: 'USD' });
    expect(parsePowerPriceParam('6.5 rub', FIAT)).toEqual({ amount: 6.5, currency: 'RUB' });
    expect(parsePowerPriceParam('11', FIAT)).toBeNull();
    expect(parsePowerPriceParam('5 XXX', FIAT)).toBeNull();
    expect(powerPriceParam({ amount: 6.5, currency: 'RUB' })).toBe('6.5 RUB');
    expect(powerPriceParam({ amount: 0.1, currency: 'USD' })).toBe('0.1');
    expect(powerPriceParam(DEFAULT_POWER_PRICE)).toBeNull();
  });

  it('shows a converted price with four significant digits', () => {
    expect(powerCostForInput(0.04 * 77.05)).toBe('3.082');
    expect(powerCostForInput(0.04)).toBe('0.04');
    expect(powerCostForInput(0)).toBe('0');
  });
});

describe('one device in three currencies', () => {
  it('differs only by the rate: profit, payback, break-even, with the default and with a typed price', async () => {
    const { deviceProfits } = await import('./hardware-profit.ts');
    // An S21 Pro-like sha256d device: 234 TH/s at 3,531 W, 5,000 USD, mining a coin at 95,000 USD.
    const figures = [{ algorithm: 'sha256d', hashrate: 234e12, power: 3531 }];
    const coins = [{ ticker: 'btc', algorithm: 'sha256d', price_usd: 95_000, trend: { daily: 1.002 } }];
    const perDay = () => 0.00029;
    const run = (currency: string, price = DEFAULT_POWER_PRICE) => {
      const perUsd = currency === 'USD' ? 1 : FIAT[currency as keyof typeof FIAT];
      const powerCost = powerCostIn(price, currency, FIAT)!;
      return deviceProfits(figures, coins, { powerCost, perUsd, devicePriceUsd: 5000 }, perDay)[0]!;
    };
    for (const price of [DEFAULT_POWER_PRICE, { amount: 6.5, currency: 'RUB' }]) {
      const usd = run('USD', price);
      for (const currency of ['RUB', 'EUR'] as const) {
        const other = run(currency, price);
        const rate = FIAT[currency];
        expect(other.revenue!).toBeCloseTo(usd.revenue! * rate, 9);
        expect(other.electricity).toBeCloseTo(usd.electricity * rate, 9);
        expect(other.profit!).toBeCloseTo(usd.profit! * rate, 9);
        expect(other.breakEvenPowerCost!).toBeCloseTo(usd.breakEvenPowerCost! * rate, 9);
        // Days do not change with the currency.
        expect(other.paybackDays).toBeCloseTo(usd.paybackDays!, 9);
        expect(other.paybackWithTrend).toBeCloseTo(usd.paybackWithTrend!, 9);
      }
    }
    // The figure: the default's electricity in RUB is 0.04 USD's worth (about 261 RUB a day), not 3.37.
    expect(run('RUB').electricity).toBeCloseTo(3.531 * 24 * 0.04 * 77.05, 6);
  });
});
