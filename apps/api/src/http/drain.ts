/**
 * A stopping replica's drain (decision 022, rolling upgrades): while `draining()` says so, `/ready`
 * answers 503 so the load balancer takes this replica out, and every answer carries
 * `Connection: close` so keep-alive clients move to another replica on a response of theirs,
 * not by meeting a closed socket. server.ts closes the listener after API_DRAIN_SECONDS.
 */
import type { FastifyInstance } from 'fastify';

export function registerDrain(app: FastifyInstance, draining: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!draining()) return;
    reply.header('connection', 'close');
    if (request.url.split('?')[0] === '/ready')
      return reply.code(503).header('cache-control', 'no-store').send({ ready: false, draining: true });
  });
}
