/**
 * Referral tracking (spec section 7): the site calls this when a visitor with a `ref`
 * cookie lands on a miner's stats page from the search. Who may be attributed, and how
 * often: attribution.ts.
 */
import { parseCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { REFERRAL_COOKIE, normaliseReferral } from '@openpool/domain/referral';
import type { ApiContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { createReferralAttribution } from './attribution.ts';

/** The `ref` cookie's value; a malformed one is no referral (the `cookie` package, issue 11). */
function referralCookie(header: string | undefined): string | undefined {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  };
  return header ? parseCookie(header, { decode })[REFERRAL_COOKIE.name] : undefined;
}

export function registerReferralRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const attribute = createReferralAttribution(ctx.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/referral/track',
    {
      schema: {
        tags: ['referral'],
        summary: 'Record the visitor’s `ref` cookie for a coin and miner, once',
        querystring: z.object({ coin: coinParam, miner: addressParam }),
        response: { 200: z.object({ recorded: z.boolean() }), 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.query.coin);
      const miner = checkAddress(request.query.miner);
      const ref = normaliseReferral(referralCookie(request.headers.cookie) ?? '');
      if (!ref) return { recorded: false };
      const result = await attribute({ coin, miner, ref, client: request.ip, now: ctx.now() });
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
