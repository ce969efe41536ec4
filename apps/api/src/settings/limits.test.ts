/**
 * Settings limits (decisions 008 and 016), reproduced first on the code of d82ef40: ten
 * wrong proofs from a stranger gave the owner, with the right IP, 429 for an hour; and a rotating X-Forwarded-For let 39
 * of 40 attempts past the per-client limit. Now only failures count, forwarded headers count
 * only from TRUST_PROXY, and the counters live in PostgreSQL.
 * Later, 101 source addresses x 10 wrong proofs filled the per-address cap (1000)
 * and the owner's correct proof got 429. Now failures count per client network (IPv4 /24,
 * IPv6 /56) only, and nothing everyone's guesses fill can refuse the owner (decision 016).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createHarness, POOL_CONFIG, SITE_CONFIG, TOKEN, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { clientNetwork, ipv6Site } from '../http/client-network.ts';
import { createSettingsLimiter, SETTINGS_LIMITS } from './rate-limit.ts';

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
/** A request whose socket comes from `source` (loopback or not), no forwarded header. */
const attemptFrom = (app: Harness['app'], source: string, ip: string, address = ADDRESS) =>
  app.inject({
    method: 'POST',
    url: `/ltc/api/v1/miner/settings/${address}`,
    payload: { ip, payout_threshold: '1' },
    remoteAddress: source,
  });
/** A wrong guess at the worker IP: never the owner's. */
const guess = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

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

  it('reads a forwarded ip:port or [v6]:port as the bare address: a source port is no fresh budget', async () => {
    const { app } = await withOwner();
    const forms = (i: number) => [`203.0.113.66:${4000 + i}`, `[::ffff:203.0.113.66]:${5000 + i}`][i % 2]!;
    for (let i = 0; i < 10; i += 1) expect((await attempt(app, guess(i), forms(i))).statusCode).toBe(403);
    expect((await attempt(app, guess(99), '203.0.113.66:6553')).statusCode).toBe(429);
    expect(clientNetwork('[2001:db8:1:2ff::9]:443')).toBe('2001:db8:1:200::/56');
    expect(ipv6Site('[2001:db8:1:2ff::9]')).toBe('2001:db8:1::/48');
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

  // 1,100 requests on real PostgreSQL: a minute on a loaded machine is not a failure.
  it(
    'a distributed lock-out fails: 101 loopback networks x 10 wrong proofs, then the owner gets 200',
    { timeout: 120_000 },
    async () => {
      const { app } = await withOwner();
      let refused = 0;
      for (let n = 0; n < 101; n += 1) {
        // 127.0.n.1: a loopback source in a /24 of its own, as a botnet's would be.
        for (let k = 0; k < 10; k += 1) expect((await attemptFrom(app, `127.0.${n}.1`, guess(n * 10 + k))).statusCode).toBe(403);
        const eleventh = await attemptFrom(app, `127.0.${n}.2`, guess(5000 + n));
        expect(eleventh.statusCode).toBe(429);
        expect(eleventh.json().error).toBe('too_many_attempts');
        refused += 1;
      }
      expect(refused).toBe(101);
      const failures = await h!.db.pool.query<{ n: number }>(
        `select coalesce(sum(failures), 0)::int as n from settings_attempts where key like 'network-miner:%'`,
      );
      expect(failures.rows[0]!.n).toBe(1010); // past the old per-address cap of 1000
      // The owner, from a client that never guessed, with the right worker IP.
      const owner = await attemptFrom(app, '127.0.200.1', WORKER_IP);
      expect(owner.statusCode, owner.body).toBe(200);
      // So does the owner from a network an attacker used for another miner only.
      expect((await attemptFrom(app, '127.0.201.1', '192.0.2.1', 'ltc1qsomeoneelse')).statusCode).toBe(403);
      expect((await attemptFrom(app, '127.0.201.9', WORKER_IP)).statusCode).toBe(200);
    },
  );

  it('stops a brute force from one /24, whichever of its addresses asks, and tells how long to wait', async () => {
    const { app } = await withOwner();
    const outcomes: number[] = [];
    for (let i = 1; i <= 60; i += 1) outcomes.push((await attemptFrom(app, `203.0.113.${i}`, guess(i))).statusCode);
    expect(outcomes.filter((status) => status === 403)).toHaveLength(SETTINGS_LIMITS.perNetworkAndMiner);
    expect(outcomes.slice(SETTINGS_LIMITS.perNetworkAndMiner).every((status) => status === 429)).toBe(true);
    // The same network over other miners: 30 wrong guesses in all, then nothing is checked.
    let others = 0;
    for (let i = 0; i < 40; i += 1) {
      const status = (await attemptFrom(app, `203.0.113.${100 + i}`, guess(100 + i), `ltc1qvictim${i}`)).statusCode;
      if (status === 403) others += 1;
      else expect(status).toBe(429);
    }
    expect(others).toBe(SETTINGS_LIMITS.perNetwork - SETTINGS_LIMITS.perNetworkAndMiner);
    // IPv4-mapped IPv6 is the same /24; the wait is the rest of the hour (12:00 + 1 h).
    const mapped = await attemptFrom(app, '::ffff:203.0.113.250', guess(999));
    expect(mapped.statusCode).toBe(429);
    expect(mapped.headers['retry-after']).toBe('3600');
    expect(mapped.json().message).toMatch(/network/);
    // Inside the spent network even the right IP waits (it is not checked); anywhere else it works.
    expect((await attemptFrom(app, '203.0.113.251', WORKER_IP)).statusCode).toBe(429);
    expect((await attemptFrom(app, '203.0.114.1', WORKER_IP)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /56, and a /48 as three of them', async () => {
    const { app } = await withOwner();
    // 2001:db8:aa:bb00::/56 holds 2^72 addresses; each guess from a new one.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await attemptFrom(app, `2001:db8:aa:bb${i.toString(16).padStart(2, '0')}::${i + 1}`, guess(i))).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429, 429]);
    // Other /56s of the same /48 (2001:db8:aa::/48): 20 more wrong guesses at this miner in all.
    let more = 0;
    for (let i = 0; i < 40; i += 1) {
      const status = (await attemptFrom(app, `2001:db8:aa:${(i + 1).toString(16)}00::1`, guess(100 + i))).statusCode;
      if (status === 403) more += 1;
      else expect(status).toBe(429);
    }
    expect(more).toBe(SETTINGS_LIMITS.perIpv6SiteAndMiner - SETTINGS_LIMITS.perNetworkAndMiner);
    // Another /48 is another client; the owner, anywhere else, is not refused.
    expect((await attemptFrom(app, '2001:db8:ab:100::1', guess(500))).statusCode).toBe(403);
    expect((await attemptFrom(app, '2001:db8:ab:200::1', WORKER_IP)).statusCode).toBe(200);
  });

  it('starts afresh next hour, and the table does not grow', async () => {
    const harness = await withOwner();
    const limiter = createSettingsLimiter(harness.db.pool);
    for (let i = 0; i < 10; i += 1) await limiter.failed('203.0.113.9', 'ltc:x', NOW);
    expect(await limiter.wait('203.0.113.77', 'ltc:x', NOW)).toBe(3600);
    expect(await limiter.wait('203.0.113.77', 'ltc:y', NOW)).toBe(0);
    expect(await limiter.wait('198.51.100.7', 'ltc:x', NOW)).toBe(0);
    expect(await limiter.wait('203.0.113.77', 'ltc:x', NOW + 3_600_000)).toBe(0);
    // Old windows are dropped as new failures come in.
    await limiter.failed('203.0.113.1', 'ltc:y', NOW + 2 * 3_600_000);
    const rows = await harness.db.pool.query('select count(*)::int as n from settings_attempts');
    expect(rows.rows[0].n).toBe(2);
  });

  it('keys a client by its network: IPv4 /24, IPv6 /56 (and /48), IPv4-mapped IPv6 as IPv4', () => {
    expect(clientNetwork('192.0.2.1')).toBe('192.0.2.0/24');
    expect(clientNetwork('192.0.2.254')).toBe('192.0.2.0/24');
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.0/24');
    expect(clientNetwork('::FFFF:c000:0201')).toBe('192.0.2.0/24');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:0::/56');
    expect(clientNetwork('2001:db8:1:2ff:ffff:1:2:3')).toBe('2001:db8:1:200::/56');
    expect(clientNetwork('2001:0db8:0001:02ff::')).toBe('2001:db8:1:200::/56');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/56');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/56');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
    expect(clientNetwork('not an address')).toBe('not an address');
    expect(ipv6Site('2001:db8:1:2ff:ffff:1:2:3')).toBe('2001:db8:1::/48');
    expect(ipv6Site('192.0.2.1')).toBeNull();
    expect(ipv6Site('::ffff:192.0.2.1')).toBeNull();
  });
});
