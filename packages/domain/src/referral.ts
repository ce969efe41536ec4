/**
 * The referral cookie `ref`: set from `?ref=`, trimmed and
 * lower-cased, kept 14 days. Anything outside a safe set is ignored, so a crafted value
 * never reaches a header or a page.
 */

export const REFERRAL_COOKIE = {
  name: 'ref',
  maxAgeSeconds: 1_209_600,
  path: '/',
  sameSite: 'None',
  secure: true,
} as const;

const SAFE_REFERRAL = /^[a-z0-9._-]{1,64}$/;

export function normaliseReferral(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const value = raw.trim().toLowerCase();
  return SAFE_REFERRAL.test(value) ? value : null;
}

/**
 * The signed first-touch proof set beside `ref` on a landing through a referral link
 * (decision 017): same lifetime, path and scope. referral-landing.ts signs and checks it;
 * the browser only looks whether it is there.
 */
export const REFERRAL_LANDING_COOKIE = { ...REFERRAL_COOKIE, name: 'ref_landing' } as const;

/** The Set-Cookie value; `domain` shares it across the parent domain when configured. */
export function referralSetCookie(value: string, domain?: string, cookie: { name: string } = REFERRAL_COOKIE): string {
  const parts = [
    `${cookie.name}=${value}`,
    `Max-Age=${REFERRAL_COOKIE.maxAgeSeconds}`,
    `Path=${REFERRAL_COOKIE.path}`,
    'Secure',
    `SameSite=${REFERRAL_COOKIE.sameSite}`,
  ];
  if (domain) parts.push(`Domain=${domain}`);
  return parts.join('; ');
}
