/**
 * Best shares and reported hashrate (decision 023) through ingest and the API: the
 * best share is the hardest difficulty sent, in any order and across batches; a block starts a
 * new round; reported hashrate is the mean of the reports beside the effective figure.
 */
import { describe, expect, it } from 'vitest';
import type { BestShares, ReportedHashrate } from '@openpool/domain/best-reported';
import type { IngestEvent, ShareEvent } from '@openpool/domain/events';
import fc from 'fast-check';
import { harnessPerTest } from '../testing/per-test.ts';
import { bestRecords } from '../engine/worker-extras.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 5, 0);
const MINER = 'ltc1qbestshare000000000000000000000000best';
const openHarness = harnessPerTest();
let seq = 0;

const share = (worker: string, at: number, actual: number, extra: Partial<ShareEvent> = {}): ShareEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address: MINER,
  worker,
  scheme: 'pps',
  difficulty: 16,
  status: 'valid',
  ip: '198.51.100.4',
  at,
  actual_difficulty: actual,
  ...extra,
});

describe('best shares', () => {
  it('is the hardest difficulty sent, whatever the order and the batches, and a block starts a new round', async () => {
    const h = await openHarness(NOW);
    const sent = [40, 16.5, 2_000, 17, 990, 1_999, 31, 500];
    const at = (i: number) => NOW - 3_600_000 + i * 60_000;
    // Two batches, the second with older shares than the first.
    expect(
      (
        await h.ingest(
          'best',
          sent.slice(4).map((d, i) => share('rig', at(i + 4), d)),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await h.ingest(
          'best',
          sent.slice(0, 4).map((d, i) => share('rig', at(i), d)),
        )
      ).statusCode,
    ).toBe(200);
    // A stale share harder than all, and a share without a reached difficulty, are not best shares.
    expect(
      (
        await h.ingest('best', [
          share('rig', at(9), 9_999, { status: 'stale' }),
          { ...share('rig', at(10), 1), actual_difficulty: undefined },
        ])
      ).statusCode,
    ).toBe(200);
    let body = (await h.get<BestShares>(`/ltc/api/v1/miner/best-shares/${MINER}`)).body;
    expect(body.workers[0]).toMatchObject({
      worker: 'rig',
      round_started: null,
      all_time: { difficulty: Math.max(...sent), at: Math.floor(at(2) / 1000) },
    });
    expect(body.workers[0]!.round).toEqual(body.workers[0]!.all_time);
    expect(body.miner.all_time?.difficulty).toBe(2_000);

    // The pool finds a PPS block after the 2,000 share: the round's best is what came after it.
    const block: IngestEvent = {
      type: 'block',
      seq: ++seq,
      coin: 'ltc',
      height: 100,
      hash: 'b1',
      finder: 'ltc1qsomeoneelse',
      scheme: 'pps',
      reward: '625000000',
      fees: '1000',
      at: at(11),
    };
    expect((await h.ingest('best', [block, share('rig', at(12), 77), share('rig', at(13), 64)])).statusCode).toBe(200);
    body = (await h.get<BestShares>(`/ltc/api/v1/miner/best-shares/${MINER}`)).body;
    expect(body.workers[0]).toMatchObject({
      round_started: Math.floor(at(11) / 1000),
      round: { difficulty: 77 },
      all_time: { difficulty: 2_000 },
    });
  });

  it('keeps, per worker, exactly the shares harder than everything after them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.double({ min: 1, max: 1e9, noNaN: true }))), (shares) => {
        const records = bestRecords(shares);
        for (const since of [0, 10, 25, 50]) {
          const after = shares.filter(([t]) => t >= since).map(([, d]) => d);
          const first = records.find(([t]) => t >= since);
          expect(first?.[1] ?? null).toBe(after.length ? Math.max(...after) : null);
        }
      }),
    );
  });
});

describe('reported hashrate', () => {
  it('has one effective hashrate, the stats page’s, and a reported figure averaged over the same window', async () => {
    const h = await openHarness(NOW);
    // In the last complete bucket (11:50-12:00): 60 shares of difficulty 16 and reports of 110 and 130 MH/s.
    const events = Array.from({ length: 60 }, (_, i) =>
      share('rig', Date.UTC(2026, 10, 20, 11, 50, 0) + i * 9_000, 16, { reported_hashrate: i < 30 ? 110e6 : 130e6 }),
    );
    // A worker that never reports.
    events.push(share('quiet', Date.UTC(2026, 10, 20, 11, 51, 0), 16));
    expect((await h.ingest('reported', events)).statusCode).toBe(200);
    const body = (await h.get<ReportedHashrate>(`/ltc/api/v1/miner/reported/${MINER}`)).body;
    const rig = body.workers.find((w) => w.worker === 'rig')!;
    // Effective: 60 x 16 x 2^32 / 600 s = 6,871,947,674 H/s.
    const effective = (60 * 16 * 2 ** 32) / 600;
    expect(rig['10m'].reported).toBe(120e6);
    expect(rig['10m'].effective).toBeCloseTo(effective, 0);
    expect(rig['10m'].ratio).toBeCloseTo(effective / 120e6, 9);
    // Over 24 hours both are over the whole day: one bucket of work and one bucket's reports of 144.
    expect(rig['24h'].effective).toBeCloseTo(effective / 144, 3);
    expect(rig['24h'].reported).toBeCloseTo(120e6 / 144, 6);
    expect(rig['24h'].ratio).toBeCloseTo(effective / 120e6, 9);
    expect(body.workers.find((w) => w.worker === 'quiet')!['24h'].effective).toBeCloseTo((16 * 2 ** 32) / 86_400, 3);
    expect(body.workers.find((w) => w.worker === 'quiet')!['10m']).toMatchObject({ reported: null, ratio: null });
    // The miner's comparison counts the reporting worker only, and says one is left out.
    expect(body.miner['10m']).toMatchObject({ reported: 120e6, workers_reporting: 1, workers_not_reporting: 1 });
    expect(body.miner['10m'].effective).toBeCloseTo(effective, 0);
    // One figure per quantity: the workers' effective figures sum to the stats page's hashrate.
    const stats = (await h.get<{ hashrate_10m: number; hashrate_24h: number }>(`/ltc/api/v1/miner/stats/${MINER}`)).body;
    const total = (window: '10m' | '24h') => body.workers.reduce((sum, worker) => sum + worker[window].effective, 0);
    expect(total('10m')).toBeCloseTo(stats.hashrate_10m, 3);
    expect(total('24h')).toBeCloseTo(stats.hashrate_24h, 3);
  });
});
