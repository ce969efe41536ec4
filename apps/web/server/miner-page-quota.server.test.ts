/**
 * The miner pages' quota on a real Express server: a client the API refuses could read a
 * miner's figures through the site's `.data` answers 100 of 100 times; now those count.
 */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minerPageQuota } from './miner-page-quota.server.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 20);
let server: ReturnType<ReturnType<typeof express>['listen']>;
let base = '';

beforeAll(async () => {
  const app = express();
  // The test speaks from loopback as a trusted proxy, naming the visitor in X-Forwarded-For.
  app.set('trust proxy', 'loopback');
  app.use(minerPageQuota({ perMinute: 5, exempt: ['loopback', '192.0.2.10'], now: () => NOW }));
  app.use((_req, res) => void res.send('page'));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

const get = (path: string, client?: string) => fetch(`${base}${path}`, { headers: client ? { 'x-forwarded-for': client } : {} });
/** A GET with its path sent as written: fetch would resolve dot segments before sending. */
const getRaw = (path: string, client: string) =>
  new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${base}/`, { path, headers: { 'x-forwarded-for': client } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });

describe('miner page quota, local (the API cannot answer)', () => {
  it('counts HTML and .data answers of miner pages together, per client, and answers 429 past the quota', async () => {
    const paths = [
      '/ltc/miner/stats/ltc1qa.data',
      '/ru/ltc/miner/stats/ltc1qa',
      '/ltc/miner/payouts/ltc1qa.data',
      '/watch/abc.data',
      '/ltc/miner/stats/ltc1qa/rig/pps.data',
    ];
    const answers = [];
    // Each request from another source port of the same visitor: still one client.
    for (const [i, path] of paths.entries()) answers.push(await get(path, `203.0.113.9:${4000 + i}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers.get('ratelimit')).toBe('"miner-pages";r=4;t=40');
    const refused = await get('/ltc/miner/stats/ltc1qa.data', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Another client, the same visitor's other pages and the exempt hosts are not refused.
    expect((await get('/ltc/miner/stats/ltc1qa.data', '[2001:db8::1]:443')).status).toBe(200);
    expect((await get('/ltc', '203.0.113.9')).status).toBe(200);
    expect((await get('/ltc/miner/stats/ltc1qa.data', '192.0.2.10')).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await get('/ltc/miner/stats/ltc1qa.data')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one client', async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i += 1) statuses.push((await get('/ltc/miner/stats/x', `2001:db8:9:9::${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
  it('counts the spellings the router matches: any case, percent-encoded letters', async () => {
    // React Router matches paths without regard to case and decodes each segment, so all of
    // these render a miner page; each must count in the same client's quota.
    const paths = [
      '/LTC/MINER/stats/x.data',
      '/ltc/Miner/stats/x',
      '/ltc/%6Diner/stats/x.data',
      '/ru/ltc/%4D%49NER/stats/x',
      '/WATCH/abc.data',
      '/%77atch/abc',
      '/x/../ltc/miner/stats/x.data',
      '/a/b/%2e%2e/%2E%2E/ltc/miner/stats/x',
    ];
    const statuses = [];
    for (const path of paths) statuses.push(await getRaw(path, '198.51.100.77'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('miner page quota, counted in the visitor’s API quota', () => {
  it('refuses a visitor the API refuses, with the API’s fields, and falls back when the API cannot say', async () => {
    const asked: string[] = [];
    let apiUp = true;
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(
      minerPageQuota({
        perMinute: 2,
        exempt: ['loopback'],
        now: () => NOW,
        apiQuota: async (client) => {
          asked.push(client);
          if (!apiUp) return null;
          const over = client === '203.0.113.66';
          return { counted: true, over, remaining: over ? 0 : 57, reset: 40, policy: '"default";q=300;w=60' };
        },
      }),
    );
    app.use((_req, res) => void res.send('page'));
    const local = app.listen(0, '127.0.0.1');
    await once(local, 'listening');
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const ask = (client: string) => fetch(`${at}/ltc/miner/stats/x.data`, { headers: { 'x-forwarded-for': client } });
    try {
      const refused = await ask('203.0.113.66:5000');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit')).toBe('"default";r=0;t=40');
      expect(refused.headers.get('retry-after')).toBe('40');
      const fine = await ask('198.51.100.3');
      expect(fine.status).toBe(200);
      expect(fine.headers.get('ratelimit-policy')).toBe('"default";q=300;w=60');
      // The API was asked with bare addresses.
      expect(asked).toEqual(['203.0.113.66', '198.51.100.3']);
      // API down: the local quota (2 a minute here) holds.
      apiUp = false;
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await ask('198.51.100.4')).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      local.close();
    }
  });
});
