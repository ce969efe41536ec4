/**
 * The API's own documentation: the OpenAPI document (`/openapi.json`) and Swagger UI at
 * `/docs`, with the quotas and caching a client should know before it polls.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsContentSecurityPolicy } from './security-headers.ts';
import { documentLimits, type RatePolicy } from './rate-limit.ts';

export async function registerDocs(app: FastifyInstance, limits: { general: RatePolicy; export: RatePolicy }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenPool API',
        version: '1.0.0',
        description:
          'Public API of the OpenPool mining pool. Amounts are exact decimal strings in coin units, hashrates H/s, times unix seconds. ' +
          'Paths tagged `compatibility` keep the shape miners’ existing tools expect.\n\n' +
          `**Limits** (per client address, IPv6 per /64): ${limits.general.quota} requests a ${limits.general.windowSeconds} s window, ` +
          `exports also ${limits.export.quota} a ${limits.export.windowSeconds} s window. Every counted answer says where you stand in ` +
          '`RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers); past a quota the answer is 429 with ' +
          '`Retry-After`. **Caching**: every answer has `Cache-Control` (pool and miner data 10 s, rates 60 s) and an `ETag`; ' +
          'send `If-None-Match` and a 304 is cheap for both of us. A poll more often than the max-age gets the same figures.',
      },
      tags: [
        { name: 'pool', description: 'Pool and network statistics' },
        { name: 'miner', description: 'One miner: stats, workers, payouts' },
        { name: 'settings', description: 'Miner settings, proven by a worker IP' },
        { name: 'compatibility', description: 'Paths and fields third-party tools already call' },
        { name: 'ingest', description: 'Events from stratum servers (token required)' },
        {
          name: 'audit',
          description: 'Provably fair accounting: every period’s inputs, Merkle roots chained period to period, a miner’s proof',
        },
      ],
    },
    transform: documentLimits(jsonSchemaTransform, limits),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // No validator badge: it would send the document's URL to validator.swagger.io.
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    // The docs page under a CSP fitted to Swagger UI (security-headers.ts): swagger-ui's own
    // script hashes, the inline styles its components set, one frame-ancestors 'none'.
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
  });
}
