/**
 * Liveness and readiness (decision 030). /health is 200 whatever the database does and says
 * what is wrong ('degraded'), so a liveness probe does not restart an API that restarting
 * would not heal; /ready carries the 503 a balancer and the browser tests wait on.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { databaseAnswers, isDatabaseUnavailable, type DatabaseHealth } from '../db/database.ts';
import { healthReport, type HealthSources } from './report.ts';

export interface HealthOptions extends HealthSources {
  /** The database's restart and disk state (decision 030). */
  database?: () => DatabaseHealth;
}

export function registerHealthRoutes(app: FastifyInstance, options: HealthOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { hide: true }, config: { cache: 'none' } }, async (request, reply) => {
    const database = options.database?.();
    const databaseFault = database && database.state !== 'ok' ? database : undefined;
    try {
      const report = await healthReport(options);
      if (!databaseFault) return report;
      return { ...report, status: 'degraded', database: databaseFault };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'health: database unavailable');
      const status = options.status?.() ?? {};
      return reply.send({ status: 'degraded', database: databaseFault ?? { state: 'unavailable' }, ...status });
    }
  });

  // Readiness: 503 until the demo's backfill is done, so orchestration (and the browser
  // tests) route traffic only to an API with its history in place.
  // Not ready either while the database does not answer, so a balancer sends no traffic here
  // and a supervisor watching /ready sees the fault.
  r.get('/ready', { schema: { hide: true }, config: { cache: 'none' } }, async (_request, reply) => {
    const simulator = options.status?.().simulator as { state?: string; takeover?: boolean } | undefined;
    const state = simulator?.state;
    // A full disk or a PostgreSQL being started again: not ready even when a read still answers.
    const fault = options.database?.().state;
    const database = (fault === undefined || fault === 'ok') && (await databaseAnswers(options.db));
    // A standby replica (another one simulates, decision 014) serves what is in the database.
    // A replica taking the simulator over from one that stopped serves the pool meanwhile
    // (rolling restarts, decision 022): only a first start's backfill keeps /ready at 503.
    const ready =
      database &&
      (state === undefined ||
        state === 'live' ||
        state === 'off' ||
        state === 'standby' ||
        (simulator?.takeover === true && state !== 'failed'));
    return reply
      .code(ready ? 200 : 503)
      .send({ ready, simulator: state ?? 'off', database: database ? 'ok' : fault && fault !== 'ok' ? fault : 'unavailable' });
  });
}
