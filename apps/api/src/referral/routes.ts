/**
 * Referral tracking: the site calls this when a visitor with a `ref` cookie
 * lands on a miner's stats page from the search. The call counts only with the `ref_landing`
 * cookie the web server signed when the visitor arrived through a referral link
 * (decision 017): without it, or with one it cannot verify, the answer is 403 and
 * nothing is recorded, before any rate limit or database work. Who may be attributed, and how
 * often: attribution.ts.
 */
import { parseCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { REFERRAL_COOKIE, REFERRAL_LANDING_COOKIE, normaliseReferral } from '@openpool/domain/referral';
import { verifyReferralLanding } from '@openpool/domain/referral-landing';
import type { ApiContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { createReferralAttribution } from './attribution.ts';
import { API_ROUTES } from '@openpool/domain/paths';

/** The cookies of a Cookie header; a malformed value is no value (the `cookie` package). */
function cookies(header: string | undefined): Record<string, string | undefined> {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  };
  return header ? parseCookie(header, { decode }) : {};
}

const notFromLanding = () =>
  new HttpError(
    403,
    'referral_not_signed',
    'No referral landing: a referral counts only with the ref_landing cookie the site sets on arrival through a referral link.',
  );

/** `secret`: REFERRAL_SECRET, shared with the web server; unset, no referral is ever recorded. */
export function registerReferralRoutes(app: FastifyInstance, ctx: ApiContext, secret: string | undefined): void {
  const attribute = createReferralAttribution(ctx.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.referralTrack,
    {
      schema: {
        tags: ['referral'],
        summary: 'Record the visitor’s referral for a coin and miner, once, from a signed landing',
        description:
          'Needs the `ref` and `ref_landing` cookies the site sets on arrival through a referral link; ' +
          'without a landing the site signed: 403, nothing recorded.',
        querystring: z.object({ coin: coinParam, miner: addressParam }),
        response: {
          200: z.object({ recorded: z.boolean() }),
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.query.coin);
      const miner = checkAddress(request.query.miner);
      const jar = cookies(request.headers.cookie);
      const ref = normaliseReferral(jar[REFERRAL_COOKIE.name]);
      const now = ctx.now();
      const landing = ref && secret ? verifyReferralLanding(secret, ref, jar[REFERRAL_LANDING_COOKIE.name], now) : null;
      if (!ref || !landing) throw notFromLanding();
      const result = await attribute({ coin, miner, ref, landing, client: request.ip, now });
      if ('waitSeconds' in result)
        throw new HttpError(
          429,
          'too_many_attempts',
          'Too many referrals; try again later.',
          {},
          {
            'retry-after': String(result.waitSeconds),
          },
        );
      return result;
    },
  );
}
