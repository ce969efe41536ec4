/**
 * Proof that a visitor arrived through a referral link (decision 017). On a
 * landing with `?ref=` the web server sets, beside the spec's `ref` cookie, `ref_landing`: when
 * it landed, a landing id, and an HMAC of both and of the referral under `REFERRAL_SECRET`, a
 * secret the web server and the API share. The API records a referral only with a landing it
 * can verify, so a `ref` cookie written by hand, or signed with any other key, records nothing.
 *
 * Server-only (node:crypto): the browser needs only the cookie's name (referral.ts), and the
 * Set-Cookie value is referral.ts's `referralSetCookie(value, domain, REFERRAL_LANDING_COOKIE)`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { REFERRAL_LANDING_COOKIE } from './referral.ts';

/** `REFERRAL_SECRET`, as both apps' env.ts parse it: 32 characters or more, or unset (referrals off). */
export const referralSecretSchema = z.string().min(32, 'at least 32 characters (e.g. `openssl rand -base64 32`)').optional();

/**
 * How far the web server's clock may run ahead of the API's (a landing dated later than the
 * API's now), and how far a miner's first share may precede the landing that brought it (the
 * share's time comes from the stratum server, the landing's from the web server).
 */
export const LANDING_CLOCK_SKEW_MS = 5 * 60_000;

export interface ReferralLanding {
  /** Random, unique per landing: one landing brings at most one miner. */
  id: string;
  /** When the visitor landed, in milliseconds (whole seconds). */
  landedAt: number;
}

const VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, ref: string, landedAtS: string, id: string): Buffer {
  return createHmac('sha256', secret).update(`openpool referral landing\n${ref}\n${landedAtS}\n${id}`).digest();
}

/** The `ref_landing` value for a visitor landing now with the (normalised) referral `ref`. */
export function signReferralLanding(
  secret: string,
  ref: string,
  nowMs: number,
  id = randomBytes(12).toString('base64url'),
): string {
  const landedAtS = String(Math.floor(nowMs / 1000));
  return `${landedAtS}.${id}.${mac(secret, ref, landedAtS, id).toString('base64url')}`;
}

/**
 * The landing `value` proves for `ref`, or null: a malformed value, a signature by another key
 * or for another referral, a landing from the future or older than the cookie's lifetime.
 */
export function verifyReferralLanding(
  secret: string,
  ref: string,
  value: string | null | undefined,
  nowMs: number,
): ReferralLanding | null {
  const match = VALUE.exec(value ?? '');
  if (!match) return null;
  const [, landedAtS = '', id = '', signature = ''] = match;
  const expected = mac(secret, ref, landedAtS, id);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const landedAt = Number(landedAtS) * 1000;
  if (landedAt > nowMs + LANDING_CLOCK_SKEW_MS) return null;
  if (nowMs - landedAt > REFERRAL_LANDING_COOKIE.maxAgeSeconds * 1000) return null;
  return { id, landedAt };
}
