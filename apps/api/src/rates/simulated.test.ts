import { describe, expect, it } from 'vitest';
import { AUX_TICKERS, COIN_TICKERS } from '@openpool/domain/coins';
import { PRICED_TICKERS } from './provider.ts';
import { ANCHOR_USD_PRICES, createSimulatedRates } from './simulated.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1);
const YEAR_OF_HOURS = Array.from({ length: 365 * 24 }, (_, hour) => START + hour * HOUR);

async function series(seed: number, ticker: string, times: readonly number[], kind: 'crypto' | 'fiat' = 'crypto') {
  const provider = createSimulatedRates(seed, [ticker]);
  const values: number[] = [];
  for (const time of times) {
    const snapshot = await provider.fetch(time);
    const value = snapshot[kind][ticker.toUpperCase()];
    if (value === undefined) throw new Error(`no ${kind} value for ${ticker}`);
    values.push(value);
  }
  return values;
}

describe('createSimulatedRates', () => {
  it('prices every pool coin and merge-mined coin under its upper-case ticker', async () => {
    const snapshot = await createSimulatedRates(7, PRICED_TICKERS).fetch(START);
    expect(Object.keys(snapshot.crypto).sort()).toEqual([...COIN_TICKERS, ...AUX_TICKERS].map((t) => t.toUpperCase()).sort());
    for (const price of Object.values(snapshot.crypto)) expect(price).toBeGreaterThan(0);
    expect(snapshot.updatedAt).toBe(START);
  });

  it('prices only the tickers it was given, but always every fiat currency', async () => {
    const snapshot = await createSimulatedRates(7, ['btc', 'doge']).fetch(START);
    expect(Object.keys(snapshot.crypto)).toEqual(['BTC', 'DOGE']);
    expect(Object.keys(snapshot.fiat).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a ticker it has no price for', () => {
    expect(() => createSimulatedRates(7, ['btc', 'nope'])).toThrow(/nope/);
  });

  it('keeps prices at realistic magnitudes', async () => {
    const { crypto } = await createSimulatedRates(7, PRICED_TICKERS).fetch(START);
    expect(crypto.BTC).toBeGreaterThan(60_000);
    expect(crypto.BTC).toBeLessThan(130_000);
    expect(crypto.XMR).toBeGreaterThan(200);
    expect(crypto.XMR).toBeLessThan(400);
    expect(crypto.LTC).toBeGreaterThan(70);
    expect(crypto.LTC).toBeLessThan(135);
    expect(crypto.NEXA).toBeLessThan(0.00001);
    expect(crypto.DOGE).toBeGreaterThan(0.15);
    expect(crypto.DOGE).toBeLessThan(0.35);
  });

  it('rounds crypto prices to six significant digits', async () => {
    const { crypto } = await createSimulatedRates(7, PRICED_TICKERS).fetch(START + 1234567);
    for (const price of Object.values(crypto)) expect(Number(price.toPrecision(6))).toBe(price);
  });

  it('has USD exactly 1, at least 30 upper-case fiat codes, shortlist first', async () => {
    const { fiat } = await createSimulatedRates(7, ['btc']).fetch(START + 5 * HOUR);
    expect(fiat.USD).toBe(1);
    const codes = Object.keys(fiat);
    expect(codes.length).toBeGreaterThanOrEqual(30);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(codes.slice(0, 4)).toEqual(['USD', 'EUR', 'RUB', 'UAH']);
    expect(fiat.EUR).toBeGreaterThan(0.85);
    expect(fiat.EUR).toBeLessThan(0.95);
    expect(fiat.RUB).toBeGreaterThan(80);
    expect(fiat.RUB).toBeLessThan(100);
  });

  it('is a pure function of seed, ticker and time', async () => {
    const a = createSimulatedRates(42, PRICED_TICKERS);
    const b = createSimulatedRates(42, PRICED_TICKERS);
    const t = START + 1000 * HOUR + 17 * 60_000;
    const first = await a.fetch(t);
    await a.fetch(t + 50 * HOUR); // no hidden state carried between calls
    expect(await a.fetch(t)).toEqual(first);
    expect(await b.fetch(t)).toEqual(first);
    // A coin's price does not depend on which other coins were asked for.
    expect((await createSimulatedRates(42, ['xmr']).fetch(t)).crypto.XMR).toBe(first.crypto.XMR);
  });

  it('gives a different walk for a different seed and for different coins', async () => {
    const t = START + 300 * HOUR;
    const one = await createSimulatedRates(1, PRICED_TICKERS).fetch(t);
    const two = await createSimulatedRates(2, PRICED_TICKERS).fetch(t);
    expect(one.crypto.BTC).not.toBe(two.crypto.BTC);
    expect(one.fiat.EUR).not.toBe(two.fiat.EUR);
    const btc = await series(1, 'btc', YEAR_OF_HOURS.slice(0, 500));
    const ltc = await series(1, 'ltc', YEAR_OF_HOURS.slice(0, 500));
    const btcRatio = btc.map((price) => price / ANCHOR_USD_PRICES.btc!);
    const ltcRatio = ltc.map((price) => price / ANCHOR_USD_PRICES.ltc!);
    expect(btcRatio).not.toEqual(ltcRatio);
  });

  it('moves within about ±30 % of the anchor over a year, without jumps', async () => {
    for (const ticker of ['btc', 'kas', 'nexa']) {
      const anchor = ANCHOR_USD_PRICES[ticker]!;
      const prices = await series(3, ticker, YEAR_OF_HOURS);
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      expect(low).toBeGreaterThanOrEqual((anchor / 1.3) * 0.99999);
      expect(high).toBeLessThanOrEqual(anchor * 1.3 * 1.00001);
      // It really walks: a year spans at least 10 % between its low and its high.
      expect(high / low).toBeGreaterThan(1.1);
      let largestHourlyMove = 0;
      for (let hour = 1; hour < prices.length; hour += 1) {
        largestHourlyMove = Math.max(largestHourlyMove, Math.abs(Math.log(prices[hour]! / prices[hour - 1]!)));
      }
      expect(largestHourlyMove).toBeLessThan(0.05);
      expect(largestHourlyMove).toBeGreaterThan(0);
    }
  });

  it('moves fiat rates far less: within ±2 %, pegged currencies barely at all', async () => {
    const days = YEAR_OF_HOURS.filter((_, hour) => hour % 6 === 0);
    const provider = createSimulatedRates(3, ['btc']);
    const eur: number[] = [];
    const hkd: number[] = [];
    for (const time of days) {
      const { fiat } = await provider.fetch(time);
      expect(fiat.USD).toBe(1);
      eur.push(fiat.EUR!);
      hkd.push(fiat.HKD!);
    }
    expect(Math.min(...eur)).toBeGreaterThanOrEqual((0.92 / 1.02) * 0.99999);
    expect(Math.max(...eur)).toBeLessThanOrEqual(0.92 * 1.02 * 1.00001);
    expect(Math.max(...eur) / Math.min(...eur)).toBeGreaterThan(1.005);
    expect(Math.max(...hkd) / Math.min(...hkd)).toBeLessThan(1.0021);
  });
});
