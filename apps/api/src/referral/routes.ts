/**
 * Referral tracking (spec section 7): the site calls this when a visitor with a `ref`
 * cookie lands on a miner's stats page from the search. The first referral recorded for a
 * coin and miner stays; later ones change nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { normaliseReferral } from '@openpool/domain/referral';
import type { ApiContext } from '../pool/context.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';

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
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/referral/track',
    {
      schema: {
        tags: ['referral'],
        summary: 'Record the visitor’s `ref` cookie for a coin and miner, once',
        querystring: z.object({ coin: coinParam, miner: addressParam }),
        response: { 200: z.object({ recorded: z.boolean() }), 400: errorSchema, 404: errorSchema },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.query.coin);
      const miner = checkAddress(request.query.miner);
      const ref = normaliseReferral(cookie(request.headers.cookie, 'ref') ?? '');
      if (!ref) return { recorded: false };
      const result = await ctx.db.query('insert into referrals (coin, address, ref) values ($1, $2, $3) on conflict do nothing', [
        coin,
        miner,
        ref,
      ]);
      return { recorded: (result.rowCount ?? 0) > 0 };
    },
  );
}
