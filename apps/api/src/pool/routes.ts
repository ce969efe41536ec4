import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blocksPageSchema,
  errorSchema,
  mergedListSchema,
  networkChartSchema,
  poolChartSchema,
  poolListSchema,
  topMinersSchema,
} from '@openpool/domain/api';
import type { ApiContext } from '../context.ts';
import { createMemo } from '../http/caching.ts';
import { addressParam, checkAddress, checkCoin, coinParam, plainNumberQuery, rangeQuery } from '../http/params.ts';
import { REWARD_SCHEMES } from '@openpool/domain/address';
import { blocksPage, mergedStats, networkChart, poolChart, poolStats, topMiners } from './queries.ts';
import { API_ROUTES } from '@openpool/domain/paths';

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };

export function registerPoolRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Identical requests within a second share one computation: at 1,000 requests a second
  // the database sees one query set per coin per second, not a thousand.
  const memo = createMemo(ctx.memoMs ?? 1000);
  const stats = (coin: Parameters<typeof poolStats>[1]) => memo(`stats:${coin}`, () => poolStats(ctx, coin));

  r.get(
    API_ROUTES.pools,
    {
      schema: {
        tags: ['pool'],
        summary: 'Stats of every enabled pool (the home page)',
        response: { 200: poolListSchema, 503: errorSchema },
      },
      config: { cache: 'pool' },
    },
    async () => ({ results: await Promise.all(ctx.site.enabled.map((coin) => stats(coin))) }),
  );

  r.get(
    API_ROUTES.merged,
    {
      schema: {
        tags: ['pool'],
        summary: 'Each merge-mined coin with its own figures: chain, blocks found in 24 hours, fee and minimum payout',
        response: { 200: mergedListSchema, 503: errorSchema },
      },
      config: { cache: 'pool' },
    },
    async () => memo('merged', () => mergedStats(ctx)),
  );

  r.get(
    API_ROUTES.poolChart,
    {
      schema: {
        tags: ['pool'],
        summary: 'Pool hashrate and miners over a range',
        params: z.object({ coin: coinParam }),
        querystring: rangeQuery,
        response: { 200: poolChartSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      return memo(`pool-chart:${coin}:${request.query.range}`, () => poolChart(ctx, coin, request.query.range));
    },
  );

  r.get(
    API_ROUTES.networkChart,
    {
      schema: {
        tags: ['pool'],
        summary: 'Network difficulty, hashrate and height over a range',
        params: z.object({ coin: coinParam }),
        querystring: rangeQuery,
        response: { 200: networkChartSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      return memo(`net-chart:${coin}:${request.query.range}`, () => networkChart(ctx, coin, request.query.range));
    },
  );

  r.get(
    API_ROUTES.blocks,
    {
      schema: {
        tags: ['pool'],
        summary: 'Blocks found by the pool, newest first, paged; filtered by status, scheme and finder',
        params: z.object({ coin: coinParam }),
        querystring: z.object({
          page: plainNumberQuery({ min: 1, max: 100_000, integer: true }).default(1),
          page_size: plainNumberQuery({ min: 1, max: 100, integer: true }).default(25),
          status: z.enum(['pending', 'confirmed', 'orphaned']).optional(),
          scheme: z.enum(REWARD_SCHEMES).optional(),
          finder: addressParam.optional().describe("a miner's address: only the blocks it found"),
          merged: z
            .enum(['true', 'false'])
            .default('false')
            .describe("true: with the merge-mined coins' blocks (each names its `coin` and `merged_from`)"),
        }),
        response: { 200: blocksPageSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const { page, page_size: size, status, scheme, finder, merged } = request.query;
      if (finder !== undefined) checkAddress(finder);
      const filter = { status, scheme, finder, merged: merged === 'true' };
      return memo(`blocks:${coin}:${page}:${size}:${status}:${scheme}:${finder}:${merged}`, () =>
        blocksPage(ctx, coin, page, size, filter),
      );
    },
  );

  r.get(
    API_ROUTES.topMiners,
    {
      schema: {
        tags: ['pool'],
        summary: 'The 100 largest miners by 24-hour hashrate',
        params: z.object({ coin: coinParam }),
        response: { 200: topMinersSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      return memo(`top:${coin}`, () => topMiners(ctx, coin));
    },
  );
}
