/**
 * `GET /{coin}/api/v1/miner/page/{address}`: the miner stats page in one read (decision 034).
 * The site asked eight paths per render (about 19 statements, the latest network sample read
 * twice); this answers the same parts from five statements. The paths it replaces on the page
 * stay as they are for miners' tools (design.md, Compatibility).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, type MinerAlerts } from '@openpool/domain/api';
import { MINER_PAGE_RANGES, minerPageSchema } from '@openpool/domain/miner-page';
import { API_ROUTES } from '@openpool/domain/paths';
import type { ApiContext } from '../../context.ts';
import { createMemo } from '../../http/caching.ts';
import { notFound } from '../../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../../http/params.ts';
import { minerPageFigures } from './read-model.ts';

export interface MinerPageSources {
  /** What is watched for the miner (notify/alert-routes.ts): notify sits above miner in the layers. */
  alerts: (coin: string, address: string) => Promise<MinerAlerts>;
}

export function registerMinerPageRoutes(app: FastifyInstance, ctx: ApiContext, sources: MinerPageSources): void {
  const memo = createMemo(ctx.memoMs ?? 1000);
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.minerPage,
    {
      schema: {
        tags: ['miner'],
        summary: 'The miner page in one read: stats, chart, workers, 31 days of rewards, alerts, quality, best shares, reported',
        description:
          'Each part reads exactly like its own path (miner stats, chart, workers, rewards, alerts, quality, best shares, ' +
          'reported), all on one clock; a worker row carries the fields the page’s table shows. ' +
          '`best` and `reported` are null when no worker sent a share in 30 days.',
        params: z.object({ coin: coinParam, address: addressParam }),
        querystring: z.object({ range: z.enum(MINER_PAGE_RANGES).default('24h') }),
        response: { 200: minerPageSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
      // The alerts part changes the moment the miner subscribes: revalidated like the alerts path.
      config: { cache: 'private' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const { range } = request.query;
      const [figures, alerts] = await Promise.all([
        memo(`page:${coin}:${address}:${range}`, () => minerPageFigures(ctx, coin, address, range)),
        sources.alerts(coin, address),
      ]);
      if (!figures) throw notFound('Nothing found: no shares from this address yet');
      return { ...figures, alerts };
    },
  );
}
