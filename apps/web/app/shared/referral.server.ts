import { normaliseReferral, referralSetCookie } from '@openpool/domain/referral';
import type { MiddlewareFunction } from 'react-router';
import { appContext } from '~/context';

/**
 * `?ref=` on any page sets the referral cookie in the server's response, so it works with
 * JavaScript off (spec section 7). Unsafe values are ignored.
 */
export const referralMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const ref = normaliseReferral(new URL(request.url).searchParams.get('ref'));
  if (ref) response.headers.append('Set-Cookie', referralSetCookie(ref, context.get(appContext).cookieDomain));
  return response;
};
