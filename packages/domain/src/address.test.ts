import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ADDRESS_LENGTH,
  MAX_WORKER_LENGTH,
  REWARD_SCHEMES,
  isEmailStyleAccount,
  isRewardScheme,
  isWellFormedAddress,
  isWellFormedWorker,
  lastSearchStorageKey,
  normaliseSearchAddress,
} from './address.ts';

const ADDRESS_ALPHABET = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '.', '_', ':', '@', '+', '-'];

describe('isEmailStyleAccount', () => {
  it.each(['miner@example.com', '@', 'a@b', 'krx', 'krx1qexample', 'krxABC'])('treats %j as an e-mail-style account', (value) => {
    expect(isEmailStyleAccount(value)).toBe(true);
  });

  it.each(['', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', 'KRX1', 'akrx', ' krx', 'ltc1krx'])(
    'treats %j as a plain address',
    (value) => {
      expect(isEmailStyleAccount(value)).toBe(false);
    },
  );
});

describe('isWellFormedAddress', () => {
  it.each([
    'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    'miner+tag@example.com',
    'user_name.01',
    'a',
    '-',
  ])('accepts %j', (value) => {
    expect(isWellFormedAddress(value)).toBe(true);
  });

  it('accepts up to 254 characters and no more', () => {
    expect(MAX_ADDRESS_LENGTH).toBe(254);
    expect(isWellFormedAddress('a'.repeat(254))).toBe(true);
    expect(isWellFormedAddress('a'.repeat(255))).toBe(false);
    expect(isWellFormedAddress('a'.repeat(10_000))).toBe(false);
    expect(isWellFormedAddress(`${'a'.repeat(9_999)}/`)).toBe(false);
  });

  it.each([
    '',
    ' ',
    ' bc1q',
    'bc1q ',
    '../',
    '../../etc/passwd',
    'a/b',
    'a\\b',
    '%00',
    'abc%2F',
    '<script>',
    '<script>alert(1)</script>',
    '"quoted"',
    "it's",
    'a#b',
    'a?b=c',
    'a&b',
    'a;b',
    'a\nb',
    'a\u0000b',
    'адрес',
    'café',
    '😀',
    'ｂｔｃ', // full-width letters
  ])('refuses %j', (value) => {
    expect(isWellFormedAddress(value)).toBe(false);
  });

  it('accepts every string of 1 to 254 allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ADDRESS_ALPHABET), minLength: 1, maxLength: 254 }), (value) => {
        expect(isWellFormedAddress(value)).toBe(true);
      }),
    );
  });

  it('never accepts a string containing "/" or "<"', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        fc.constantFrom('/', '<'),
        fc.string({ maxLength: 100 }),
        (before, bad, after) => {
          expect(isWellFormedAddress(`${before}${bad}${after}`)).toBe(false);
        },
      ),
    );
  });

  it('accepts exactly the strings of the allowed alphabet and length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (value) => {
        const expected = value.length >= 1 && value.length <= 254 && /^[A-Za-z0-9._:@+-]+$/.test(value);
        expect(isWellFormedAddress(value)).toBe(expected);
      }),
    );
  });
});

describe('isWellFormedWorker', () => {
  it.each(['rig1', 'rig-01', 'rig_01', 'rig.01', 'rig~01', 'A', 'x'.repeat(64)])('accepts %j', (value) => {
    expect(isWellFormedWorker(value)).toBe(true);
  });

  it.each(['', 'x'.repeat(65), 'rig 1', 'rig/1', 'rig@1', 'rig:1', 'rig+1', '<rig>', '%00', 'риг', '😀'])(
    'refuses %j',
    (value) => {
      expect(isWellFormedWorker(value)).toBe(false);
    },
  );

  it('allows at most 64 characters', () => {
    expect(MAX_WORKER_LENGTH).toBe(64);
  });
});

describe('reward schemes', () => {
  it('are pps, prop and solo', () => {
    expect([...REWARD_SCHEMES]).toEqual(['pps', 'prop', 'solo']);
  });

  it.each(['pps', 'prop', 'solo'])('accepts %j', (value) => {
    expect(isRewardScheme(value)).toBe(true);
  });

  it.each(['', 'PPS', 'pplns', 'pps+', ' solo', 'toString'])('refuses %j', (value) => {
    expect(isRewardScheme(value)).toBe(false);
  });
});

describe('normaliseSearchAddress', () => {
  it('trims the address', () => {
    expect(normaliseSearchAddress('  bc1qabc  ')).toBe('bc1qabc');
    expect(normaliseSearchAddress('\tbc1qabc\n')).toBe('bc1qabc');
    expect(normaliseSearchAddress('bc1qabc')).toBe('bc1qabc');
    expect(normaliseSearchAddress(' a b ')).toBe('a b');
  });

  it.each(['', ' ', '   ', '\t\n', '\u00a0'])('returns null for blank %j', (value) => {
    expect(normaliseSearchAddress(value)).toBeNull();
  });
});

describe('lastSearchStorageKey', () => {
  it('is lastSearch:{coin}', () => {
    expect(lastSearchStorageKey('btc')).toBe('lastSearch:btc');
    expect(lastSearchStorageKey('ltc')).toBe('lastSearch:ltc');
  });
});
