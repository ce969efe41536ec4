/**
 * The compatibility paths (decision 033): the paths and fields miners' scripts, profit
 * switchers and dashboards already call on the API the spec describes. They are kept
 * exactly as that API has them, in this one folder, so a change to our own richer endpoints
 * cannot move them by accident. Their reads are the pool's and the miner's queries.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balanceSchema,
  dailyRevenueSchema,
  errorSchema,
  payoutsSchema,
  poolStatsSchema,
  profileSchema,
  ratesSchema,
  workersSchema,
} from '@openpool/domain/api';
import { DEFAULT_POWER_COST } from '@openpool/domain/hardware-profit';
import { API_ROUTES } from '@openpool/domain/paths';
import type { ApiContext } from '../context.ts';
import { createMemo } from '../http/caching.ts';
import { addressParam, checkAddress, checkCoin, coinParam, plainNumberQuery } from '../http/params.ts';
import { balance, payouts } from '../miner/queries.ts';
import { workers } from '../miner/workers.ts';
import { poolStats } from '../pool/queries.ts';
import type { RatesSnapshot } from '../rates/provider.ts';
import { latestNetworkSample } from '../stats/network-sample.ts';
import { dailyRevenue } from './daily-revenue.ts';

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };
const minerParams = z.object({ coin: coinParam, address: addressParam });

export interface CompatDeps {
  rates: { get(): Promise<RatesSnapshot> };
}

export function registerCompatRoutes(app: FastifyInstance, ctx: ApiContext, deps: CompatDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Identical requests within a second share one computation (see pool/routes.ts).
  const memo = createMemo(ctx.memoMs ?? 1000);

  r.get(
    API_ROUTES.rates,
    {
      schema: { tags: ['compatibility'], summary: 'Fiat rates per USD and crypto prices in USD', response: { 200: ratesSchema } },
      config: { cache: 'rates' },
    },
    async () => {
      const snapshot = await deps.rates.get();
      return { fiat: snapshot.fiat, crypto: snapshot.crypto, updated_at: Math.floor(snapshot.updatedAt / 1000) };
    },
  );

  r.get(
    API_ROUTES.profile,
    {
      schema: {
        tags: ['compatibility'],
        summary: 'The visitor’s profile; every visitor is anonymous, so this is the anonymous profile',
        response: { 200: profileSchema },
      },
      config: { cache: 'private' },
    },
    async () => ({ authenticated: false, power_cost: DEFAULT_POWER_COST, currency: null }),
  );

  r.get(
    API_ROUTES.poolStats,
    {
      schema: {
        tags: ['pool', 'compatibility'],
        summary:
          'Pool stats (compatibility path: fee, fee_type, hashrate, miners, net_hashrate, servers, last_blocks_found, ...)',
        params: z.object({ coin: coinParam }),
        response: { 200: poolStatsSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      return memo(`stats:${coin}`, () => poolStats(ctx, coin));
    },
  );

  r.get(
    API_ROUTES.dailyRevenue,
    {
      schema: {
        tags: ['pool', 'compatibility'],
        summary: 'Coins per day the pool pays for a hashrate (linear in hashrate; PPS+ after fee)',
        params: z.object({ coin: coinParam.describe('ticker, any case (e.g. `LTC`)') }),
        querystring: z.object({ hashrate: plainNumberQuery({ max: 1e30 }).describe('H/s') }),
        response: { 200: dailyRevenueSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin.toLowerCase());
      const net = await memo(`net-latest:${coin}`, () => latestNetworkSample(ctx.db, coin));
      const prices = await deps.rates.get().then(
        (snapshot) => snapshot.crypto,
        () => ({}) as Record<string, number>,
      );
      return dailyRevenue(ctx, coin, request.query.hashrate, net, prices);
    },
  );

  r.get(
    API_ROUTES.minerWorkers,
    {
      schema: {
        tags: ['miner', 'compatibility'],
        summary: 'Workers of a miner (compatibility path), seen in the last 30 days',
        params: minerParams,
        response: { 200: workersSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return { results: await memo(`workers:${coin}:${address}`, () => workers(ctx, coin, address)) };
    },
  );

  r.get(
    API_ROUTES.minerPayouts,
    {
      schema: {
        tags: ['miner', 'compatibility'],
        summary: 'Payouts, newest first (compatibility path; page with `next`)',
        params: minerParams,
        querystring: z.object({
          next: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional()
            .describe('cursor from the previous page'),
          limit: plainNumberQuery({ min: 1, max: 100, integer: true }).default(25),
        }),
        response: { 200: payoutsSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const before = request.query.next ? Number(request.query.next) : null;
      return memo(`payouts:${coin}:${address}:${before}:${request.query.limit}`, () =>
        payouts(ctx, coin, address, before, request.query.limit),
      );
    },
  );

  r.get(
    API_ROUTES.minerBalance,
    {
      schema: {
        tags: ['miner', 'compatibility'],
        summary: 'Balance (compatibility path)',
        params: minerParams,
        response: { 200: balanceSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return memo(`balance:${coin}:${address}`, () => balance(ctx, coin, address));
    },
  );
}
