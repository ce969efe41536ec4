/**
 * The API's routes about itself: `GET /api/v1/limits` (the quotas in force) and
 * `/openapi.json` (the document Swagger UI at /docs reads, http/docs.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiLimitsSchema } from '@openpool/domain/api';
import { API_ROUTES } from '@openpool/domain/paths';
import type { RatePolicy } from './rate-limit.ts';

export function registerApiInfoRoutes(app: FastifyInstance, limits: { general: RatePolicy; export: RatePolicy }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The quotas in force, for the site's API page and any client that plans.
  r.get(
    API_ROUTES.limits,
    {
      schema: {
        tags: ['pool'],
        summary: 'The public API’s quotas per client and how long answers may be cached',
        response: { 200: apiLimitsSchema },
      },
      config: { cache: 'docs' },
    },
    async () => ({
      policies: [
        {
          name: limits.general.name,
          quota: limits.general.quota,
          window_seconds: limits.general.windowSeconds,
          applies_to: 'all' as const,
        },
        {
          name: limits.export.name,
          quota: limits.export.quota,
          window_seconds: limits.export.windowSeconds,
          applies_to: 'export' as const,
        },
      ],
      client: 'an IPv4 address, or an IPv6 /64',
      // As http/caching.ts sends them (a test holds the two together).
      cache_seconds: { pool: 10, miner: 10, rates: 60 },
    }),
  );

  r.get('/openapi.json', { schema: { hide: true }, config: { cache: 'docs' } }, async () => app.swagger());
}
