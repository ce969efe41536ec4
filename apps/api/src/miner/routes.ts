import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  minerChartSchema,
  minerStatsSchema,
  minerPayoutsSchema,
  rewardsSchema,
  workerStatsSchema,
} from '@openpool/domain/api';
import { REWARD_SCHEMES } from '@openpool/domain/address';
import type { ApiContext } from '../context.ts';
import { createMemo } from '../http/caching.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  addressParam,
  checkAddress,
  checkCoin,
  checkWorker,
  coinParam,
  plainNumberQuery,
  rangeQuery,
  workerParam,
} from '../http/params.ts';
import { dailyRewards, minerChart, minerStats } from './queries.ts';
import { workers } from './workers.ts';
import { minerPayouts, payoutCoins } from './payouts.ts';
import { API_ROUTES } from '@openpool/domain/paths';

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };
const minerParams = z.object({ coin: coinParam, address: addressParam });

export function registerMinerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createMemo(ctx.memoMs ?? 1000);

  r.get(
    API_ROUTES.minerStats,
    {
      schema: {
        tags: ['miner'],
        summary: 'Miner stats: hashrate windows, shares, rewards, balances, workers, solo effort, blocks',
        params: minerParams,
        response: { 200: minerStatsSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const stats = await memo(`stats:${coin}:${address}`, () => minerStats(ctx, coin, address));
      if (!stats) throw notFound('Nothing found: no shares from this address yet');
      return stats;
    },
  );

  r.get(
    API_ROUTES.minerChart,
    {
      schema: {
        tags: ['miner'],
        summary: 'Miner hashrate and shares over a range',
        params: minerParams,
        querystring: rangeQuery,
        response: { 200: minerChartSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return memo(`chart:${coin}:${address}:${request.query.range}`, () => minerChart(ctx, coin, address, request.query.range));
    },
  );

  r.get(
    API_ROUTES.minerWorker,
    {
      schema: {
        tags: ['miner'],
        summary: 'One worker: stats and chart (scheme optional; the first match otherwise)',
        params: minerParams.extend({ worker: workerParam }),
        querystring: rangeQuery.extend({ scheme: z.enum(REWARD_SCHEMES).optional() }),
        response: { 200: workerStatsSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const name = checkWorker(request.params.worker);
      const { range, scheme } = request.query;
      const [row] = await workers(ctx, coin, address, { name, scheme });
      if (!row) throw notFound('Nothing found: no such worker');
      const chart = await minerChart(ctx, coin, address, range === '24h' ? '24h' : '7d', { name, scheme: row.scheme });
      return { worker: row, ...chart };
    },
  );

  r.get(
    API_ROUTES.minerPayoutsAll,
    {
      schema: {
        tags: ['miner'],
        summary:
          'Every payout: the pool’s coin and its merge-mined coins, newest first, paged both ways, with each coin’s total paid',
        params: minerParams,
        querystring: z.object({
          coin: z.string().max(16).optional().describe('only this coin: the pool’s or one merge-mined with it'),
          before: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional()
            .describe('older than this cursor (`older` of a page)'),
          after: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional()
            .describe('newer than this cursor (`newer` of a page)'),
          limit: plainNumberQuery({ min: 1, max: 100, integer: true }).default(25),
        }),
        response: { 200: minerPayoutsSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const { coin: only, before, after, limit } = request.query;
      if (only !== undefined && !payoutCoins(coin).includes(only))
        throw badRequest(`coin: ${coin} pays in ${payoutCoins(coin).join(', ')}`);
      const query = {
        only: only ?? null,
        before: before === undefined ? null : BigInt(before),
        after: after === undefined ? null : BigInt(after),
        limit,
      };
      return memo(`payouts-all:${coin}:${address}:${only}:${before}:${after}:${limit}`, () =>
        minerPayouts(ctx, coin, address, query),
      );
    },
  );

  r.get(
    API_ROUTES.minerRewards,
    {
      schema: {
        tags: ['miner'],
        summary: 'Credits per day (UTC), newest first',
        params: minerParams,
        querystring: z.object({ days: plainNumberQuery({ min: 1, max: 365, integer: true }).default(31) }),
        response: { 200: rewardsSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return memo(`rewards:${coin}:${address}:${request.query.days}`, () => dailyRewards(ctx, coin, address, request.query.days));
    },
  );
}
