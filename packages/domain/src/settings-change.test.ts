import { describe, expect, it } from 'vitest';
import { checkSettingsChange, typedAmountToUnits, isEmailAddress } from './settings-change.ts';
import { renderRuleMessage } from './validation.ts';

const LTC = { min: '0.01', max: '10000', unitDecimals: 8 };
const problems = (input: Parameters<typeof checkSettingsChange>[0]) =>
  Object.fromEntries(Object.entries(checkSettingsChange(input, LTC)).map(([field, rule]) => [field, renderRuleMessage(rule)]));

describe('checkSettingsChange', () => {
  it('passes a good change', () => {
    expect(problems({ ip: '192.0.2.1', payout_threshold: '0.5', email: 'miner@example.com' })).toEqual({});
    expect(problems({ ip: '192.0.2.1' })).toEqual({});
  });

  it('answers in the spec’s words', () => {
    expect(problems({ ip: '' })).toEqual({ ip: 'This field is required.' });
    expect(problems({ ip: '300.1.1.1', payout_threshold: 'abc' })).toEqual({
      ip: 'Invalid IP address.',
      payout_threshold: 'The payout threshold field must contain only decimal values',
    });
    expect(problems({ ip: '192.0.2.1', payout_threshold: '0.001' })).toEqual({
      payout_threshold: 'This field must be 0.01 or more.',
    });
  });

  // '-1' once read 'This field field must be 0.001 or more.'
  it.each(['-1', '0', '-0.5', '0.009'])('answers the threshold %s with the minimum, in plain words', (value) => {
    expect(problems({ ip: '192.0.2.1', payout_threshold: value })).toEqual({
      payout_threshold: 'This field must be 0.01 or more.',
    });
  });

  // These once answered 500 (a toFixed error, then a numeric overflow).
  it.each(['1e21', '1e39', '9'.repeat(38), '1e400', '10000.00000001'])(
    'refuses the threshold %s as above the maximum',
    (value) => {
      expect(problems({ ip: '192.0.2.1', payout_threshold: value })).toEqual({
        payout_threshold: 'This field must be 10000 or less.',
      });
    },
  );

  it.each(['', ' ', '0x10', '1e', 'Infinity', 'NaN', '1,5', '--1'])('refuses the threshold %j', (value) => {
    expect(problems({ ip: '192.0.2.1', payout_threshold: value }).payout_threshold).toBeDefined();
  });

  it.each([
    '"><img src=x onerror=alert(1)>@evil.example',
    '"><img/src=x/onerror=alert(1)>@evil.example',
    'a b@example.com',
    'no-at-sign',
    'x@y',
    `${'a'.repeat(250)}@example.com`,
    // A domain label of 180 characters was once accepted; labels are at most 63.
    `miner@${'a'.repeat(180)}.example`,
    `miner@${'a'.repeat(64)}.example`,
    `miner@mail.${'b'.repeat(64)}`,
    `${'a'.repeat(65)}@example.com`,
    // 255 characters, every label within 63.
    `miner@${['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(57)].join('.')}`,
  ])('refuses the e-mail %s with a message the site translates', (email) => {
    expect(checkSettingsChange({ ip: '192.0.2.1', email }, LTC).email).toEqual({
      id: 'validation.email',
      message: 'Invalid e-mail address.',
      values: {},
    });
  });
});

describe('isEmailAddress', () => {
  it.each([
    'miner@example.com',
    `miner@${'a'.repeat(63)}.example`,
    `${'a'.repeat(64)}@example.com`,
    // 254 characters, every label within 63.
    `miner@${['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(56)].join('.')}`,
  ])('accepts %s (at the limits)', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it('refuses a domain label one character past 63, at any place', () => {
    const label = 'x'.repeat(64);
    for (const domain of [`${label}.example`, `mail.${label}.example`, `mail.${label}`])
      expect(isEmailAddress(`miner@${domain}`), domain).toBe(false);
  });
});

describe('typedAmountToUnits', () => {
  it('is exact, with exponents, rounded down', () => {
    expect(typedAmountToUnits('0.5', 8)).toBe(50_000_000n);
    expect(typedAmountToUnits('1.23456789123', 8)).toBe(123_456_789n);
    expect(typedAmountToUnits('1e21', 8)).toBe(10n ** 29n);
    expect(typedAmountToUnits('2.5e-3', 8)).toBe(250_000n);
    expect(typedAmountToUnits('+.5', 2)).toBe(50n);
    expect(typedAmountToUnits('-1', 2)).toBe(-100n);
  });
});
