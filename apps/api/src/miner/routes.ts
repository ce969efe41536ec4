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
import { bestSharesSchema, reportedHashrateSchema } from '@openpool/domain/best-reported';
import { shareQualitySchema } from '@openpool/domain/share-quality';
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
import { shareQuality } from './quality.ts';
import { bestShares, reportedHashrate } from './best-reported.ts';
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

  r.get(
    API_ROUTES.minerQuality,
    {
      schema: {
        tags: ['miner'],
        summary: 'Share quality: valid, stale and invalid shares and rates per worker and miner, 1 h and 24 h, beside the pool’s',
        description:
          'Rates are of the work (share difficulty) over complete 10-minute buckets (the last complete hour, the last 24 hours). ' +
          '`stale_hint`: the worker’s 24-hour stale rate is at least 3 times the pool’s and 2 points above it, over 50 shares or more.',
        params: minerParams,
        response: { 200: shareQualitySchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const quality = await memo(`quality:${coin}:${address}`, () => shareQuality(ctx, coin, address));
      if (!quality) throw notFound('Nothing found: no shares from this address yet');
      return quality;
    },
  );

  r.get(
    API_ROUTES.minerBestShares,
    {
      schema: {
        tags: ['miner'],
        summary: 'Best share difficulty per worker and miner, current round and all time, beside the network difficulty',
        description:
          'From the difficulty each valid share actually reached, as the stratum server reports it (`actual_difficulty`). ' +
          'The round is its scheme’s: since the pool’s last block for PPS+ and PROP, since the miner’s own last block for SOLO.',
        params: minerParams,
        response: { 200: bestSharesSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const found = await memo(`best:${coin}:${address}`, () => bestShares(ctx, coin, address));
      if (!found) throw notFound('Nothing found: no workers of this address in 30 days');
      return found;
    },
  );

  r.get(
    API_ROUTES.minerReported,
    {
      schema: {
        tags: ['miner'],
        summary: 'Reported beside effective hashrate per worker and miner, last complete 10 minutes and 24 hours',
        description:
          'Effective: H/s from the valid shares the pool received over the whole window (the miner stats’ hashrate_10m and ' +
          'hashrate_24h). Reported: what the miner said it does (`mining.hashrate`, `eth_submitHashrate`), each complete ' +
          '10-minute bucket’s mean report averaged over the same window, a bucket without a report counting 0. The miner’s ' +
          'figures sum the workers that report; workers_not_reporting says how many with shares in the window do not.',
        params: minerParams,
        response: { 200: reportedHashrateSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const found = await memo(`reported:${coin}:${address}`, () => reportedHashrate(ctx, coin, address));
      if (!found) throw notFound('Nothing found: no workers of this address in 30 days');
      return found;
    },
  );
}
