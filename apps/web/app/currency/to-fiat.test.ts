import { describe, expect, it } from 'vitest';
import { coinToFiat, formatCoinInFiat, type ExchangeRates } from './to-fiat';

const rates: ExchangeRates = {
  fiat: { USD: 1, EUR: 0.92, RUB: 90, JPY: 150 },
  crypto: { BTC: 95_000, LTC: 100, KAS: 0.1 },
};

describe('coinToFiat', () => {
  it('multiplies the coin amount by its USD price and the currency per USD', () => {
    expect(coinToFiat(2, 'btc', 'USD', rates)).toBe(190_000);
    expect(coinToFiat(1.5, 'LTC', 'EUR', rates)).toBeCloseTo(138, 10);
    expect(coinToFiat(0, 'kas', 'RUB', rates)).toBe(0);
  });

  it('is null without rates, for an unpriced coin or currency, or a broken amount', () => {
    expect(coinToFiat(1, 'btc', 'USD', null)).toBeNull();
    expect(coinToFiat(1, 'doge', 'USD', rates)).toBeNull();
    expect(coinToFiat(1, 'btc', 'GBP', rates)).toBeNull();
    expect(coinToFiat(Number.NaN, 'btc', 'USD', rates)).toBeNull();
    expect(coinToFiat(1, 'btc', 'USD', { fiat: { USD: 0 }, crypto: { BTC: 1 } })).toBeNull();
    expect(coinToFiat(1, 'btc', 'USD', { fiat: { USD: 1 }, crypto: { BTC: Number.POSITIVE_INFINITY } })).toBeNull();
  });
});

describe('formatCoinInFiat (en-US style, narrow symbol)', () => {
  it('formats in the chosen currency', () => {
    expect(formatCoinInFiat(0.01, 'btc', 'USD', rates)).toBe('$950.00');
    expect(formatCoinInFiat(10, 'ltc', 'EUR', rates)).toBe('€920.00');
    expect(formatCoinInFiat(1, 'ltc', 'RUB', rates)).toBe('₽9\u202F000.00');
    expect(formatCoinInFiat(1, 'ltc', 'JPY', rates)).toBe('¥15\u202F000');
  });

  it('is null when the rates cannot say, so callers show coin units only', () => {
    expect(formatCoinInFiat(1, 'btc', 'EUR', null)).toBeNull();
    expect(formatCoinInFiat(1, 'xyz', 'EUR', rates)).toBeNull();
  });
});
