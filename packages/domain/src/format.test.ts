import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COIN_TICKERS, AUX_TICKERS, amountDecimals } from './coins.ts';
import {
  formatAmount,
  formatCoinAmount,
  formatInteger,
  formatNumber,
  formatPercent,
  formatPercentOf,
  formatDifficulty,
  formatFee,
  formatHashrate,
  formatMoney,
  groupThousands,
  roundDecimalString,
  truncateMiddle,
} from './format.ts';

const HASHRATE_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'];

/** A space inside an expected figure stands for the narrow no-break space every figure is grouped with. */
const n = (text: string) => text.replaceAll(' ', '\u202F');

describe('formatHashrate', () => {
  it.each([
    [1, '1.00 H/s'],
    [0.5, '0.50 H/s'],
    [999, '999.00 H/s'],
    [999.994, '999.99 H/s'],
    [1000, '1.00 KH/s'],
    [1234, '1.23 KH/s'],
    [1236, '1.24 KH/s'],
    [1e6, '1.00 MH/s'],
    [2.5e6, '2.50 MH/s'],
    [1.5e9, '1.50 GH/s'],
    [1.234e12, '1.23 TH/s'],
    [4.56e15, '4.56 PH/s'],
    [7.89e18, '7.89 EH/s'],
    [999.9e12, '999.90 TH/s'],
  ])('%s H/s -> %s', (input, expected) => {
    expect(formatHashrate(input)).toBe(expected);
  });

  it('rounds before choosing the unit: 999.996 shows as 1.00 KH/s', () => {
    expect(formatHashrate(999.996)).toBe('1.00 KH/s');
    expect(formatHashrate(999_996)).toBe('1.00 MH/s');
    expect(formatHashrate(999.996e15)).toBe('1.00 EH/s');
  });

  it('stays in EH/s beyond the largest unit', () => {
    expect(formatHashrate(1e21)).toBe(`${n('1 000.00')} EH/s`);
    expect(formatHashrate(1.234e24)).toBe(`${n('1 234 000.00')} EH/s`);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['zero', 0],
    ['negative zero', -0],
    ['NaN', Number.NaN],
    ['negative', -5],
    ['negative large', -1e12],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('shows nothing (%s) as 0 H/s', (_label, input) => {
    expect(formatHashrate(input)).toBe('0 H/s');
  });

  it('always shows 1 to 3 integer digits, 2 decimals and the right unit for the magnitude', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 9.99e20, noNaN: true }), (value) => {
        const text = formatHashrate(value);
        const match = /^(\d{1,3}|1\u202F000)\.(\d{2}) ([A-Z]?H\/s)$/.exec(text);
        expect(match, text).not.toBeNull();
        const shown = Number(`${match?.[1]?.replace('\u202F', '')}.${match?.[2]}`);
        const power = HASHRATE_UNITS.indexOf(match?.[3] ?? '');
        expect(power).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThan(1000);
        // The shown figure is the value to within half a unit in the last place.
        const scale = 1000 ** power;
        expect(Math.abs(shown * scale - value)).toBeLessThanOrEqual(0.005 * scale * (1 + 1e-9));
      }),
    );
  });

  it('keeps two plain decimals for astronomically large values (no exponent notation)', () => {
    // Spec: values beyond EH/s stay in EH/s with 2 decimals.
    expect(formatHashrate(1e40)).toMatch(/^\d{1,3}(?:\u202F\d{3})+\.\d{2} EH\/s$/);
    expect(formatDifficulty(1e40)).toMatch(/^\d{1,3}(?:\u202F\d{3})+\.\d{2} E$/);
  });

  it('never throws on any double', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(formatHashrate(value)).toMatch(/ [A-Z]?H\/s$/);
      }),
    );
  });
});

describe('formatDifficulty', () => {
  it.each([
    [1, '1.00'],
    [500, '500.00'],
    [999.994, '999.99'],
    [999.996, '1.00 K'],
    [1000, '1.00 K'],
    [1234, '1.23 K'],
    [5.5e6, '5.50 M'],
    [7.25e9, '7.25 G'],
    [12.3456e12, '12.35 T'],
    [3e15, '3.00 P'],
    [4.2e18, '4.20 E'],
    [1e21, `${n('1 000.00')} E`],
  ])('%s -> %s', (input, expected) => {
    expect(formatDifficulty(input)).toBe(expected);
  });

  it.each([null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])('shows %s as 0', (input) => {
    expect(formatDifficulty(input)).toBe('0');
  });
});

describe('groupThousands', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['12', '12'],
    ['123', '123'],
    ['1234', n('1 234')],
    ['100000', n('100 000')],
    ['1234567', n('1 234 567')],
    ['1000000000', n('1 000 000 000')],
  ])('%j -> %j', (input, expected) => {
    expect(groupThousands(input)).toBe(expected);
  });
});

/** Reference rounding, half away from zero, with BigInt only. */
function referenceRound(sign: string, whole: string, fraction: string, decimals: number): string {
  const numerator = BigInt((whole || '0') + fraction);
  let units: bigint;
  if (fraction.length <= decimals) {
    units = numerator * 10n ** BigInt(decimals - fraction.length);
  } else {
    const divisor = 10n ** BigInt(fraction.length - decimals);
    units = numerator / divisor;
    if ((numerator % divisor) * 2n >= divisor) units += 1n;
  }
  const scale = 10n ** BigInt(decimals);
  const intPart = (units / scale).toString();
  const fracPart = decimals > 0 ? `.${(units % scale).toString().padStart(decimals, '0')}` : '';
  return `${sign === '-' && units !== 0n ? '-' : ''}${intPart}${fracPart}`;
}

describe('roundDecimalString', () => {
  it.each([
    ['1.005', 2, '1.01'], // 1.005 as a float is 1.00499..., the string is not
    ['1.004', 2, '1.00'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['0.4', 0, '0'],
    ['-0.4', 0, '0'],
    ['9.995', 2, '10.00'],
    ['-9.995', 2, '-10.00'],
    ['.5', 1, '0.5'],
    ['5.', 2, '5.00'],
    ['+1.25', 1, '1.3'],
    ['0007.1', 3, '7.100'],
    ['  3.14159  ', 4, '3.1416'],
    ['123456789012345678901234567890.123456789', 8, '123456789012345678901234567890.12345679'],
    ['-0', 2, '0.00'],
    ['-0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['0', 0, '0'],
  ])('(%j, %i) -> %j', (input, decimals, expected) => {
    expect(roundDecimalString(input, decimals)).toBe(expected);
  });

  it.each(['', '   ', '-', '+', '.', '-.', 'abc', '1.2.3', '1e5', '0x10', '1,5', '--1', '1 000', 'NaN', 'Infinity', '١٢'])(
    'refuses %j',
    (input) => {
      expect(roundDecimalString(input, 2)).toBeNull();
    },
  );

  it('agrees with BigInt arithmetic (half away from zero)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '+', '-'),
        fc.stringMatching(/^\d{0,25}$/),
        fc.stringMatching(/^\d{0,25}$/),
        fc.boolean(),
        fc.integer({ min: 0, max: 12 }),
        (sign, whole, fraction, withDot, decimals) => {
          const text = `${sign}${whole}${withDot ? `.${fraction}` : ''}`;
          const actual = roundDecimalString(text, decimals);
          const effectiveFraction = withDot ? fraction : '';
          if (whole === '' && effectiveFraction === '') {
            expect(actual).toBeNull();
          } else {
            expect(actual).toBe(referenceRound(sign, whole, effectiveFraction, decimals));
          }
        },
      ),
    );
  });
});

describe('formatAmount', () => {
  it('formats with the coin decimals and groups thousands with spaces', () => {
    expect(formatAmount('1234.5', 'ltc')).toBe(n('1 234.500000'));
    expect(formatAmount('1234567.891', 'nexa')).toBe(n('1 234 567.89'));
    expect(formatAmount('21000000', 'btc')).toBe(n('21 000 000.00000000'));
    expect(formatAmount('0.5', 'doge')).toBe('0.500000');
    expect(formatAmount('1', 'unknown-coin')).toBe('1.000000');
  });

  it('rounds string input without going through floats', () => {
    expect(formatAmount('0.123456785', 'btc')).toBe('0.12345679');
    expect(formatAmount('0.123456784', 'btc')).toBe('0.12345678');
    expect(formatAmount('0.005', 'nexa')).toBe('0.01');
    expect(formatAmount('0.004', 'nexa')).toBe('0.00');
    expect(formatAmount('1.0000005', 'ltc')).toBe('1.000001');
    expect(formatAmount('999999.9999995', 'ltc')).toBe(n('1 000 000.000000'));
    expect(formatAmount('12345678901234567890.123456789', 'btc')).toBe(n('12 345 678 901 234 567 890.12345679'));
  });

  it('formats negative amounts with the sign before the grouped digits', () => {
    expect(formatAmount('-1234.5', 'ltc')).toBe(n('-1 234.500000'));
    expect(formatAmount('-0.005', 'nexa')).toBe('-0.01');
    expect(formatAmount(-1234.5, 'ltc')).toBe(n('-1 234.500000'));
    expect(formatAmount(-1234567n, 'ltc')).toBe(n('-1 234 567.000000'));
  });

  it('never shows a negative zero', () => {
    expect(formatAmount('-0.000000001', 'btc')).toBe('0.00000000');
    expect(formatAmount('-0', 'ltc')).toBe('0.000000');
    expect(formatAmount(-0, 'nexa')).toBe('0.00');
    expect(formatAmount(-1e-12, 'btc')).toBe('0.00000000');
  });

  it('formats numbers', () => {
    expect(formatAmount(1234.5, 'ltc')).toBe(n('1 234.500000'));
    expect(formatAmount(0.1 + 0.2, 'btc')).toBe('0.30000000');
    expect(formatAmount(1e-7, 'btc')).toBe('0.00000010');
    expect(formatAmount(42, 'nexa')).toBe('42.00');
    expect(formatAmount(0, 'btc')).toBe('0.00000000');
  });

  it('formats bigints as whole coins', () => {
    expect(formatAmount(123n, 'btc')).toBe('123.00000000');
    expect(formatAmount(0n, 'nexa')).toBe('0.00');
    expect(formatAmount(10n ** 12n, 'ltc')).toBe(n('1 000 000 000 000.000000'));
  });

  it('accepts padded, signed and partial decimal strings', () => {
    expect(formatAmount('  42  ', 'ltc')).toBe('42.000000');
    expect(formatAmount('+7', 'ltc')).toBe('7.000000');
    expect(formatAmount('.5', 'ltc')).toBe('0.500000');
    expect(formatAmount('5.', 'nexa')).toBe('5.00');
    expect(formatAmount('0001234', 'nexa')).toBe(n('1 234.00'));
  });

  it.each([
    ['abc', 'ltc', '0.000000'],
    ['abc', 'btc', '0.00000000'],
    ['', 'nexa', '0.00'],
    ['   ', 'nexa', '0.00'],
    ['.', 'ltc', '0.000000'],
    ['-', 'ltc', '0.000000'],
    ['1,5', 'ltc', '0.000000'],
    ['--1', 'btc', '0.00000000'],
    ['1.2.3', 'nexa', '0.00'],
    ['<script>', 'ltc', '0.000000'],
  ])('shows garbage %j (%s) as zero with the coin decimals', (input, ticker, expected) => {
    expect(formatAmount(input, ticker)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('shows %s as zero', (input) => {
    expect(formatAmount(input, 'btc')).toBe('0.00000000');
  });

  it('shows huge finite numbers by value, not as zero', () => {
    expect(formatAmount(1e21, 'btc')).toBe(n('1 000 000 000 000 000 000 000.00000000'));
  });

  const tickers = fc.constantFrom<string>(...COIN_TICKERS, ...AUX_TICKERS, 'unknown');
  const amountShape = (decimals: number) =>
    new RegExp(`^-?\\d{1,3}(?:\u202F\\d{3})*${decimals > 0 ? `\\.\\d{${decimals}}` : ''}$`);

  it('never throws on any string and always shows the coin decimals', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), tickers, (input, ticker) => {
        expect(formatAmount(input, ticker)).toMatch(amountShape(amountDecimals(ticker)));
      }),
    );
  });

  it('never throws on any number or bigint and always shows the coin decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.bigInt(), fc.integer()), tickers, (input, ticker) => {
        expect(formatAmount(input, ticker)).toMatch(amountShape(amountDecimals(ticker)));
      }),
    );
  });

  it('matches BigInt rounding for decimal strings, grouped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '-'),
        fc.stringMatching(/^[1-9]\d{0,15}$/),
        fc.stringMatching(/^\d{0,12}$/),
        tickers,
        (sign, whole, fraction, ticker) => {
          const decimals = amountDecimals(ticker);
          const expected = referenceRound(sign, whole, fraction, decimals);
          const negative = expected.startsWith('-');
          const [intPart = '', fracPart = ''] = (negative ? expected.slice(1) : expected).split('.');
          const grouped = `${negative ? '-' : ''}${groupThousands(intPart)}.${fracPart}`;
          expect(formatAmount(`${sign}${whole}.${fraction}`, ticker)).toBe(grouped);
        },
      ),
    );
  });
});

describe('truncateMiddle', () => {
  const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

  it('keeps 6 characters each side and joins them with ...', () => {
    expect(truncateMiddle(address)).toBe('bc1qxy...hx0wlh');
  });

  it('honours custom head and tail lengths', () => {
    expect(truncateMiddle(address, 4, 4)).toBe('bc1q...0wlh');
    expect(truncateMiddle(address, 10, 2)).toBe('bc1qxy2kgd...lh');
    expect(truncateMiddle('abcdefghij', 2, 2)).toBe('ab...ij');
  });

  it('leaves strings alone that truncation would not shorten', () => {
    expect(truncateMiddle('')).toBe('');
    expect(truncateMiddle('short')).toBe('short');
    expect(truncateMiddle('123456789012345')).toBe('123456789012345'); // 15 = 6 + 6 + 3
    expect(truncateMiddle('1234567890123456')).toBe('123456...123456'); // 16 is shortened
    expect(truncateMiddle('abcdefg', 2, 2)).toBe('abcdefg');
    expect(truncateMiddle('abcdefgh', 2, 2)).toBe('ab...gh');
  });

  it('counts and cuts unicode by code point, never splitting a surrogate pair', () => {
    const emoji = '😀'.repeat(20);
    expect(truncateMiddle(emoji)).toBe(`${'😀'.repeat(6)}...${'😀'.repeat(6)}`);
    expect(truncateMiddle('😀'.repeat(15))).toBe('😀'.repeat(15));
    expect(truncateMiddle('Привет, мир! Как дела?')).toBe('Привет... дела?');
    expect(truncateMiddle('日本語の文字列です')).toBe('日本語の文字列です');
  });

  it('always yields well-formed unicode of at most head + tail + 3 code points', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (text, head, tail) => {
          const result = truncateMiddle(text, head, tail);
          expect(result.isWellFormed()).toBe(true);
          const chars = Array.from(text);
          if (chars.length <= head + tail + 3) {
            expect(result).toBe(text);
          } else {
            expect(result).toBe(`${chars.slice(0, head).join('')}...${chars.slice(chars.length - tail).join('')}`);
            expect(Array.from(result).length).toBe(head + tail + 3);
          }
        },
      ),
    );
  });
});

describe('formatFee', () => {
  it.each([
    [0.01, '1%'],
    [0.009, '0.9%'],
    [0.0125, '1.25%'],
    [0.015, '1.5%'],
    [0.02, '2%'],
    [0.005, '0.5%'],
    [0.0333, '3.33%'],
    [0.1, '10%'],
    [0.5, '50%'],
    [1, '100%'],
    [0, '0%'],
    [0.00001, '0%'],
  ])('%s -> %s', (input, expected) => {
    expect(formatFee(input)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows %s as 0%%', (input) => {
    expect(formatFee(input)).toBe('0%');
  });

  it('never shows more than two decimals nor floating-point noise', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (fraction) => {
        expect(formatFee(fraction)).toMatch(/^\d{1,3}(?:\.\d{1,2})?%$/);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats en-US style with the narrow currency symbol, grouped like every figure', () => {
    expect(formatMoney(1234.5, 'USD')).toBe(n('$1 234.50'));
    expect(formatMoney(1234.5, 'EUR')).toBe(n('€1 234.50'));
    expect(formatMoney(1234.5, 'GBP')).toBe(n('£1 234.50'));
    expect(formatMoney(1, 'RUB')).toBe('₽1.00');
    expect(formatMoney(1234567.891, 'USD')).toBe(n('$1 234 567.89'));
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('accepts lower-case codes', () => {
    expect(formatMoney(1234.5, 'eur')).toBe(n('€1 234.50'));
    expect(formatMoney(2, 'usd')).toBe('$2.00');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-1234.5, 'USD')).toBe(n('-$1 234.50'));
  });

  it('shows non-finite amounts as zero', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toBe('€0.00');
  });

  it.each(['XX', '', 'us$', 'EURO', '€', '12'])('does not throw on a bad code (%j) and shows a plain figure', (code) => {
    expect(formatMoney(1234.5, code)).toBe(n('1 234.50'));
  });

  it('caches per code without mixing currencies', () => {
    expect(formatMoney(1, 'USD')).toBe('$1.00');
    expect(formatMoney(1, 'EUR')).toBe('€1.00');
    expect(formatMoney(1, 'usd')).toBe('$1.00');
    expect(formatMoney(1, 'XX')).toBe('1.00');
    expect(formatMoney(1, 'USD')).toBe('$1.00');
  });

  it('never throws on arbitrary codes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.double(), (code, amount) => {
        expect(typeof formatMoney(amount, code)).toBe('string');
      }),
    );
  });
});

describe('one grouping and one decimal mark for every figure', () => {
  it('groups counts, plain numbers and percentages with narrow no-break spaces', () => {
    expect(formatInteger(1812500)).toBe(n('1 812 500'));
    expect(formatInteger(42)).toBe('42');
    expect(formatInteger(-1234.4)).toBe(n('-1 234'));
    expect(formatInteger(-0.4)).toBe('0');
    expect(formatInteger(null)).toBe('0');
    expect(formatNumber(10960.4, 1)).toBe(n('10 960.4'));
    expect(formatNumber(3, 2)).toBe('3');
    expect(formatNumber(2.5, 2)).toBe('2.5');
    expect(formatNumber(-0.001, 2)).toBe('0');
    expect(formatPercent(0.326, 1)).toBe('32.6%');
    expect(formatPercent(0.04271)).toBe('4.27%');
    expect(formatPercent(12.5)).toBe(n('1 250%'));
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('writes an amount with its ticker the same way on every page', () => {
    expect(formatCoinAmount('10922.3379351', 'doge')).toBe(`${n('10 922.337935')} DOGE`);
    expect(formatCoinAmount('55.50236712', 'ltc')).toBe('55.502367 LTC');
    expect(formatCoinAmount(10960, 'nexa')).toBe(`${n('10 960.00')} NEXA`);
    expect(formatCoinAmount('1812500', 'xec')).toBe(`${n('1 812 500.000000')} XEC`);
    expect(formatCoinAmount('0.31541731', 'btc')).toBe('0.31541731 BTC');
  });

  it('never uses a comma, a plain space or a non-Latin digit in any figure', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 3 }), (value, decimals) => {
        for (const text of [
          formatInteger(value),
          formatNumber(value, decimals),
          formatPercent(value, decimals),
          formatAmount(value, 'ltc'),
          formatMoney(value, 'USD'),
        ])
          // '<' and '>' only as the bound of a value too small to show ('< $0.01').
          expect(text).toMatch(/^[<>]?[-$\d\u202F.%]+$/);
      }),
    );
  });
});

describe('no false zero, one precision per kind', () => {
  it('shows a tiny non-zero percentage with two significant digits, never 0%', () => {
    expect(formatPercent(0.0000004, 1)).toBe('0.00004%');
    expect(formatPercent(0.000000412)).toBe('0.000041%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercentOf('effort', 0.0000004)).toBe('0.00004%');
  });

  it('keeps one fixed precision per kind of figure, so a column reads alike', () => {
    expect([1.13, 1.596].map((effort) => formatPercentOf('effort', effort))).toEqual(['113.0%', '159.6%']);
    expect(formatPercentOf('rate', 0.0157)).toBe('1.57%');
    expect(formatPercentOf('rate', 0.05)).toBe('5.00%');
    expect(formatPercentOf('share', 12.5)).toBe(n('1 250.00%'));
    expect(formatPercentOf('rate', 0)).toBe('0.00%');
    expect(formatPercentOf('rate', null)).toBe('—');
  });

  it('never rounds a non-zero value to zero', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1e-3, noNaN: true }), (fraction) => {
        for (const kind of ['effort', 'rate', 'share', 'trend'] as const)
          expect(formatPercentOf(kind, fraction)).not.toMatch(/^0(\.0+)?%$/);
        expect(formatPercent(fraction)).not.toBe('0%');
        expect(formatMoney(fraction, 'USD')).not.toBe('$0.00');
      }),
    );
  });

  it('shows money below a cent as < $0.01, and whole-unit currencies alike', () => {
    expect(formatMoney(0.0021, 'USD')).toBe(n('< $0.01'));
    expect(formatMoney(-0.0021, 'USD')).toBe(n('> -$0.01'));
    expect(formatMoney(0.006, 'USD')).toBe('$0.01');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(0.2, 'JPY')).toBe(n('< ¥1'));
  });
});
