import { describe, expect, it } from 'vitest';
import { parsePriceAmount, parsePriceParam, parseStoredPrices, priceParam, typedPriceUsd } from './typed-price';

describe('a typed device price', () => {
  it('reads amounts typed with spaces, commas or dots, and refuses nonsense', () => {
    expect(parsePriceAmount('1 499,90')).toBe(1499.9);
    expect(parsePriceAmount('1499.9')).toBe(1499.9);
    for (const bad of ['', '0', '-5', 'abc', '1e5', '20000000']) expect(parsePriceAmount(bad), bad).toBeNull();
  });

  it('goes into the URL and back, in US dollars or with its currency', () => {
    for (const price of [
      { amount: 1200, currency: 'USD' },
      { amount: 1099.5, currency: 'EUR' },
    ]) {
      expect(parsePriceParam(priceParam(price))).toEqual(price);
    }
    expect(priceParam({ amount: 1200, currency: 'USD' })).toBe('1200');
    expect(parsePriceParam('1100 eur')).toEqual({ amount: 1100, currency: 'EUR' });
    expect(parsePriceParam('free')).toBeNull();
    expect(parsePriceParam(null)).toBeNull();
  });

  it('converts to US dollars at the loaded rates, unknown currencies giving no price', () => {
    expect(typedPriceUsd({ amount: 900, currency: 'EUR' }, { USD: 1, EUR: 0.9 })).toBeCloseTo(1000, 9);
    expect(typedPriceUsd({ amount: 900, currency: 'USD' }, {})).toBe(900);
    expect(typedPriceUsd({ amount: 900, currency: 'XYZ' }, { USD: 1 })).toBeNull();
    expect(typedPriceUsd(null, { USD: 1 })).toBeNull();
  });

  it('reads what this browser stored, ignoring anything malformed', () => {
    const stored = JSON.stringify({
      'asic/bitmain/antminer-s21-pro': { amount: 4000, currency: 'USD' },
      'gpu/nvidia/geforce-rtx-4090': { amount: -1, currency: 'EUR' },
      'gpu/amd/radeon-rx-7800-xt': 'cheap',
    });
    expect(parseStoredPrices(stored)).toEqual({ 'asic/bitmain/antminer-s21-pro': { amount: 4000, currency: 'USD' } });
    expect(parseStoredPrices('{broken')).toEqual({});
    expect(parseStoredPrices(null)).toEqual({});
  });
});
