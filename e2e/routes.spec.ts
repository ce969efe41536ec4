import { expect, test } from '@playwright/test';
import { ISO, LOCALE_PREFIXES, ROUTE_SAMPLES, withPrefix } from './route-samples';

// Root detection would redirect a browser-like client; pin English for the unprefixed walk.
const ENGLISH = { 'accept-language': 'en' };

test.describe('every route under all 16 prefixes', () => {
  for (const prefix of LOCALE_PREFIXES) {
    test(`prefix "${prefix || '(none)'}"`, async ({ request }) => {
      for (const sample of ROUTE_SAMPLES) {
        const url = withPrefix(prefix, sample);
        const response = await request.get(url, { headers: ENGLISH, maxRedirects: 0 });
        // A miner or worker the pool has never seen is a real page saying 'Nothing found', with
        // status 404 so that empty pages are not indexed; every other sample is a 200.
        const unknownMiner = /\/miner\/stats\//.test(sample);
        expect(response.status(), url).toBe(unknownMiner ? 404 : 200);
        const html = await response.text();
        const iso = ISO[prefix] ?? prefix;
        expect(html, url).toContain(`<html lang="${iso}" dir="${prefix === 'fa' ? 'rtl' : 'ltr'}"`);
        expect(html, url).toContain('<h1');
        expect(html, url).not.toContain('data-testid="error-page"');
      }
    });
  }
});

test('a coin outside enabled and private_enabled is 404 Unsupported coin', async ({ request }) => {
  for (const url of ['/doge', '/ru/doge/hashrate', '/BTC', '/xyz/miner/stats/abc']) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    const html = await response.text();
    // The words are the locale's; English ones are checked on the unprefixed URLs.
    expect(html, url).toContain('data-testid="error-reason"');
    if (!url.startsWith('/ru')) expect(html, url).toContain('Unsupported coin</p>');
    if (!url.startsWith('/ru')) expect(html, url).toContain('Page not found</h1>');
    else expect(html, url).toContain('Монета не поддерживается');
  }
});

test('a private coin is reachable but not listed on the home page', async ({ request }) => {
  expect((await request.get('/nir/hashrate')).status()).toBe(200);
  const home = await (await request.get('/', { headers: ENGLISH })).text();
  expect(home).toContain('href="/btc"');
  expect(home).not.toContain('href="/nir"');
});

test('unmatched paths are 404 This page could not be found', async ({ request }) => {
  for (const url of [
    '/de/btc',
    '/btc/nonsense',
    '/articles/a/b',
    '/device/asic/a/b/c',
    '/ru/btc/miner',
    '/btc/miner/stats/addr/w/pplns',
  ]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).toContain(
      url.startsWith('/ru') ? 'Не удалось найти эту страницу' : 'This page could not be found',
    );
  }
});

test('Top Miners does not exist for xmr, zeph and sal', async ({ request }) => {
  for (const coin of ['xmr', 'zeph', 'sal']) {
    expect((await request.get(`/${coin}/top-miners`)).status(), coin).toBe(404);
    expect((await request.get(`/${coin}`)).status(), coin).toBe(200);
  }
});

test('e-mail-style accounts redirect to the e-mail page, keeping the locale prefix', async ({ request }) => {
  const cases: Array<[string, string]> = [
    ['/btc/miner/stats/miner@example.com', '/btc/miner/email'],
    ['/ltc/miner/payouts/krx1abc', '/ltc/miner/email'],
    ['/ru/btc/miner/settings/a@b.co', '/ru/btc/miner/email'],
    ['/en/kas/miner/stats/krxW0rker/rig1', '/en/kas/miner/email'],
    ['/fa/btc/miner/stats/x@y.z/rig/pps', '/fa/btc/miner/email'],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(302);
    expect(response.headers()['location'], from).toBe(to);
  }
});

test('hostile addresses render safely or 404, never 500, never reflected raw', async ({ request }) => {
  const hostile = [
    'a'.repeat(10_000),
    encodeURIComponent('адрес'),
    encodeURIComponent('💰'),
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'abc%00def',
    encodeURIComponent('<script>alert(1)</script>'),
    encodeURIComponent('"><img src=x onerror=alert(1)>'),
  ];
  for (const address of hostile) {
    for (const route of ['/btc/miner/stats/', '/btc/miner/payouts/', '/ru/btc/miner/settings/']) {
      const response = await request.get(route + address, { maxRedirects: 0 });
      expect([200, 404], route + address.slice(0, 40)).toContain(response.status());
      const html = await response.text();
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
    }
  }
  // Path traversal is normalised away by URL parsing; it must not escape the site.
  const traversal = await request.get('/btc/miner/stats/../../../etc/passwd');
  expect([200, 404]).toContain(traversal.status());
});

test('a huge or odd query string does not break a page', async ({ request }) => {
  const response = await request.get(`/btc?page=${'9'.repeat(500)}&x=%ZZ`);
  expect(response.status()).toBe(200);
});
