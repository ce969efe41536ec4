/**
 * Issue 17 item 1: no event can break accounting. The reproduction is the one that halted a
 * coin: a backdated `network` sample with a tiny difficulty and a huge reward, a share of the
 * schema's maximum difficulty in one hour and any share in the next. Before the fix the
 * first batch was accepted and the PPS credit of the next hour overflowed numeric(40,0), so
 * every later batch of that coin answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const MIN = 60_000;
const A = 'ltc1qminera0000000000000000000000000000aaaa';

let h: Harness;
let seq = 0;
const share = (at: number, difficulty: number, coin: 'ltc' | 'btc' = 'ltc'): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin,
  address: coin === 'ltc' ? A : 'bc1qminera000000000000000000000000000aaaa',
  worker: 'rig1',
  scheme: 'pps',
  difficulty,
  status: 'valid',
  ip: '203.0.113.10',
  at,
});

beforeAll(async () => {
  h = await createHarness(T0 + 10 * 24 * 60 * MIN);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('a hostile but schema-shaped batch', () => {
  it('cannot stop a coin’s accounting', { timeout: 60_000 }, async () => {
    const hostile: IngestEvent[] = [
      { type: 'network', seq: ++seq, coin: 'ltc', difficulty: 1e-6, hashrate: 1, height: 1, reward: '9'.repeat(39), at: T0 + MIN },
      share(T0 + 2 * MIN, 1e30),
    ];
    const first = await h.ingest('hostile', hostile);
    // Either refused outright (bounds) or accepted harmlessly; never a 500.
    expect(first.statusCode).toBeLessThan(500);
    // The next hour's share runs the PPS credit job over whatever was accepted.
    const next = await h.ingest('hostile', [share(T0 + 62 * MIN, 1)]);
    expect(next.statusCode).toBe(200);
    const later = await h.ingest('hostile', [share(T0 + 125 * MIN, 1)]);
    expect(later.statusCode).toBe(200);
    expect(later.body).toMatchObject({ accepted: 1 });
  });
});
