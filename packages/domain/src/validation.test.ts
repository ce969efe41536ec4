import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimal,
  ipv4,
  maxValue,
  minValue,
  numeric,
  parsePlainNumber,
  renderRuleMessage,
  required,
  type RuleResult,
} from './validation.ts';

/** The rendered English text of a failing rule; throws if the rule passed. */
function text(result: RuleResult): string {
  if (result === null) throw new Error('expected the rule to fail, it passed');
  return renderRuleMessage(result);
}

describe('renderRuleMessage', () => {
  it('interpolates known placeholders and leaves unknown ones as they are', () => {
    expect(renderRuleMessage({ id: 'x', message: 'a {one} b {two} c {one}', values: { one: 1 } })).toBe('a 1 b {two} c 1');
    expect(renderRuleMessage({ id: 'x', message: 'no placeholders', values: { one: 1 } })).toBe('no placeholders');
    expect(renderRuleMessage({ id: 'x', message: '{name}!', values: { name: 'Ann' } })).toBe('Ann!');
  });

  it('does not re-interpolate placeholders inside values', () => {
    expect(renderRuleMessage({ id: 'x', message: '{a}', values: { a: '{b}', b: 'no' } })).toBe('{b}');
  });
});

describe('required', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['false', false],
    ['empty string', ''],
    ['spaces', '   '],
    ['tab and newline', '\t\n'],
    ['empty array', []],
  ])('fails for %s', (_label, value) => {
    const result = required(value);
    expect(result).toEqual({ id: 'validation.required', message: 'This field is required.', values: {} });
    expect(text(result)).toBe('This field is required.');
  });

  it.each([
    ['a string', 'a'],
    ['a padded string', '  a  '],
    ['zero', 0],
    ['true', true],
    ['a non-empty array', ['x']],
    ['an object', {}],
  ])('passes for %s', (_label, value) => {
    expect(required(value)).toBeNull();
  });
});

describe('decimal', () => {
  const failure = (field = 'This') => ({
    id: 'validation.decimal',
    message: 'The {field} field must contain only decimal values',
    values: { field },
  });

  it.each([
    '0',
    '1',
    '-1',
    '+1',
    '123',
    '1.5',
    '-1.5',
    '+0.25',
    '.5',
    '-.5',
    '0.000001',
    '1e5',
    '1E5',
    '1e+5',
    '1e-5',
    '-1.5E-3',
    '.5e2',
    '00012.3400',
  ])('accepts %j', (value) => {
    expect(decimal(value)).toBeNull();
  });

  it.each([
    '',
    '-',
    '+',
    '.',
    '-.',
    '+.',
    'e5',
    '1e',
    '1e-',
    '1e5.5',
    '1.2.3',
    '1,5',
    ' 1',
    '1 ',
    '1 000',
    '--1',
    '+-1',
    'abc',
    '1a',
    '0x10',
    'NaN',
    'Infinity',
    '١٢', // Arabic-Indic digits are not decimal digits here
  ])('refuses %j', (value) => {
    expect(decimal(value)).toEqual(failure());
  });

  it('accepts finite numbers and refuses non-finite ones', () => {
    expect(decimal(1.5)).toBeNull();
    expect(decimal(-42)).toBeNull();
    expect(decimal(0)).toBeNull();
    expect(decimal(1e21)).toBeNull(); // String(1e21) is '1e+21'
    expect(decimal(Number.NaN)).toEqual(failure());
    expect(decimal(Number.POSITIVE_INFINITY)).toEqual(failure());
  });

  it.each([null, undefined, true, {}, [], ['1']])('refuses non-string, non-number %j', (value) => {
    expect(decimal(value)).toEqual(failure());
  });

  it('names the field in the message', () => {
    expect(text(decimal('x', { field: 'amount' }))).toBe('The amount field must contain only decimal values');
    expect(decimal('', { field: 'amount' })).toEqual(failure('amount'));
  });

  describe('with a custom separator', () => {
    it('uses "," instead of "."', () => {
      expect(decimal('1,5', { separator: ',' })).toBeNull();
      expect(decimal('-0,25', { separator: ',' })).toBeNull();
      expect(decimal(',5', { separator: ',' })).toBeNull();
      expect(decimal('1,5e3', { separator: ',' })).toBeNull();
      expect(decimal('1.5', { separator: ',' })).toEqual(failure());
      expect(decimal(',', { separator: ',' })).toEqual(failure());
      expect(decimal('1,2,3', { separator: ',' })).toEqual(failure());
    });

    it('treats regular-expression characters in the separator literally', () => {
      expect(decimal('1*5', { separator: '*' })).toBeNull();
      expect(decimal('15', { separator: '*' })).toBeNull();
      expect(decimal('1**5', { separator: '*' })).toEqual(failure());
      expect(decimal('1|5', { separator: '|' })).toBeNull();
      expect(decimal('1', { separator: '|' })).toBeNull();
      expect(decimal('|', { separator: '|' })).toEqual(failure());
      expect(decimal('1x5', { separator: '.' })).toEqual(failure());
    });
  });

  describe('with a decimals limit', () => {
    it('allows up to that many decimals', () => {
      expect(decimal('1.12', { decimals: 2 })).toBeNull();
      expect(decimal('1.1', { decimals: 2 })).toBeNull();
      expect(decimal('.12', { decimals: 2 })).toBeNull();
      expect(decimal('-1.12e3', { decimals: 2 })).toBeNull();
      expect(decimal('12', { decimals: 2 })).toBeNull();
      expect(decimal('1.123', { decimals: 2 })).toEqual(failure());
      expect(decimal('.123', { decimals: 2 })).toEqual(failure());
      expect(decimal('0.12345678', { decimals: 8 })).toBeNull();
      expect(decimal('0.123456789', { decimals: 8 })).toEqual(failure());
    });

    it('still refuses a lone sign or a lone separator', () => {
      expect(decimal('.', { decimals: 2 })).toEqual(failure());
      expect(decimal('-', { decimals: 2 })).toEqual(failure());
      expect(decimal(',', { decimals: 2, separator: ',' })).toEqual(failure());
    });

    it('with 0 decimals allows integers only', () => {
      expect(decimal('12', { decimals: 0 })).toBeNull();
      expect(decimal('-12', { decimals: 0 })).toBeNull();
      expect(decimal('12e3', { decimals: 0 })).toBeNull();
      expect(decimal('1.5', { decimals: 0 })).toEqual(failure());
      expect(decimal('.5', { decimals: 0 })).toEqual(failure());
      expect(decimal('-', { decimals: 0 })).toEqual(failure());
    });

    it('with 0 decimals refuses a lone separator', () => {
      // Spec: a lone dot fails, whatever the number of decimals.
      expect(decimal('.', { decimals: 0 })).toEqual(failure());
      expect(decimal('-.', { decimals: 0 })).toEqual(failure());
    });
  });

  it('agrees with a reference pattern on arbitrary strings over the decimal alphabet', () => {
    const reference = (value: string, decimals: number | undefined): boolean => {
      const match = /^[-+]?(\d*)(?:\.(\d*))?(?:[eE][-+]?\d+)?$/.exec(value);
      if (!match) return false;
      const whole = match[1] ?? '';
      const fraction = match[2];
      if (whole === '' && (fraction === undefined || fraction === '')) return false;
      if (decimals !== undefined && fraction !== undefined && fraction.length > decimals) return false;
      return true;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', 'E'), maxLength: 10 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        (value, decimals) => {
          // '1.' (a trailing separator) is left to the implementation; everything else is checked.
          fc.pre(!/^[-+]?\d+\.(?:[eE]|$)/.test(value));
          expect(decimal(value, { decimals }) === null).toBe(reference(value, decimals));
        },
      ),
    );
  });
});

describe('numeric', () => {
  it.each(['0', '7', '0123', '12345678901234567890'])('accepts %j', (value) => {
    expect(numeric(value)).toBeNull();
  });

  it.each([0, 7, 123456])('accepts the non-negative integer %s', (value) => {
    expect(numeric(value)).toBeNull();
  });

  it.each(['', ' ', '-1', '+1', '1.5', '1,5', '1e5', ' 1', '1 ', 'abc', '١٢', '½', -1, 1.5, Number.NaN, null, undefined, true])(
    'refuses %j',
    (value) => {
      expect(numeric(value)).toEqual({
        id: 'validation.numeric',
        message: 'The {field} field may only contain numeric characters',
        values: { field: 'This' },
      });
    },
  );

  it('names the field in the message', () => {
    expect(text(numeric('x', { field: 'port' }))).toBe('The port field may only contain numeric characters');
  });
});

describe('ipv4', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.254', '255.255.255.255', '10.0.0.10', '1.2.3.4'])('accepts %j', (value) => {
    expect(ipv4(value)).toBeNull();
  });

  it.each([
    '',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.4.',
    '.1.2.3',
    '256.0.0.1',
    '1.2.3.256',
    '999.1.1.1',
    '1.2.3.-4',
    '1.2.3.+4',
    '01.2.3.4',
    '1.2.3.00',
    '1..3.4',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '1.2.3.4\n',
    'a.b.c.d',
    '1.2.3.4/24',
    '::1',
    '1.2.3.0x1',
    '١.٢.٣.٤',
    '1000.1.1.1',
  ])('refuses %j', (value) => {
    expect(text(ipv4(value))).toBe('Invalid IP address.');
  });

  it.each([null, undefined, 16909060, ['1', '2', '3', '4']])('refuses non-string %j', (value) => {
    expect(ipv4(value)).toEqual({ id: 'validation.ipv4', message: 'Invalid IP address.', values: {} });
  });

  it('accepts every dotted quad of 0-255 written without leading zeros', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }), (parts) => {
        expect(ipv4(parts.join('.'))).toBeNull();
      }),
    );
  });

  it('refuses any quad with a part above 255', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 256, max: 100_000 }),
        fc.integer({ min: 0, max: 3 }),
        (parts, big, at) => {
          const all: number[] = [...parts];
          all.splice(at, 0, big);
          expect(ipv4(all.join('.'))).not.toBeNull();
        },
      ),
    );
  });
});

describe('maxValue', () => {
  it('says what the maximum is and passes at and below it', () => {
    expect(text(maxValue('11', 10))).toBe('This field must be 10 or less.');
    expect(maxValue('10', 10)).toBeNull();
    expect(maxValue(' 0.5 ', 10)).toBeNull();
    expect(maxValue('-3', 10)).toBeNull();
  });

  it.each(['', 'abc', '0x10', 'Infinity', '1e400', '1,5'])('refuses %j', (input) => {
    expect(maxValue(input, 10)?.id).toBe('validation.max_value');
  });
});

describe('minValue', () => {
  it('says what the minimum is, no word doubled (not "This field field")', () => {
    expect(text(minValue('1', 5))).toBe('This field must be 5 or more.');
    expect(text(minValue(0.1, 0.5))).toBe('This field must be 0.5 or more.');
    expect(minValue('', 3)).toEqual({
      id: 'validation.min_value',
      message: 'This field must be {min} or more.',
      values: { min: 3 },
    });
  });

  it.each([
    ['5', 5],
    [5, 5],
    ['6', 5],
    [' 5 ', 5],
    ['5.0', 5],
    ['1e3', 5],
    ['0.5', 0.5],
    [0, 0],
    ['-1', -2],
  ])('passes %j >= %s', (value, min) => {
    expect(minValue(value, min)).toBeNull();
  });

  it.each([
    ['4.999', 5],
    [4, 5],
    ['-1', 0],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['NaN', 0],
    ['Infinity', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
  ])('fails %j against %s', (value, min) => {
    expect(text(minValue(value, min))).toBe(`This field must be ${min} or more.`);
  });

  it('agrees with numeric comparison for any finite number', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (value, min) => {
          expect(minValue(value, min) === null).toBe(value >= min);
          expect(minValue(String(value), min) === null).toBe(value >= min);
        },
      ),
    );
  });
});

describe('parsePlainNumber (one rule for numbers read from text)', () => {
  it.each(['', ' ', '0x10', '1e3', '+5', '-1', 'Infinity', 'NaN', '1,5', '.5', '5.', ' 1'])('refuses %j', (text) => {
    expect(parsePlainNumber(text, { max: 1e30 })).toBeNull();
  });

  it('takes digits with a fraction, within its bounds', () => {
    expect(parsePlainNumber('16', { max: 100 })).toBe(16);
    expect(parsePlainNumber('2.5', { max: 100 })).toBe(2.5);
    expect(parsePlainNumber('2.5', { max: 100, integer: true })).toBeNull();
    expect(parsePlainNumber('101', { max: 100 })).toBeNull();
    expect(parsePlainNumber('0', { min: 1, max: 100 })).toBeNull();
  });
});
