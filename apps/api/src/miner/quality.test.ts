/**
 * Share quality (decision 023): stale and invalid rates per worker, miner and pool over the
 * last complete hour and 24 hours, from shares sent through ingest; the hint for a worker whose
 * stale rate is far above the pool's. Expected figures derived by hand below.
 */
import { describe, expect, it } from 'vitest';
import type { ShareEvent } from '@openpool/domain/events';
import type { ShareQuality } from '@openpool/domain/share-quality';
import { harnessPerTest } from '../testing/per-test.ts';

// 12:05: the last complete hour is 11:00-12:00 (buckets 11:00 ... 11:50); 12:00-12:05 is open.
const NOW = Date.UTC(2026, 10, 20, 12, 5, 0);
const HOUR = 3_600_000;
const MINER = 'ltc1qquality0000000000000000000000000qual';
const OTHER = 'ltc1qsteady00000000000000000000000000stdy';
const openHarness = harnessPerTest();
let seq = 0;

function shares(address: string, worker: string, at: number, counts: { valid?: number; stale?: number; invalid?: number }) {
  const out: ShareEvent[] = [];
  for (const status of ['valid', 'stale', 'invalid'] as const)
    for (let i = 0; i < (counts[status] ?? 0); i += 1)
      out.push({
        type: 'share',
        seq: ++seq,
        coin: 'ltc',
        address,
        worker,
        scheme: 'pps',
        difficulty: 64,
        status,
        ip: '198.51.100.4',
        at: at + i,
      });
  return out;
}

describe('share quality', () => {
  it('counts each window’s shares and rates, and hints at the worker far above the pool', async () => {
    const h = await openHarness(NOW);
    const events = [
      // far-rig: 5 h ago 100 valid, 10 stale; in the last complete hour 45 valid, 4 stale, 1 invalid;
      // in the open bucket 10 stale (not counted anywhere yet).
      ...shares(MINER, 'far-rig', NOW - 5 * HOUR, { valid: 100, stale: 10 }),
      ...shares(MINER, 'far-rig', NOW - 30 * 60_000, { valid: 45, stale: 4, invalid: 1 }),
      ...shares(MINER, 'far-rig', NOW - 60_000, { stale: 10 }),
      // near-rig: 200 valid, 1 stale over the day.
      ...shares(MINER, 'near-rig', NOW - 3 * HOUR, { valid: 200, stale: 1 }),
      // Another miner: 1,000 valid and 4 stale 2 h ago; 25 h ago (outside 24 h) 100 stale.
      ...shares(OTHER, 'rig', NOW - 2 * HOUR, { valid: 1000, stale: 4 }),
      ...shares(OTHER, 'rig', NOW - 25 * HOUR, { stale: 100 }),
    ].sort((a, b) => a.at - b.at);
    events.forEach((event, index) => (event.seq = index + 1));
    expect((await h.ingest('quality', events)).statusCode).toBe(200);
    const { body, statusCode } = await h.get<ShareQuality>(`/ltc/api/v1/miner/quality/${MINER}`);
    expect(statusCode).toBe(200);
    const far = body.workers.find((w) => w.worker === 'far-rig')!;
    const near = body.workers.find((w) => w.worker === 'near-rig')!;
    // far-rig, last hour: 4 stale and 1 invalid of 50 shares.
    expect(far['1h']).toEqual({ valid: 45, stale: 4, invalid: 1, stale_rate: 0.08, invalid_rate: 0.02 });
    // far-rig, 24 h: 145 valid, 14 stale, 1 invalid = 160 shares; 14/160 = 0.0875.
    expect(far['24h']).toEqual({ valid: 145, stale: 14, invalid: 1, stale_rate: 0.0875, invalid_rate: 1 / 160 });
    expect(near['1h'].stale_rate).toBeNull();
    expect(near['24h'].stale_rate).toBeCloseTo(1 / 201, 12);
    // The miner: both workers, 24 h: 345 valid, 15 stale, 1 invalid of 361.
    expect(body.miner['24h']).toEqual({ valid: 345, stale: 15, invalid: 1, stale_rate: 15 / 361, invalid_rate: 1 / 361 });
    // The pool, 24 h: 1,345 valid, 19 stale, 1 invalid of 1,365; 19/1365 = 1.39 %.
    expect(body.pool['24h']).toMatchObject({ valid: 1345, stale: 19, invalid: 1 });
    expect(body.pool['24h'].stale_rate).toBeCloseTo(19 / 1365, 12);
    // 8.75 % is above 3 x 1.39 % = 4.18 % and 1.39 + 2 = 3.39 points; near-rig's 0.5 % is not.
    expect(far.stale_hint).toBe(true);
    expect(near.stale_hint).toBe(false);
  });

  it('is not found for an address the pool never saw', async () => {
    const h = await openHarness(NOW);
    expect((await h.get(`/ltc/api/v1/miner/quality/${MINER}`)).statusCode).toBe(404);
  });
});
