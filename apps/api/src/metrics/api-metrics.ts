/**
 * The API's Prometheus metrics (decision 022). Created only when API_METRICS_PORT is set; without
 * it no hook is installed and nothing is counted. What happens in this process (requests,
 * ingest batches, hour jobs, payouts sent) are counters and histograms here; what every
 * replica shares (the outbox, payouts by status, balances, the engine's clocks and faults) is
 * read from PostgreSQL at scrape time (database-gauges.ts), so any replica's scrape tells the
 * whole pool's truth.
 */
import type { FastifyInstance } from 'fastify';
import type { IngestEvent } from '@openpool/domain/events';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** What the ingest route reports (ingest/routes.ts). */
export interface IngestMetrics {
  batch(source: string, events: readonly IngestEvent[], result: IngestResultLabel, seconds: number, nowMs: number): void;
}
export type IngestResultLabel = 'ok' | 'bad_event' | 'busy' | 'error';

/** What the engine reports about its hour jobs (PPS credit, payouts, resets). */
export interface EngineMetrics {
  hourJob(coin: string, job: string, seconds: number, ok: boolean): void;
  payoutsSent(coin: string, count: number, seconds: number): void;
  payoutSendFailed(coin: string): void;
  payoutsReverted(coin: string, count: number): void;
}

export interface ApiMetrics {
  registry: Registry;
  ingest: IngestMetrics;
  engine: EngineMetrics;
  /** Times every request by its route's pattern; call before the routes are added. */
  registerHttp(app: FastifyInstance): void;
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'openpool_api_request_duration_seconds',
    help: 'API requests from arrival to response, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS,
    registers,
  });
  const ingestEvents = new Counter({
    name: 'openpool_ingest_events_total',
    help: 'Events received by ingest, by coin, source and type (replays skipped by offset included).',
    labelNames: ['coin', 'source', 'type'],
    registers,
  });
  const ingestBatches = new Counter({
    name: 'openpool_ingest_batches_total',
    help: 'Ingest batches by coin (a batch counts once for each coin it holds), source and result.',
    labelNames: ['coin', 'source', 'result'],
    registers,
  });
  const batchDuration = new Histogram({
    name: 'openpool_engine_batch_duration_seconds',
    help: 'Engine batches (one transaction: events, and the hour jobs they trigger), by source and result.',
    labelNames: ['source', 'result'],
    buckets: SECONDS,
    registers,
  });
  const ingestLag = new Histogram({
    name: 'openpool_ingest_lag_seconds',
    help: 'Wall clock minus the event time of the newest event of each coin in a batch, when the batch arrives.',
    labelNames: ['coin'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600, 86_400],
    registers,
  });
  const hourJobDuration = new Histogram({
    name: 'openpool_engine_hour_job_duration_seconds',
    help: 'Hour jobs (PPS credit, payouts, balance resets), by coin, job and result.',
    labelNames: ['coin', 'job', 'result'],
    buckets: SECONDS,
    registers,
  });
  const hourJobFailures = new Counter({
    name: 'openpool_engine_hour_job_failures_total',
    help: 'Hour jobs that failed in this process (retried by the next batch; engine_faults has the current ones).',
    labelNames: ['coin', 'job'],
    registers,
  });
  const payoutsSent = new Counter({
    name: 'openpool_payouts_sent_total',
    help: 'Payouts handed to the coin’s sender (a wallet’s sendmany, or the demo’s) by this process.',
    labelNames: ['coin'],
    registers,
  });
  const sendDuration = new Histogram({
    name: 'openpool_payout_send_duration_seconds',
    help: 'One send of a coin’s payouts (one transaction).',
    labelNames: ['coin'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const sendFailures = new Counter({
    name: 'openpool_payout_send_failures_total',
    help: 'Sends that failed and are retried at the next run.',
    labelNames: ['coin'],
    registers,
  });
  const reverted = new Counter({
    name: 'openpool_payouts_reverted_total',
    help: 'Sent payouts the chain took back (abandoned or conflicted), back to Unpaid to be sent again.',
    labelNames: ['coin'],
    registers,
  });

  return {
    registry,
    ingest: {
      batch(source, events, result, seconds, nowMs) {
        batchDuration.observe({ source, result }, seconds);
        // Per coin: its newest event and its events by type (one pass, no key strings built).
        const newest = new Map<string, number>();
        const counts = new Map<string, Map<string, number>>();
        for (const event of events) {
          let types = counts.get(event.coin);
          if (!types) counts.set(event.coin, (types = new Map()));
          types.set(event.type, (types.get(event.type) ?? 0) + 1);
          if (event.at > (newest.get(event.coin) ?? -Infinity)) newest.set(event.coin, event.at);
        }
        for (const [coin, types] of counts) for (const [type, count] of types) ingestEvents.inc({ coin, source, type }, count);
        for (const [coin, at] of newest) {
          ingestBatches.inc({ coin, source, result });
          if (result === 'ok') ingestLag.observe({ coin }, Math.max(0, (nowMs - at) / 1000));
        }
        if (newest.size === 0) ingestBatches.inc({ coin: 'none', source, result });
      },
    },
    engine: {
      hourJob(coin, job, seconds, ok) {
        hourJobDuration.observe({ coin, job, result: ok ? 'ok' : 'failed' }, seconds);
        if (!ok) hourJobFailures.inc({ coin, job });
      },
      payoutsSent(coin, count, seconds) {
        payoutsSent.inc({ coin }, count);
        sendDuration.observe({ coin }, seconds);
      },
      payoutSendFailed: (coin) => sendFailures.inc({ coin }),
      payoutsReverted: (coin, count) => reverted.inc({ coin }, count),
    },
    registerHttp(app) {
      app.addHook('onResponse', async (request, reply) => {
        // The route's pattern, never the URL: addresses in paths would be a label per miner.
        const route = request.routeOptions.url ?? 'unmatched';
        requestDuration.observe(
          { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
          reply.elapsedTime / 1000,
        );
      });
    },
  };
}
