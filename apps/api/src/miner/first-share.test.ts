/**
 * What /test reads from the workers list: the difficulty of a worker's first share,
 * of its latest share, and its hashrate since the first share. Real PostgreSQL, fixed clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, POOL_CONFIG, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 3, 0);
const ADDRESS = 'kaspa:qpfirstshare';
let h: Harness;
let seq = 0;

beforeAll(async () => {
  h = await createHarness(NOW);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

function share(worker: string, at: number, difficulty: number, status: 'valid' | 'stale' = 'valid'): IngestEvent {
  seq += 1;
  return {
    type: 'share',
    seq,
    coin: 'kas',
    address: ADDRESS,
    worker,
    scheme: 'pps',
    difficulty,
    status,
    ip: '192.0.2.9',
    at,
  } as IngestEvent;
}

interface Row {
  worker: string;
  first_share: number;
  last_share: number;
  first_share_difficulty: number | null;
  last_share_difficulty: number | null;
  hashrate_so_far: number | null;
}

async function worker(name: string): Promise<Row> {
  const response = await h.get<{ results: Row[] }>(`/kas/api/v3/miner/workers/${ADDRESS}`);
  expect(response.statusCode).toBe(200);
  const row = response.body.results.find((r) => r.worker === name);
  if (!row) throw new Error(`no worker ${name}`);
  return row;
}

describe('a worker’s first share on the workers list', () => {
  const hpd = POOL_CONFIG.coins.get('kas')!.hashesPerDifficulty;

  it('gives the first share’s difficulty at once, and no hashrate until a second share', async () => {
    expect((await h.ingest('first', [share('rig01', NOW - 60_000, 1024)])).statusCode).toBe(200);
    const row = await worker('rig01');
    expect(row).toMatchObject({
      first_share: NOW - 60_000,
      first_share_difficulty: 1024,
      last_share_difficulty: 1024,
      hashrate_so_far: 0,
    });
  });

  it('keeps the first difficulty across batches, follows the vardiff with the latest, and measures since the first share', async () => {
    // Three more valid shares in the same open 10-minute window, then one stale share.
    await h.ingest('more', [share('rig01', NOW - 40_000, 2048), share('rig01', NOW - 20_000, 2048)]);
    await h.ingest('more', [share('rig01', NOW - 10_000, 4096), share('rig01', NOW - 5_000, 4096, 'stale')]);
    const row = await worker('rig01');
    expect(row.first_share_difficulty).toBe(1024);
    expect(row.last_share_difficulty).toBe(4096);
    // Valid: 1024 + 2048 + 2048 + 4096 = 9216 over 4 shares; the first only starts the clock,
    // so 9216 * 3/4 = 6912 difficulty in the 60 s since it.
    expect(row.hashrate_so_far).toBeCloseTo((6912 * hpd) / 60, 0);
  });

  it('moves the first share back when an older share arrives late, with that share’s difficulty', async () => {
    await h.ingest('late', [share('rig01', NOW - 90_000, 512)]);
    const row = await worker('rig01');
    expect(row).toMatchObject({ first_share: NOW - 90_000, first_share_difficulty: 512, last_share_difficulty: 4096 });
  });

  it('says nothing of the kind for a worker first seen more than a day ago', async () => {
    await h.ingest('old', [share('rig02', NOW - 30_000, 8192)]);
    h.clock.now = NOW + 25 * 3600 * 1000;
    try {
      const row = await worker('rig02');
      expect(row.hashrate_so_far).toBeNull();
      expect(row.first_share_difficulty).toBe(8192);
    } finally {
      h.clock.now = NOW;
    }
  });
});
