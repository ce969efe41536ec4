/**
 * The in-process simulator's own history may be older than the late window (a three-day
 * backfill, a restart after days down); a batch from outside may not (decision 018). Seen
 * failing before the ingestor existed: `SIMULATOR_BACKFILL_DAYS=3` with `SIMULATOR_LIVE=off`
 * posted through the route and was refused at its first batch.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createEngine } from '../engine/engine.ts';
import { createSimulatedSender } from '../engine/payouts/payout-sender.ts';
import { HttpError } from '../http/errors.ts';
import { createTestDatabase, stopTestServer, type TestDatabase } from '../testing/database.ts';
import { POOL_CONFIG } from '../testing/harness.ts';
import { createIngestor } from './ingestor.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const HOUR = 3_600_000;
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.close();
});
afterAll(() => stopTestServer());

const share = (seq: number, at: number): IngestEvent => ({
  type: 'share',
  seq,
  coin: 'ltc',
  address: 'ltc1qminera0000000000000000000000000000aaaa',
  worker: 'rig1',
  scheme: 'pps',
  difficulty: 1024,
  status: 'valid',
  ip: '203.0.113.10',
  at,
});
const ndjson = (events: IngestEvent[]) => events.map((event) => JSON.stringify(event)).join('\n') + '\n';

async function ingestor() {
  const db = await createTestDatabase();
  databases.push(db);
  const engine = createEngine({ pool: db.pool, config: POOL_CONFIG, sender: createSimulatedSender() });
  return createIngestor({ engine, now: () => NOW });
}

describe('the ingestor', () => {
  it('refuses an outside batch older than the late window, naming the line', async () => {
    const ingest = await ingestor();
    const refused = await ingest.apply('stratum-eu1', ndjson([share(1, NOW - 72 * HOUR)])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).message).toMatch(/^line 1: at: .* is older than the engine can still account/);
  });

  it("accounts the simulator's own three-day-old history in time order", { timeout: 60_000 }, async () => {
    const ingest = await ingestor();
    const days = [72, 48, 24, 1].map((hours, index) => share(index + 1, NOW - hours * HOUR));
    expect(await ingest.apply('sim-ltc', ndjson(days), { ownHistory: true })).toEqual({ accepted: 4, skipped: 0, last_seq: 4 });
  });
});
