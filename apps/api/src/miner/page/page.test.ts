/**
 * The miner page's one read (decision 034) on a real database: its figures by hand, each part
 * equal to the compatibility path it replaces on the page, and the statements it costs counted
 * at the database client (five, the latest network sample read once; the eight paths cost 19).
 */
import { describe, expect, it, vi } from 'vitest';
import { networkSampleBounds } from '@openpool/domain/chain-bounds';
import type { IngestEvent, ShareEvent } from '@openpool/domain/events';
import type { MinerPage } from '@openpool/domain/miner-page';
import type { BestShares, ReportedHashrate } from '@openpool/domain/best-reported';
import type { ShareQuality } from '@openpool/domain/share-quality';
import type { Harness } from '../../testing/harness.ts';
import { harnessPerTest } from '../../testing/per-test.ts';

// 12:05: the last complete bucket is 11:50-12:00, the last complete hour 11:00-12:00.
const NOW = Date.UTC(2026, 10, 20, 12, 5, 0);
const MINER = 'ltc1qpageread000000000000000000000000page';
const OTHER = 'ltc1qsomeoneelse0000000000000000000000else';
const NEVER = 'ltc1qneverseen00000000000000000000000never';
const openHarness = harnessPerTest();
let seq = 0;

const share = (worker: string, at: number, extra: Partial<ShareEvent> = {}): ShareEvent => ({
  type: 'share',
  seq: 0,
  coin: 'ltc',
  address: MINER,
  worker,
  scheme: 'pps',
  difficulty: 16,
  status: 'valid',
  ip: '198.51.100.4',
  at,
  ...extra,
});

/**
 * rig-a (PPS+): 60 valid shares of difficulty 16 in 11:50-12:00, best 2,000, reporting 110 then
 * 130 MH/s; rig-b (PPS+): 10 valid and 2 stale at 09:00-09:01, best 5,000; solo-rig (SOLO): 5 valid of
 * difficulty 64 at 07:00-07:04, best 900. Another miner's PPS+ block at 10:00 starts the PPS+
 * round: rig-a's best (2,000 at 11:50) is after it, rig-b's (5,000 at 09:00) before.
 */
async function scenario(harness: Harness) {
  const bounds = networkSampleBounds('ltc', 'main');
  const events: IngestEvent[] = [
    {
      type: 'network',
      seq: 0,
      coin: 'ltc',
      difficulty: bounds.difficulty[0] * 1e4,
      hashrate: bounds.hashrate[0] * 1e4,
      height: bounds.height[0] * 2,
      reward: (bounds.reward[1] / 4n).toString(),
      at: NOW - 6 * 3_600_000,
    },
    ...Array.from({ length: 5 }, (_, i) =>
      share('solo-rig', Date.UTC(2026, 10, 20, 7, i), { scheme: 'solo', difficulty: 64, actual_difficulty: i === 2 ? 900 : 70 }),
    ),
    ...Array.from({ length: 12 }, (_, i) =>
      share('rig-b', Date.UTC(2026, 10, 20, 9, 0, i * 5), {
        status: i < 10 ? 'valid' : 'stale',
        actual_difficulty: i === 0 ? 5_000 : 20,
      }),
    ),
    // rig-c (PPS+): 45 valid and 10 stale at 08:00; another miner's 1,000 valid at 06:00.
    ...Array.from({ length: 55 }, (_, i) =>
      share('rig-c', Date.UTC(2026, 10, 20, 8, 0, i), { status: i < 45 ? 'valid' : 'stale', actual_difficulty: 20 }),
    ),
    ...Array.from({ length: 1_000 }, (_, i) => share('big', Date.UTC(2026, 10, 20, 6, 0, 0) + i * 1_000, { address: OTHER })),
    {
      type: 'block',
      seq: 0,
      coin: 'ltc',
      height: 100,
      hash: 'b1',
      finder: OTHER,
      scheme: 'pps',
      reward: '625000000',
      fees: '1000',
      at: Date.UTC(2026, 10, 20, 10, 0),
    },
    ...Array.from({ length: 60 }, (_, i) =>
      share('rig-a', Date.UTC(2026, 10, 20, 11, 50) + i * 9_000, {
        actual_difficulty: i === 0 ? 2_000 : 30,
        reported_hashrate: i < 30 ? 110e6 : 130e6,
      }),
    ),
  ];
  events.forEach((event, index) => (event.seq = ++seq + index));
  seq += events.length;
  expect((await harness.ingest('page', events)).statusCode).toBe(200);
}

describe('the miner page read', () => {
  it('answers every part of the page, the figures derived by hand', async () => {
    const h = await openHarness(NOW);
    await scenario(h);
    const { statusCode, body, headers } = await h.get<MinerPage>(`/ltc/api/v1/miner/page/${MINER}`);
    expect(statusCode).toBe(200);
    // The alerts part changes when the miner subscribes: revalidated every time.
    expect(headers['cache-control']).toBe('private, no-cache');
    const hpd = 2 ** 32;
    // 10 minutes: rig-a's 60 x 16 over 600 s.
    expect(body.stats.hashrate_10m).toBeCloseTo((60 * 16 * hpd) / 600, 0);
    // 24 hours: 960 (rig-a) + 160 (rig-b) + 720 (rig-c) + 320 (solo-rig) = 2,160 of valid difficulty over 86,400 s.
    expect(body.stats.hashrate_24h).toBeCloseTo((2_160 * hpd) / 86_400, 0);
    expect(body.stats.shares_24h).toEqual({ valid: 120, stale: 12, invalid: 0 });
    expect(body.stats).toMatchObject({ workers_online: 1, workers_offline: 3, blocks: 0 });
    expect([...body.stats.schemes].sort()).toEqual(['pps', 'solo']);
    // Solo effort: 5 x 64 = 320 of solo work over the network's difficulty.
    expect(body.stats.solo_effort).toBeCloseTo(320 / (networkSampleBounds('ltc', 'main').difficulty[0] * 1e4), 12);
    expect(body.workers.map((w) => [w.worker, w.scheme, w.status, w.valid, w.stale])).toEqual([
      ['rig-a', 'pps', 'online', 60, 0],
      ['rig-b', 'pps', 'offline', 10, 2],
      ['rig-c', 'pps', 'offline', 45, 10],
      ['solo-rig', 'solo', 'offline', 5, 0],
    ]);
    // A page row carries the table's fields, not the worker page's.
    expect(Object.keys(body.workers[0]!)).not.toContain('agent');
    expect(body.chart.points.reduce((sum, point) => sum + point.valid, 0)).toBe(120);
    // The last complete hour: rig-a's 60 shares; 24 hours: all 120 valid and 12 stale.
    expect(body.quality.miner['1h']).toMatchObject({ valid: 60, stale: 0 });
    expect(body.quality.miner['24h']).toMatchObject({ valid: 120, stale: 12, invalid: 0 });
    // The pool's stale work: 192 of 18,352 (1.0 %). rig-c's, 160 of 880 (18.2 %) from 55 shares,
    // is over 3 times that and 2 points above: named. rig-b's (32 of 192) is from 12 shares,
    // under the 50 a hint needs.
    expect(body.quality.pool['24h'].stale_rate).toBeCloseTo(192 / 18_352, 12);
    expect(body.quality.stale_hint_workers).toEqual(['rig-c']);
    // Best shares: all time, rig-b's 5,000 at 09:00; the PPS+ round started at 10:00, so the
    // round's best is rig-a's 2,000 at 11:50 (solo-rig's round, its own, has 900).
    expect(body.best?.miner).toEqual({
      round: { difficulty: 2_000, at: Date.UTC(2026, 10, 20, 11, 50) / 1000 },
      all_time: { difficulty: 5_000, at: Date.UTC(2026, 10, 20, 9, 0) / 1000 },
    });
    expect(body.best?.network_difficulty).toBe(networkSampleBounds('ltc', 'main').difficulty[0] * 1e4);
    // Reported: rig-a's mean report of 120 MH/s in the last complete bucket.
    expect(body.reported?.miner['10m']).toMatchObject({ reported: 120e6, workers_reporting: 1, workers_not_reporting: 0 });
    expect(body.alerts).toEqual({ email: null, telegram_chats: 0, telegram_bot: null, telegram_link: null });
  });

  it('reads each part exactly as its compatibility path answers it', async () => {
    const h = await openHarness(NOW);
    await scenario(h);
    for (const range of ['24h', '7d'] as const) {
      const page = (await h.get<MinerPage>(`/ltc/api/v1/miner/page/${MINER}?range=${range}`)).body;
      const path = (name: string, query = '') => h.get(`/ltc/api/${name}/${MINER}${query}`).then((r) => r.body);
      expect(page.stats).toEqual(await path('v1/miner/stats'));
      expect(page.chart).toEqual(await path('v1/miner/chart', `?range=${range}`));
      expect(page.rewards).toEqual(((await path('v1/miner/rewards', '?days=31')) as { results: unknown }).results);
      expect(page.alerts).toEqual(await path('v1/miner/alerts'));
      // Quality, best shares and reported: the miner's figures; the page shows no worker's.
      const quality = (await path('v1/miner/quality')) as ShareQuality;
      expect(page.quality).toEqual({
        pool: quality.pool,
        miner: quality.miner,
        stale_hint_workers: quality.workers.filter((w) => w.stale_hint).map((w) => w.worker),
      });
      const best = (await path('v1/miner/best-shares')) as BestShares;
      expect(page.best).toEqual({ network_difficulty: best.network_difficulty, miner: best.miner });
      expect(page.reported).toEqual({ miner: ((await path('v1/miner/reported')) as ReportedHashrate).miner });
      const workers = ((await path('v3/miner/workers')) as { results: Record<string, unknown>[] }).results;
      expect(page.workers).toEqual(
        workers.map((row) => Object.fromEntries(Object.keys(page.workers[0]!).map((k) => [k, row[k]]))),
      );
    }
  });

  it('costs five statements, the latest network sample read once, where the eight paths cost 19', async () => {
    const h = await openHarness(NOW);
    await scenario(h);
    const query = vi.spyOn(h.db.pool, 'query');
    const statements = () =>
      query.mock.calls.map(([sql]) => (typeof sql === 'string' ? sql : String((sql as { text?: string }).text)));

    expect((await h.get(`/ltc/api/v1/miner/page/${MINER}`)).statusCode).toBe(200);
    const page = statements();
    expect(page).toHaveLength(5);
    expect(page.filter((sql) => sql.includes('network_samples'))).toHaveLength(1);

    // What one render asked before: the eight paths the page called.
    query.mockClear();
    for (const path of ['v1/miner/stats', 'v1/miner/chart', 'v3/miner/workers', 'v1/miner/rewards', 'v1/miner/alerts'].concat([
      'v1/miner/quality',
      'v1/miner/best-shares',
      'v1/miner/reported',
    ]))
      expect((await h.get(`/ltc/api/${path}/${MINER}`)).statusCode).toBe(200);
    expect(statements()).toHaveLength(19);
    expect(statements().filter((sql) => sql.includes('network_samples'))).toHaveLength(2);
    query.mockRestore();
  });

  it('answers 404 for an address the pool never saw and 400 for a range the page does not offer', async () => {
    const h = await openHarness(NOW);
    await scenario(h);
    const unknown = await h.get<{ message: string }>(`/ltc/api/v1/miner/page/${NEVER}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toMatch(/nothing found/i);
    expect((await h.get(`/ltc/api/v1/miner/page/${MINER}?range=1y`)).statusCode).toBe(400);
    expect((await h.get(`/ltc/api/v1/miner/page/not%20an%20address`)).statusCode).toBe(400);
    expect((await h.get(`/zzz/api/v1/miner/page/${MINER}`)).statusCode).toBe(404);
  });
});
