import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API, API_PORT } from './ports.ts';
import { NOW } from './clock.ts';

/** The Set-Cookie headers of a response, one per cookie. */
const setCookies = (response: APIResponse) =>
  response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === 'set-cookie')
    .map(({ value }) => value);

test.describe('referral cookie from ?ref=', () => {
  test('is trimmed, lower-cased and set by the server with the spec attributes', async ({ request }) => {
    const response = await request.get('/btc?ref=%20PartnerOne%20', { headers: { 'accept-language': 'en' } });
    expect(response.status()).toBe(200);
    const cookies = setCookies(response);
    expect(cookies[0]).toBe('ref=partnerone; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=.openpool.example');
    // Beside it, the landing the site signed (decision 017), with the same attributes.
    expect(cookies[1]).toMatch(
      /^ref_landing=[\w.-]+; Max-Age=1209600; Path=\/; Secure; SameSite=None; Domain=\.openpool\.example$/,
    );
  });

  test('is set on every kind of page, error pages included', async ({ request }) => {
    const response = await request.get('/no-such-page?ref=abc');
    expect(response.status()).toBe(404);
    expect(response.headers()['set-cookie']).toContain('ref=abc;');
  });

  test('ignores values outside the safe set', async ({ request }) => {
    for (const ref of ['a;b', '<x>', 'a b', 'x'.repeat(65), '', 'é']) {
      const response = await request.get(`/btc?ref=${encodeURIComponent(ref)}`);
      expect(response.headers()['set-cookie'], ref).toBeUndefined();
    }
  });
});

// Decision 017: 31 of 31 new kas top miners were once claimed with a direct call and a `ref` written by hand.
test.describe('referral attribution, site and API together', () => {
  /** A fresh ltc miner whose first share is now, after the landing (the ingest endpoint, as the settings test does). */
  async function newMiner(request: APIRequestContext, name: string): Promise<string> {
    const stamp = Date.now();
    const address = `LtcE2eReferral${name}${stamp}`;
    const share = {
      type: 'share',
      seq: stamp,
      coin: 'ltc',
      address,
      worker: 'rig1',
      scheme: 'pps',
      difficulty: 65536,
      status: 'valid',
      ip: '198.51.100.24',
      at: NOW,
    };
    const response = await request.post(`${API}/internal/v1/events?source=e2e-referral-${name}`, {
      headers: { authorization: 'Bearer e2e-ingest-token-0123456789', 'content-type': 'application/x-ndjson' },
      data: `${JSON.stringify(share)}\n`,
    });
    expect(response.status(), await response.text()).toBe(200);
    return address;
  }

  /** Lands on the site through a referral link; the Cookie header a browser would then send. */
  async function land(request: APIRequestContext, ref: string): Promise<string> {
    const cookies = setCookies(await request.get(`/btc?ref=${ref}`));
    expect(cookies).toHaveLength(2);
    return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  }

  const track = (request: APIRequestContext, address: string, cookie: string) =>
    request.get(`${API}/api/v1/referral/track?coin=ltc&miner=${address}`, { headers: { cookie } });

  test('a real landing, then the track call, records once; forged cookies and a later referral record nothing', async ({
    request,
  }) => {
    const landed = await land(request, 'e2efriend');
    const address = await newMiner(request, 'a');
    // A direct call with a hand-written `ref`, or with the landing moved to another referral.
    const forged = await track(request, address, 'ref=e2ethief');
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toMatchObject({ error: 'referral_not_signed' });
    expect((await track(request, address, landed.replace('ref=e2efriend', 'ref=e2ethief'))).status()).toBe(403);
    // The visitor who landed: recorded once.
    expect(await (await track(request, address, landed)).json()).toEqual({ recorded: true });
    expect(await (await track(request, address, landed)).json()).toEqual({ recorded: false });
    // Another real landing later does not overwrite the first referral.
    expect(await (await track(request, address, await land(request, 'e2eother'))).json()).toEqual({ recorded: false });
  });
});

test('security headers on every page, with a fresh nonce that the inline scripts carry', async ({ request }) => {
  const first = await request.get('/btc');
  const second = await request.get('/btc');
  const csp = first.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()['content-security-policy']).not.toContain(nonce!);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain(`connect-src 'self' http://localhost:${API_PORT}`);
  expect(first.headers()['x-content-type-options']).toBe('nosniff');
  expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const html = await first.text();
  // Executable scripts carry the nonce; the JSON settings block is data and never runs.
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const asset = await request.get(/src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html)!.slice(1).find(Boolean)!);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('the page runs under its CSP with no violation and no console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/ru/btc');
  await page
    .getByRole('link', { name: /BTC|Пул|Pool/i })
    .first()
    .waitFor();
  await page.locator('nav a').nth(1).click();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
