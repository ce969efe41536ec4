/**
 * Referral tracking (spec section 7): the site calls this when a visitor with a `ref`
 * cookie lands on a miner's stats page from the search. Who may be attributed, and how
 * often: attribution.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { normaliseReferral } from '@openpool/domain/referral';
import type { ApiContext } from '../pool/context.ts';
import { HttpError } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { createReferralAttribution } from './attribution.ts';

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
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
      const ref = normaliseReferral(cookie(request.headers.cookie, 'ref') ?? '');
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
