import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERRAL_COOKIE, normaliseReferral, referralSetCookie } from './referral.ts';

describe('normaliseReferral', () => {
  it.each([
    ['abc', 'abc'],
    ['  ABC  ', 'abc'],
    ['\tFriend-01\n', 'friend-01'],
    ['john.doe_42', 'john.doe_42'],
    ['MiXeD', 'mixed'],
    ['0', '0'],
    ['a'.repeat(64), 'a'.repeat(64)],
    [`  ${'A'.repeat(64)}  `, 'a'.repeat(64)],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseReferral(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'a'.repeat(65),
    'a b',
    'a;b',
    'a=b',
    'a,b',
    'a\r\nSet-Cookie: x=1',
    '<script>',
    '"quoted"',
    'a/b',
    'a%20b',
    'a+b',
    'ref@example.com',
    'ä',
    'реф',
    '😀',
    'a\u0000',
  ])('refuses %j', (input) => {
    expect(normaliseReferral(input)).toBeNull();
  });

  it('returns either null or a trimmed, lower-case value of 1 to 64 safe characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (raw) => {
        const result = normaliseReferral(raw);
        if (result !== null) {
          expect(result).toMatch(/^[a-z0-9._-]{1,64}$/);
          expect(result).toBe(raw.trim().toLowerCase());
        }
      }),
    );
  });

  it('accepts every value of 1 to 64 safe characters, in any case, with surrounding spaces', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcXYZ019._-'), minLength: 1, maxLength: 64 }),
        fc.constantFrom('', ' ', '\t', '  \n'),
        (value, pad) => {
          expect(normaliseReferral(`${pad}${value}${pad}`)).toBe(value.toLowerCase());
        },
      ),
    );
  });
});

describe('referralSetCookie', () => {
  it('sets ref for 14 days on / as a secure cross-site cookie', () => {
    expect(referralSetCookie('abc')).toBe('ref=abc; Max-Age=1209600; Path=/; Secure; SameSite=None');
  });

  it('adds Domain only when given', () => {
    expect(referralSetCookie('abc', 'openpool.example')).toBe(
      'ref=abc; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=openpool.example',
    );
    expect(referralSetCookie('abc', '')).not.toContain('Domain=');
    expect(referralSetCookie('abc', undefined)).not.toContain('Domain=');
  });

  it('has every required attribute', () => {
    const header = referralSetCookie('friend-01', '.openpool.example');
    const attributes = header.split('; ');
    expect(attributes).toContain('ref=friend-01');
    expect(attributes).toContain('Max-Age=1209600');
    expect(attributes).toContain('Path=/');
    expect(attributes).toContain('Secure');
    expect(attributes).toContain('SameSite=None');
    expect(attributes).toContain('Domain=.openpool.example');
  });

  it('matches the cookie constants', () => {
    expect(REFERRAL_COOKIE).toEqual({
      name: 'ref',
      maxAgeSeconds: 14 * 24 * 60 * 60,
      path: '/',
      sameSite: 'None',
      secure: true,
    });
  });
});
