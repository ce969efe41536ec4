import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHtmlCache } from './html-cache.server';

let base = '';
let renders = 0;
let clock = 0;
const cache = createHtmlCache({
  ttlMs: 5000,
  maxEntries: 10,
  now: () => clock,
  rootLocale: (_cookie, lang) => (lang?.startsWith('ru') ? 'ru' : 'en'),
});
const app = express();
app.use(cache.middleware);
app.get(/.*/, (req, res) => {
  renders += 1;
  const nonce = String(res.locals.nonce);
  if (req.query.cookie) res.setHeader('set-cookie', 'a=b');
  if (req.query.private) res.setHeader('cache-control', 'private, no-store');
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
  res.write(`<html><script nonce="${nonce}">1</script>`);
  res.end(`render ${renders}</html>`);
});
const server = app.listen(0);

beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

async function get(path: string) {
  const response = await fetch(base + path);
  return {
    body: await response.text(),
    csp: response.headers.get('content-security-policy') ?? '',
    hit: response.headers.get('x-html-cache') === 'hit',
  };
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe('HTML micro-cache', () => {
  it('sends a page rendered moments ago again, with a fresh nonce in body and CSP', async () => {
    const first = await get('/btc');
    const second = await get('/btc');
    expect(second.hit).toBe(true);
    expect(second.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''));
    expect(nonceOf(second.body)).not.toBe(nonceOf(first.body));
    expect(second.csp).toBe(`script-src 'nonce-${nonceOf(second.body)}'`);
  });

  it('renders again once the entry is older than its time to live', async () => {
    await get('/ltc');
    clock += 6000;
    expect((await get('/ltc')).hit).toBe(false);
  });

  it('caches the unprefixed home for English visitors only', async () => {
    await get('/');
    expect((await get('/')).hit).toBe(true);
    const russian = await fetch(`${base}/`, { headers: { 'accept-language': 'ru' } });
    expect(russian.headers.get('x-html-cache')).toBeNull();
  });

  it('never caches referrals or responses that set cookies', async () => {
    await get('/kas?ref=friend');
    expect((await get('/kas?ref=friend')).hit).toBe(false);
    await get('/etc?cookie=1');
    expect((await get('/etc?cookie=1')).hit).toBe(false);
    await get('/ltc/miner/settings/x?private=1');
    expect((await get('/ltc/miner/settings/x?private=1')).hit).toBe(false);
  });
});
