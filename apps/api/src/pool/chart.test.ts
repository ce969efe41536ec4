/** Pool charts draw complete buckets only (a partial one draws a false dip). Real PostgreSQL, fixed clock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

// Friday 2026-11-20 13:30 UTC: mid-hour, mid-day.
const NOW = Date.UTC(2026, 10, 20, 13, 30);
const HOUR = 3_600_000;
let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW);
  // The pool's history begins at 05:00 three days ago and has the same shares every hour since.
  const start = Date.UTC(2026, 10, 17, 5);
  for (let hour = start; hour < NOW - HOUR; hour += HOUR) {
    await h.db.pool.query(`insert into pool_hourly (coin, scheme, hour, valid) values ('xec', 'pps', $1, 3600)`, [
      new Date(hour),
    ]);
  }
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

type Chart = { step: number; points: { t: number; hashrate: number }[] };

describe('pool chart', () => {
  it('draws the same hashrate for every day: no dip from the first or the current, incomplete day', async () => {
    const { body } = await h.get<Chart>('/xec/api/v1/pool/chart?range=1y');
    const days = body.points.map((p) => new Date(p.t * 1000).toISOString().slice(0, 10));
    // The 17th began at 05:00 and today is not over: only the two whole days.
    expect(days).toEqual(['2026-11-18', '2026-11-19']);
    expect(new Set(body.points.map((p) => p.hashrate)).size).toBe(1);
  });

  it('ends the 30-day chart at the last complete 4-hour bucket', async () => {
    const { body } = await h.get<Chart>('/xec/api/v1/pool/chart?range=30d');
    expect(body.step).toBe(4 * 3600);
    expect(new Date((body.points.at(-1)?.t ?? 0) * 1000).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(new Set(body.points.map((p) => p.hashrate)).size).toBe(1);
  });
});
