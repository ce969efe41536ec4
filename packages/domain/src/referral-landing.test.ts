import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERRAL_LANDING_COOKIE, referralSetCookie } from './referral.ts';
import { LANDING_CLOCK_SKEW_MS, referralSecretSchema, signReferralLanding, verifyReferralLanding } from './referral-landing.ts';

const SECRET = 'test-referral-secret-0123456789abcdef';
const OTHER = 'another-referral-secret-0123456789ab';
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

describe('signReferralLanding / verifyReferralLanding', () => {
  it('verifies its own landing for the same referral, with when it landed and its id', () => {
    const value = signReferralLanding(SECRET, 'friend', NOW + 999);
    expect(verifyReferralLanding(SECRET, 'friend', value, NOW + DAY)).toEqual({
      id: value.split('.')[1],
      landedAt: NOW,
    });
  });

  it('gives every landing its own id', () => {
    const ids = new Set(Array.from({ length: 50 }, () => signReferralLanding(SECRET, 'friend', NOW).split('.')[1]));
    expect(ids.size).toBe(50);
  });

  it('refuses a landing signed with another key', () => {
    expect(verifyReferralLanding(SECRET, 'friend', signReferralLanding(OTHER, 'friend', NOW), NOW)).toBeNull();
  });

  it('refuses a landing moved to another referral', () => {
    expect(verifyReferralLanding(SECRET, 'thief', signReferralLanding(SECRET, 'friend', NOW), NOW)).toBeNull();
  });

  it('refuses a landing whose time or id was changed', () => {
    const [landedAt, id, mac] = signReferralLanding(SECRET, 'friend', NOW).split('.') as [string, string, string];
    expect(verifyReferralLanding(SECRET, 'friend', `${Number(landedAt) - 86_400}.${id}.${mac}`, NOW)).toBeNull();
    const otherId = `${id[0] === 'A' ? 'B' : 'A'}${id.slice(1)}`;
    expect(verifyReferralLanding(SECRET, 'friend', `${landedAt}.${otherId}.${mac}`, NOW)).toBeNull();
  });

  it('refuses a landing older than the cookie lifetime, or from the future beyond the clock skew', () => {
    const value = signReferralLanding(SECRET, 'friend', NOW);
    expect(verifyReferralLanding(SECRET, 'friend', value, NOW + 14 * DAY)).not.toBeNull();
    expect(verifyReferralLanding(SECRET, 'friend', value, NOW + 14 * DAY + 1000)).toBeNull();
    expect(verifyReferralLanding(SECRET, 'friend', value, NOW - LANDING_CLOCK_SKEW_MS)).not.toBeNull();
    expect(verifyReferralLanding(SECRET, 'friend', value, NOW - LANDING_CLOCK_SKEW_MS - 1000)).toBeNull();
  });

  it.each([null, undefined, '', 'friend', '1.2.3', 'x'.repeat(80), `${NOW / 1000}.short.sig`])(
    'refuses the malformed value %j',
    (value) => {
      expect(verifyReferralLanding(SECRET, 'friend', value, NOW)).toBeNull();
    },
  );

  it('accepts no value it did not sign (a forger without the key)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 16, maxLength: 16 }),
        fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 43, maxLength: 43 }),
        (landedAtS, id, mac) => {
          expect(verifyReferralLanding(SECRET, 'friend', `${landedAtS}.${id}.${mac}`, landedAtS * 1000)).toBeNull();
        },
      ),
    );
  });

  it('is a value a cookie carries as it is, set with the attributes of ref', () => {
    const value = signReferralLanding(SECRET, 'friend', NOW);
    expect(value).toMatch(/^[0-9A-Za-z._-]+$/);
    expect(referralSetCookie(value, '.openpool.example', REFERRAL_LANDING_COOKIE)).toBe(
      `ref_landing=${value}; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=.openpool.example`,
    );
  });
});

describe('referralSecretSchema', () => {
  it('takes 32 characters or more, or nothing', () => {
    expect(referralSecretSchema.safeParse('x'.repeat(32)).success).toBe(true);
    expect(referralSecretSchema.safeParse(undefined).success).toBe(true);
    expect(referralSecretSchema.safeParse('x'.repeat(31)).success).toBe(false);
  });
});
