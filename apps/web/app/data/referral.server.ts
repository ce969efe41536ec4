import { REFERRAL_COOKIE, REFERRAL_LANDING_COOKIE, normaliseReferral, referralSetCookie } from '@openpool/domain/referral';
import { signReferralLanding, verifyReferralLanding } from '@openpool/domain/referral-landing';
import type { MiddlewareFunction } from 'react-router';
import { appContext } from '~/platform/context';
import { readCookie } from '~/platform/cookies';

/**
 * A landing through a referral link: `?ref=` on any page sets the referral cookie in the
 * server's response, so it works with JavaScript off. Unsafe values are
 * ignored. Beside `ref` goes `ref_landing`, this landing signed with REFERRAL_SECRET: the API
 * records a referral only with it (decision 017). First touch wins: a visitor
 * who already holds a landing the site signed keeps it, whatever `?ref=` later links carry.
 */
export const referralMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const ref = normaliseReferral(new URL(request.url).searchParams.get('ref'));
  if (!ref) return response;
  const { cookieDomain, referralSecret } = context.get(appContext);
  const now = Date.now();
  if (referralSecret) {
    const cookies = request.headers.get('cookie');
    const held = normaliseReferral(readCookie(cookies, REFERRAL_COOKIE.name));
    if (held && verifyReferralLanding(referralSecret, held, readCookie(cookies, REFERRAL_LANDING_COOKIE.name), now))
      return response;
  }
  response.headers.append('Set-Cookie', referralSetCookie(ref, cookieDomain));
  if (referralSecret)
    response.headers.append(
      'Set-Cookie',
      referralSetCookie(signReferralLanding(referralSecret, ref, now), cookieDomain, REFERRAL_LANDING_COOKIE),
    );
  return response;
};
