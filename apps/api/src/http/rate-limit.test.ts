/**
 * The public API's per-client quota (decision 023), on the real app: the IETF
 * RateLimit fields on every counted answer, 429 with Retry-After past the quota, a fresh window
 * after it turns, the site's own address never counted, exports on a quota of their own.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { addressMatcher } from '@openpool/domain/address-matcher';
import { clientKey, DEFAULT_RATE_LIMITS } from './rate-limit.ts';

// 20 s into a minute: the first window has 40 s left.
const NOW = Date.UTC(2026, 10, 20, 12, 0, 20);
const QUOTA = DEFAULT_RATE_LIMITS.general.quota;
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  await stopTestServer();
});

const from = (harness: Harness, remoteAddress: string, url = '/api/v2/profile', headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('public API limits', () => {
  it('counts down in the RateLimit fields, answers 429 with Retry-After past the quota, and starts again when the window turns', async () => {
    h = await createHarness(NOW);
    const first = await from(h, '203.0.113.5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"default";q=${QUOTA};w=60`);
    expect(first.headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=40`);
    for (let i = 2; i <= QUOTA; i += 1) expect((await from(h, '203.0.113.5')).statusCode).toBe(200);
    const refused = await from(h, '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers.ratelimit).toBe('"default";r=0;t=40');
    expect(refused.headers['ratelimit-policy']).toBe(`"default";q=${QUOTA};w=60`);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toMatchObject({ error: 'api_rate_limit' });
    // Another client has its own quota; pool data routes count like any other.
    const other = await from(h, '198.51.100.9', '/ltc/api/v1/pool/stats');
    expect(other.headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=40`);
    h.clock.now += 40_000;
    const next = await from(h, '203.0.113.5');
    expect(next.statusCode).toBe(200);
    expect(next.headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=60`);
  });

  it('never counts the site’s own server (loopback by default), health or ingest, but counts a visitor behind the proxy', async () => {
    h = await createHarness(NOW);
    for (let i = 0; i <= QUOTA; i += 1) {
      const own = await from(h, '127.0.0.1');
      expect(own.statusCode).toBe(200);
      expect(own.headers.ratelimit).toBeUndefined();
    }
    for (let i = 0; i <= QUOTA; i += 1) expect((await from(h, '203.0.113.7', '/health')).statusCode).toBe(200);
    expect((await from(h, '203.0.113.7')).headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=40`);
    // Through a trusted proxy on loopback, the visitor's forwarded address is the client.
    const proxied = await from(h, '127.0.0.1', '/api/v2/profile', { 'x-forwarded-for': '192.0.2.44' });
    expect(proxied.headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=40`);
  });

  it('counts a forwarded ip:port, [v6]:port or [v6] as the bare client: a source port is no fresh quota', async () => {
    h = await createHarness(NOW);
    const forwarded = (value: string) => from(h!, '127.0.0.1', '/api/v2/profile', { 'x-forwarded-for': value });
    const seen = [];
    for (const value of ['203.0.113.9:1111', '203.0.113.9:2222', '203.0.113.9', '[::ffff:203.0.113.9]:80'])
      seen.push((await forwarded(value)).headers.ratelimit);
    expect(seen).toEqual([1, 2, 3, 4].map((n) => `"default";r=${QUOTA - n};t=40`));
    const v6 = [];
    for (const value of ['[2001:db8:5:1::5]:443', '[2001:db8:5:1::6]', '2001:DB8:5:1::7'])
      v6.push((await forwarded(value)).headers.ratelimit);
    expect(v6).toEqual([1, 2, 3].map((n) => `"default";r=${QUOTA - n};t=40`));
  });

  it('counts the site’s miner pages in the visitor’s own quota, asked only by the site’s servers', async () => {
    h = await createHarness(NOW);
    const take = (remoteAddress: string, client: string) =>
      h!.app.inject({ method: 'POST', url: '/internal/v1/quota', remoteAddress, payload: { client } });
    // A visitor the API already refused is refused for the site's pages too.
    for (let i = 0; i < QUOTA; i += 1) await from(h, '203.0.113.50');
    const refused = await take('127.0.0.1', '203.0.113.50:4411');
    expect(refused.json()).toMatchObject({ counted: true, over: true, remaining: 0, reset: 40 });
    // A fresh visitor's page takes one from its quota, which the API then shows.
    expect((await take('127.0.0.1', '[2001:db8:7:7::1]:443')).json()).toMatchObject({ over: false, remaining: QUOTA - 1 });
    expect((await from(h, '2001:db8:7:7::2')).headers.ratelimit).toBe(`"default";r=${QUOTA - 2};t=40`);
    // Only the site's servers may ask; an address that is no IP is refused.
    expect((await take('198.51.100.1', '203.0.113.51')).statusCode).toBe(404);
    expect((await take('127.0.0.1', 'not-an-ip')).statusCode).toBe(400);
    // Forwarded headers open nothing: a visitor through the trusted proxy on loopback is the
    // visitor, whatever it wrote first; an untrusted socket's X-Forwarded-For is not read.
    const forwarded = (remoteAddress: string, xff: string) =>
      h!.app.inject({
        method: 'POST',
        url: '/internal/v1/quota',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
        payload: { client: '203.0.113.52' },
      });
    for (const xff of ['192.0.2.44', '127.0.0.1, 192.0.2.44', '[::1]:80, 192.0.2.44:5000'])
      expect((await forwarded('127.0.0.1', xff)).statusCode).toBe(404);
    for (const xff of ['127.0.0.1', '::1', '127.0.0.1:80']) expect((await forwarded('198.51.100.1', xff)).statusCode).toBe(404);
  });

  it('gives exports a smaller quota of their own on top, and names both policies', async () => {
    h = await createHarness(NOW);
    const url = '/ltc/api/v1/miner/export/ltc1qnobody?kind=payouts';
    const limit = DEFAULT_RATE_LIMITS.export.quota;
    const first = await from(h, '203.0.113.8', url);
    expect(first.headers['ratelimit-policy']).toBe(`"default";q=${QUOTA};w=60, "export";q=${limit};w=600`);
    expect(first.headers.ratelimit).toBe(`"default";r=${QUOTA - 1};t=40, "export";r=${limit - 1};t=580`);
    for (let i = 2; i <= limit; i += 1) expect((await from(h, '203.0.113.8', url)).statusCode).toBe(404);
    const refused = await from(h, '203.0.113.8', url);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('580');
    // The general quota is far from used: other calls still answer.
    expect((await from(h, '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('gives every public route its 429 with Retry-After and the RateLimit fields, and leaves out health', async () => {
    h = await createHarness(NOW);
    const doc = (
      await h.get<{ paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>> }>('/openapi.json')
    ).body;
    const stats = doc.paths['/{coin}/api/v1/pool/stats']!.get!.responses;
    expect(Object.keys(stats['200']!.headers ?? {})).toEqual(['RateLimit', 'RateLimit-Policy']);
    expect(Object.keys(stats['429']!.headers ?? {})).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
    const exportHeaders = doc.paths['/{coin}/api/v1/miner/export/{address}']!.get!.responses['429']!.headers as Record<
      string,
      { description: string }
    >;
    expect(exportHeaders['RateLimit-Policy']!.description).toContain('"default";q=300;w=60, "export";q=20;w=600');
    expect(doc.paths['/health']).toBeUndefined();
  });
});

describe('GET /api/v1/limits', () => {
  it('names the quotas in force and the cache lifetimes the answers really have', async () => {
    h = await createHarness(NOW);
    const limits = await h.get<{ policies: { name: string; quota: number }[]; cache_seconds: Record<string, number> }>(
      '/api/v1/limits',
    );
    expect(limits.body.policies.map((policy) => [policy.name, policy.quota])).toEqual([
      ['default', QUOTA],
      ['export', DEFAULT_RATE_LIMITS.export.quota],
    ]);
    const maxAge = async (url: string) => Number(/max-age=(\d+)/.exec(String((await h!.get(url)).headers['cache-control']))?.[1]);
    expect(await maxAge('/ltc/api/v1/pool/stats')).toBe(limits.body.cache_seconds.pool);
    expect(await maxAge('/api/v1/rates')).toBe(limits.body.cache_seconds.rates);
    expect(await maxAge('/ltc/api/v1/miner/balance/ltc1qanyone')).toBe(limits.body.cache_seconds.miner);
  });
});

describe('clients and exempt addresses', () => {
  it('counts an IPv6 /64 as one client and an IPv4-mapped address as its IPv4 address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff::9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('matches addresses, ranges and the named ranges', () => {
    const exempt = addressMatcher(['loopback', '192.0.2.10', '10.1.0.0/16', '2001:db8::/32']);
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.0.2.10', '10.1.200.3', '2001:db8:5::1'])
      expect(exempt(ip), ip).toBe(true);
    for (const ip of ['192.0.2.11', '10.2.0.1', '2001:db9::1', 'not-an-ip']) expect(exempt(ip), ip).toBe(false);
  });
});
