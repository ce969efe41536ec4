import { describe, expect, it } from 'vitest';
import { currencyNamer, isCurrencyCode, resolveSelectedCurrency, sortCurrencyCodes } from './currency-codes';

describe('sortCurrencyCodes (USD, EUR, RUB, UAH first, then the rest)', () => {
  it('puts the shortlist first in its own order and the rest alphabetically', () => {
    expect(sortCurrencyCodes(['JPY', 'UAH', 'GBP', 'USD', 'AUD', 'RUB', 'EUR'])).toEqual([
      'USD',
      'EUR',
      'RUB',
      'UAH',
      'AUD',
      'GBP',
      'JPY',
    ]);
  });

  it('leaves out shortlist codes the rates do not know, duplicates and malformed keys', () => {
    expect(sortCurrencyCodes(['EUR', 'CHF', 'EUR', 'usd', 'XX', 'TOOLONG', 'USD'])).toEqual(['USD', 'EUR', 'CHF']);
  });
});

describe('resolveSelectedCurrency (default USD; a bad stored value falls back to USD)', () => {
  const fiat = { USD: 1, EUR: 0.92, RUB: 90 };

  it('keeps a valid stored code before and after the rates are known', () => {
    expect(resolveSelectedCurrency('EUR', null)).toBe('EUR');
    expect(resolveSelectedCurrency('EUR', fiat)).toBe('EUR');
  });

  it('falls back to USD for nothing stored, junk, lower case and unknown codes', () => {
    for (const stored of [null, '', 'euro', 'eur', '<script>', 'ZZZ']) {
      expect(resolveSelectedCurrency(stored, null), String(stored)).toBe('USD');
    }
  });

  it('falls back to USD once the rates show the stored currency has no rate', () => {
    expect(resolveSelectedCurrency('JPY', null)).toBe('JPY');
    expect(resolveSelectedCurrency('JPY', fiat)).toBe('USD');
  });

  it('accepts only codes Intl can format', () => {
    expect(isCurrencyCode('UAH')).toBe(true);
    expect(isCurrencyCode('QQQ')).toBe(false);
  });
});

describe('currencyNamer', () => {
  it('names currencies in the page language', () => {
    expect(currencyNamer('en-US')('EUR')).toBe('Euro');
    expect(currencyNamer('ru-RU')('EUR')).toBe('евро');
  });

  it('gives nothing rather than throwing for a code it cannot name', () => {
    expect(() => currencyNamer('en-US')('not a code')).not.toThrow();
    expect(currencyNamer('en-US')('not a code')).toBeUndefined();
  });
});
