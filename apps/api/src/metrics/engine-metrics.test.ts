/**
 * The engine's hooks for metrics (decision 022): each coin's hour jobs are timed once per hour
 * crossed, ok or failed, and the counters reach the API's registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createEngine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';
import { POOL_CONFIG } from '../testing/harness.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { createApiMetrics } from './api-metrics.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const A = 'ltc1qminera0000000000000000000000000000aaaa';
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('engine metrics', () => {
  it('time every hour crossed and count it in the registry', async () => {
    const metrics = createApiMetrics();
    const timed: [string, string, boolean][] = [];
    const engine = createEngine({
      pool: db.pool,
      config: POOL_CONFIG,
      sender: createSimulatedSender(),
      metrics: {
        hourJob: (coin, job, seconds, ok) => {
          expect(seconds).toBeGreaterThanOrEqual(0);
          timed.push([coin, job, ok]);
          metrics.engine.hourJob(coin, job, seconds, ok);
        },
        payoutsReverted: metrics.engine.payoutsReverted,
      },
    });
    const events: IngestEvent[] = [
      { type: 'network', seq: 1, coin: 'ltc', difficulty: 1000, hashrate: 1e12, height: 1, reward: '625000000', at: T0 + 60_000 },
      {
        type: 'share',
        seq: 2,
        coin: 'ltc',
        address: A,
        worker: 'a',
        scheme: 'pps',
        difficulty: 64,
        status: 'valid',
        ip: '203.0.113.1',
        at: T0 + 120_000,
      },
      // Two hours later: the hours of 01:00 and 02:00 are crossed.
      {
        type: 'share',
        seq: 3,
        coin: 'ltc',
        address: A,
        worker: 'a',
        scheme: 'pps',
        difficulty: 64,
        status: 'valid',
        ip: '203.0.113.1',
        at: T0 + 2 * 3_600_000 + 60_000,
      },
    ];
    await engine.ingest('metrics-test', events);
    expect(timed).toEqual([
      ['ltc', 'hour_jobs', true],
      ['ltc', 'hour_jobs', true],
    ]);
    const text = await metrics.registry.metrics();
    expect(text).toContain('openpool_engine_hour_job_duration_seconds_count{coin="ltc",job="hour_jobs",result="ok"} 2');
    expect(text).not.toContain('openpool_engine_hour_job_failures_total{');
  });
});
