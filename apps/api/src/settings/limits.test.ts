/**
 * Issue 17 item 3, reproduced first on the code of d82ef40: ten wrong proofs from a stranger
 * gave the owner, with the right IP, 429 for an hour; and a rotating X-Forwarded-For let 39
 * of 40 attempts past the per-client limit. Now only failures count, per client and address,
 * forwarded headers count only from TRUST_PROXY, and the counters live in PostgreSQL.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createHarness, POOL_CONFIG, SITE_CONFIG, TOKEN, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { clientKey, createSettingsLimiter } from './rate-limit.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ADDRESS = 'ltc1qowner00000000000000000000000000000own';
const WORKER_IP = '198.51.100.7';
let h: Harness | undefined;

async function withOwner(trustProxy?: string[]): Promise<Harness> {
  h = await createHarness(NOW, { trustProxy });
  const share = { type: 'share', seq: 1, coin: 'ltc', address: ADDRESS, worker: 'rig', scheme: 'pps', difficulty: 1 };
  expect((await h.ingest('owner', [{ ...share, status: 'valid', ip: WORKER_IP, at: NOW - 60_000 } as never])).statusCode).toBe(
    200,
  );
  return h;
}

const attempt = (app: Harness['app'], ip: string, client?: string) =>
  app.inject({
    method: 'POST',
    url: `/ltc/api/v1/miner/settings/${ADDRESS}`,
    payload: { ip, payout_threshold: '1' },
    headers: client ? { 'x-forwarded-for': client } : {},
  });

afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  await stopTestServer();
});

describe('settings limits', () => {
  it('a stranger’s wrong guesses never lock out the owner', async () => {
    const { app } = await withOwner();
    for (let i = 0; i < 10; i += 1) expect((await attempt(app, `192.0.2.${i + 1}`, '203.0.113.66')).statusCode).toBe(403);
    const stranger = await attempt(app, '192.0.2.99', '203.0.113.66');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(app, WORKER_IP, '198.51.100.7')).statusCode).toBe(200);
    // Even the stranger's client, once it has the right proof, is blocked only for this hour.
  });

  it('believes no X-Forwarded-For without TRUST_PROXY: rotating it does not pass the per-client limit', async () => {
    const { app } = await withOwner([]);
    let passed = 0;
    for (let i = 0; i < 40; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/ltc/api/v1/miner/settings/ltc1qother${i}`,
        payload: { ip: '192.0.2.1' },
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      });
      if (response.statusCode === 403) passed += 1;
      else expect(response.statusCode).toBe(429);
    }
    expect(passed).toBe(30);
  });

  it('counts in PostgreSQL, so every replica enforces the same limits', async () => {
    const harness = await withOwner();
    const replica = await buildApp({
      ctx: { db: harness.db.pool, pool: POOL_CONFIG, site: SITE_CONFIG, now: () => NOW, memoMs: 0 },
      engine: harness.engine,
      ingestToken: TOKEN,
      rates: { get: async () => ({ fiat: {}, crypto: {}, updatedAt: NOW }) },
      corsOrigins: [],
      trustProxy: ['loopback'],
    });
    try {
      for (let i = 0; i < 10; i += 1)
        expect((await attempt(i % 2 ? replica : harness.app, '192.0.2.1', '203.0.113.5')).statusCode).toBe(403);
      expect((await attempt(replica, '192.0.2.1', '203.0.113.5')).statusCode).toBe(429);
      expect((await attempt(harness.app, '192.0.2.1', '203.0.113.5')).statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });

  it('caps an address only for a distributed attack, and starts afresh next hour', async () => {
    const harness = await withOwner();
    const limiter = createSettingsLimiter(harness.db.pool, { perPair: 10, perClient: 30, perAddress: 50, windowMs: 3_600_000 });
    for (let i = 0; i < 49; i += 1) await limiter.failed(`203.0.113.${i}`, 'ltc:x', NOW);
    expect(await limiter.wait('198.51.100.7', 'ltc:x', NOW)).toBe(0);
    await limiter.failed('203.0.113.200', 'ltc:x', NOW);
    expect(await limiter.wait('198.51.100.7', 'ltc:x', NOW)).toBeGreaterThan(0);
    expect(await limiter.wait('198.51.100.7', 'ltc:x', NOW + 3_600_000)).toBe(0);
    // Old windows are dropped as new failures come in: the table does not grow.
    await limiter.failed('203.0.113.1', 'ltc:y', NOW + 2 * 3_600_000);
    const rows = await harness.db.pool.query('select count(*)::int as n from settings_attempts');
    expect(rows.rows[0].n).toBe(3);
  });

  it('keys an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
  });
});
