import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The API application. For now it answers its health check only: the pool data service
 * (ingest, engine, accounting, public endpoints) is issue 4 and is not built yet.
 */
export function buildApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}
