/** The HTTP surface: bad input, errors, caching headers, CORS, docs. Real PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';
import { signReferralLanding } from '@openpool/domain/referral-landing';
import { createHarness, REFERRAL_SECRET, TOKEN, type Harness } from './testing/harness.ts';
import { stopTestServer } from './testing/database.ts';
import { INGEST_BODY_LIMIT } from './ingest/routes.ts';
import { dailyCoins, type NetworkFigures } from '@openpool/domain/profitability';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

const share = (seq: number, extra: Partial<IngestEvent> = {}) => ({
  type: 'share',
  seq,
  coin: 'kas',
  address: 'kaspa:qpexample',
  worker: 'ks5l-01',
  scheme: 'pps',
  difficulty: 1024,
  status: 'valid',
  ip: '192.0.2.44',
  at: NOW - 60_000,
  ...extra,
});

function post(body: string, headers: Record<string, string> = {}, source = 'test') {
  return h.app.inject({
    method: 'POST',
    url: `/internal/v1/events?source=${source}`,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson', ...headers },
    payload: body,
  });
}

describe('ingest', () => {
  it('refuses a missing or wrong token with 401', async () => {
    expect((await post('', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await post('', { authorization: '' })).statusCode).toBe(401);
  });

  it('checks the token before anything of the body (401 at once, no schema message)', async () => {
    const anonymous = { authorization: '' };
    for (const [body, type] of [
      ['x'.repeat(INGEST_BODY_LIMIT + 10), 'application/x-ndjson'],
      ['{"type":"share"}\n', 'application/x-ndjson'],
      ['{}', 'application/json'],
      ['hello', 'text/plain'],
      ['', 'image/png'],
    ] as const) {
      const response = await post(body, { ...anonymous, 'content-type': type });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized', message: 'A valid bearer token is required.' });
    }
  });

  it('accepts application/x-ndjson only (text/plain was once read as a batch)', async () => {
    // A status of a block nobody knows: accepted, and it changes nothing the next tests count.
    const line = toNdjson([
      { type: 'block_status', seq: 900, coin: 'kas', hash: 'ff', confirmations: 1, orphaned: false, at: NOW - 60_000 },
    ]);
    for (const type of ['text/plain', 'application/json', 'application/jsonl', 'application/octet-stream']) {
      const response = await post(line, { 'content-type': type }, 'media');
      expect(response.statusCode, type).toBe(415);
    }
    expect((await post(line, { 'content-type': 'application/x-ndjson; charset=utf-8' }, 'media')).statusCode).toBe(200);
  });

  it('names the first bad line and applies nothing of the batch', async () => {
    const body = `${JSON.stringify(share(1))}\n\n${JSON.stringify(share(2, { difficulty: -5 } as never))}\n`;
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_event', line: 3 });
    expect((await h.db.pool.query('select count(*)::int as n from workers')).rows[0].n).toBe(0);
    const notJson = await post('{"type":"share",\n');
    expect(notJson.json()).toMatchObject({ line: 1, message: 'line 1: not valid JSON' });
  });

  it('refuses a seq that does not grow, and events from the future', async () => {
    expect((await post(toNdjson([share(5), share(5)] as IngestEvent[]))).json()).toMatchObject({ line: 2 });
    expect((await post(toNdjson([share(6, { at: NOW + 3_600_000 })] as IngestEvent[]))).json()).toMatchObject({
      line: 1,
      message: 'line 1: at: 2026-11-20T13:00:00.000Z is in the future (more than 5 minutes ahead)',
    });
  });

  it('counts a share a few minutes ahead at the wall clock: no clock moves past it (decision 018)', async () => {
    const answer = await post(toNdjson([share(7, { at: NOW + 4 * 60_000 })] as IngestEvent[]));
    expect(answer.statusCode).toBe(200);
    const clock = await h.db.pool.query<{ event_time: Date }>(`select event_time from engine_clock where coin = 'kas'`);
    expect(clock.rows[0]!.event_time.getTime()).toBeLessThanOrEqual(NOW);
  });

  it('answers 413 for an oversize body and 400 for a bad source', async () => {
    const big = 'x'.repeat(INGEST_BODY_LIMIT + 10);
    expect((await post(big)).statusCode).toBe(413);
    expect((await post('', {}, 'Bad Source!')).statusCode).toBe(400);
  });

  it('refuses a second batch of a source while the first is being applied', async () => {
    const [first, second] = await Promise.all([
      post(toNdjson([share(20)] as IngestEvent[]), {}, 'busy'),
      post(toNdjson([share(21)] as IngestEvent[]), {}, 'busy'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });

  it('acknowledges a batch and skips it when replayed', async () => {
    const body = toNdjson([share(10), share(11)] as IngestEvent[]);
    expect((await post(body)).json()).toEqual({ accepted: 2, skipped: 0, last_seq: 11 });
    expect((await post(body)).json()).toEqual({ accepted: 0, skipped: 2, last_seq: 11 });
  });
});

describe('bad input on public routes', () => {
  it.each([
    ['/doge/api/v1/pool/stats', 404, 'Unsupported coin'],
    ['/nope/api/v1/pool/stats', 404, 'Unsupported coin'],
    ['/ltc/api/v1/miner/stats/bad%20address', 400, undefined],
    [`/ltc/api/v1/miner/stats/${'a'.repeat(300)}`, 400, undefined],
    ['/ltc/api/v1/miner/stats/ltc1qunknown', 404, undefined],
    ['/ltc/api/v1/blocks?page=99999999999', 400, undefined],
    ['/ltc/api/v1/blocks?page=abc', 400, undefined],
    ['/ltc/api/v1/blocks?page_size=1000', 400, undefined],
    ['/ltc/api/v1/pool/chart?range=2y', 400, undefined],
    ['/ltc/api/v1/miner/payouts/ltc1qx?next=-1', 400, undefined],
    ['/ltc/api/v1/miner/worker/ltc1qx/bad%20worker', 400, undefined],
    ['/api/v2/daily-revenue/LTC?hashrate=-1', 400, undefined],
    ['/api/v2/daily-revenue/LTC', 400, undefined],
    // Strict numbers (decision 008): empty, hexadecimal, exponent and signed forms are refused.
    ['/api/v2/daily-revenue/LTC?hashrate=', 400, undefined],
    ['/api/v2/daily-revenue/LTC?hashrate=0x10', 400, undefined],
    ['/api/v2/daily-revenue/LTC?hashrate=1e3', 400, undefined],
    ['/api/v2/daily-revenue/LTC?hashrate=Infinity', 400, undefined],
    ['/api/v2/daily-revenue/LTC?hashrate=%201', 400, undefined],
    ['/ltc/api/v1/blocks?page=1e2', 400, undefined],
    ['/ltc/api/v1/blocks?page=', 400, undefined],
    ['/ltc/api/v1/blocks?page_size=+5', 400, undefined],
    ['/ltc/api/v1/blocks?page=1.5', 400, undefined],
    ['/ltc/api/v1/miner/payouts/ltc1qx?limit=0x10', 400, undefined],
    ['/ltc/api/v1/miner/rewards/ltc1qx?days=1e1', 400, undefined],
    ['/no/such/route', 404, undefined],
    // The site once answered these 500; the API must stay at 404.
    ['//', 404, undefined],
    ['///', 404, undefined],
    ['//health', 404, undefined],
  ])('%s answers %i with a JSON error', async (url, status, message) => {
    const response = await h.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toBe(message);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a malformed settings body with 400', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/ltc/api/v1/miner/settings/ltc1qx',
      payload: '{"ip": 5',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    const wrongType = await h.app.inject({ method: 'POST', url: '/ltc/api/v1/miner/settings/ltc1qx', payload: { ip: 12 } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('limits settings attempts per address with 429 and Retry-After', async () => {
    const attempt = () =>
      h.app.inject({
        method: 'POST',
        url: '/kas/api/v1/miner/settings/kaspa:qplimited',
        payload: { ip: '192.0.2.1' },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(403);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['1e21', 'This field must be 10000 or less.'],
    ['1e39', 'This field must be 10000 or less.'],
    ['9'.repeat(38), 'This field must be 10000 or less.'],
    ['0x10', 'The payout threshold field must contain only decimal values'],
  ])('answers 400, not 500, for the threshold %s', async (threshold, message) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/ltc/api/v1/miner/settings/ltc1qx',
      payload: { ip: '192.0.2.1', payout_threshold: threshold },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ payout_threshold: message });
  });

  it('refuses a crafted e-mail with the translated rule’s words', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/ltc/api/v1/miner/settings/ltc1qx',
      payload: { ip: '192.0.2.1', email: '"><img/src=x/onerror=alert(1)>@evil.example' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'Invalid e-mail address.' });
  });

  it('says whether the address is active: only once the pool has seen a share from it', async () => {
    const settings = (address: string) => h.get<{ active: boolean }>(`/ltc/api/v1/miner/settings/${address}`);
    expect((await settings('ltc1qfresh')).body.active).toBe(false);
    const first = { ...share(800), coin: 'ltc', address: 'ltc1qfresh' };
    expect((await post(toNdjson([first] as IngestEvent[]), {}, 'settings-active')).statusCode).toBe(200);
    expect((await settings('ltc1qfresh')).body.active).toBe(true);
  });

  it('answers 403 for an address it has never seen, like a wrong proof', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/ltc/api/v1/miner/settings/ltc1qnever',
      payload: { ip: '192.0.2.1' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('drops 10-minute buckets after 8 days and keeps hourly rollups', async () => {
    const old = new Date(NOW - 9 * 86_400_000);
    await h.db.pool.query(`insert into pool_buckets (coin, scheme, bucket, valid) values ('btc', 'pps', $1, 1)`, [old]);
    await h.db.pool.query(`insert into pool_hourly (coin, scheme, hour, valid) values ('btc', 'pps', $1, 1)`, [old]);
    expect(await h.engine.applyRetention(NOW)).toBeGreaterThanOrEqual(1);
    expect((await h.db.pool.query(`select count(*)::int n from pool_buckets where coin = 'btc'`)).rows[0].n).toBe(0);
    expect((await h.db.pool.query(`select count(*)::int n from pool_hourly where coin = 'btc'`)).rows[0].n).toBe(1);
  });
});

describe('caching, CORS, docs', () => {
  it('sets Cache-Control and an ETag, and answers 304 on a match', async () => {
    const first = await h.app.inject({ method: 'GET', url: '/ltc/api/v1/pool/stats' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/max-age=10/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const second = await h.app.inject({ method: 'GET', url: '/ltc/api/v1/pool/stats', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('lets browsers revalidate rates and miner data in the foreground, never stale-while-revalidate', async () => {
    // Chromium's background revalidation stays pending in DevTools for ~30 s (see http/caching.ts).
    for (const url of ['/api/v1/rates', '/kas/api/v3/miner/workers/kaspa:qpexample']) {
      const response = await h.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
    }
  });

  it('keeps the compatibility shapes of rates and pool stats', async () => {
    const rates = (await h.get<{ fiat: Record<string, number>; crypto: Record<string, number> }>('/api/v1/rates')).body;
    expect(rates.fiat.USD).toBe(1);
    expect(Object.keys(rates.fiat).length).toBeGreaterThanOrEqual(30);
    expect(rates.crypto.BTC).toBeGreaterThan(1000);
    const stats = (await h.get<Record<string, unknown>>('/ltc/api/v1/pool/stats')).body;
    expect(stats).toMatchObject({
      ticker: 'ltc',
      name: 'LTC',
      fee: 0.02,
      fee_type: 'PPS+',
      directMining: true,
      merged: ['doge', 'pep', 'bells'],
    });
    expect((stats.servers as { urls: string[] }).urls).toContain('ltc-eu.openpool.example:3030');
    expect((await h.get('/api/v2/profile')).body).toEqual({ authenticated: false, power_cost: 0.04, currency: null });
  });

  it('allows credentials only for the site origin', async () => {
    const own = await h.app.inject({ method: 'GET', url: '/api/v1/rates', headers: { origin: 'http://localhost:3000' } });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    const other = await h.app.inject({ method: 'GET', url: '/api/v1/rates', headers: { origin: 'https://elsewhere.example' } });
    expect(other.headers['access-control-allow-origin']).toBe('*');
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('documents every public route in the OpenAPI document', async () => {
    const doc = (await h.get<{ paths: Record<string, unknown> }>('/openapi.json')).body;
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/rates',
      '/api/v2/profile',
      '/api/v1/pools',
      '/{coin}/api/v1/pool/stats',
      '/{coin}/api/v1/pool/chart',
      '/{coin}/api/v1/network/chart',
      '/{coin}/api/v1/blocks',
      '/{coin}/api/v1/top-miners',
      '/{coin}/api/v1/miner/stats/{address}',
      '/{coin}/api/v1/miner/chart/{address}',
      '/{coin}/api/v3/miner/workers/{address}',
      '/{coin}/api/v1/miner/worker/{address}/{worker}',
      '/{coin}/api/v1/miner/payouts/{address}',
      '/{coin}/api/v1/miner/balance/{address}',
      '/{coin}/api/v1/miner/rewards/{address}',
      '/{coin}/api/v1/miner/settings/{address}',
      '/api/v2/daily-revenue/{coin}',
      '/api/v1/referral/track',
      '/internal/v1/events',
    ]) {
      expect(paths).toContain(path);
    }
    const docs = await h.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(docs.statusCode);
    // The docs page once had no CSP.
    const page = await h.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*object-src 'none'.*script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    // Like every HTML page the API serves, never framed: one frame-ancestors, which browsers
    // otherwise report as an error; Swagger UI's inline styles allowed (no style hash beside them).
    const csp = String(page.headers['content-security-policy']);
    expect(csp.match(/frame-ancestors/g)).toEqual(['frame-ancestors']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp).not.toContain('https:');
    for (const name of csp.split('; ').map((part) => part.split(' ')[0]))
      expect(
        csp.split('; ').filter((part) => part.startsWith(`${name} `)),
        name,
      ).toHaveLength(1);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('says nosniff on every answer, errors included', async () => {
    for (const url of ['/api/v1/rates', '/no/such/route', '/ltc/api/v1/blocks?page=abc', '/openapi.json', '/docs/']) {
      expect((await h.app.inject({ method: 'GET', url })).headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('records a referral once per coin and miner', async () => {
    // Only an address that mined here can be attributed (decision 008).
    const miner = { ...share(700), coin: 'ltc', address: 'ltc1qref' };
    expect((await post(toNdjson([miner] as IngestEvent[]), {}, 'referral')).statusCode).toBe(200);
    // Only from a landing the web server signed (decision 017): `ref` is normalised first.
    const track = (ref: string) => {
      const landing = signReferralLanding(REFERRAL_SECRET, ref.trim().toLowerCase(), NOW - 600_000);
      return h.app.inject({
        method: 'GET',
        url: '/api/v1/referral/track?coin=ltc&miner=ltc1qref',
        headers: { cookie: `ref=${encodeURIComponent(ref)}; ref_landing=${landing}` },
      });
    };
    expect((await track(' Friend ')).json()).toEqual({ recorded: true });
    expect((await track('other')).json()).toEqual({ recorded: false });
    expect((await h.db.pool.query(`select ref from referrals where address = 'ltc1qref'`)).rows).toEqual([{ ref: 'friend' }]);
  });
});

describe('daily revenue (the one formula)', () => {
  it("equals the site's estimate from pool stats, and WhatToMine's formula, within a smallest unit", async () => {
    const network = { type: 'network', seq: 1, coin: 'btc', difficulty: 1.2e14, hashrate: 8e20, height: 900_000 };
    const ingested = await h.ingest('revenue', [{ ...network, reward: '312500000', at: NOW - 30_000 } as IngestEvent]);
    expect(ingested.statusCode).toBe(200);
    const hashrate = 234e12; // Antminer S21 Pro
    const revenue = (await h.get<{ revenue: string }>(`/api/v2/daily-revenue/BTC?hashrate=${hashrate}`)).body.revenue;
    const stats = (await h.get<NetworkFigures>('/btc/api/v1/pool/stats')).body;
    const site = dailyCoins(stats, hashrate) ?? 0;
    expect(Number(revenue)).toBeGreaterThan(0);
    expect(Math.abs(Number(revenue) - site)).toBeLessThanOrEqual(1e-8);
    const wtm = ((hashrate * 86_400 * 3.125) / (1.2e14 * 2 ** 32)) * (1 - 0.02);
    expect(Math.abs(Number(revenue) - wtm)).toBeLessThanOrEqual(1e-8 + wtm * 1e-6);
  });
});
