import { expect, test } from '@playwright/test';
import { API_PORT } from './ports.ts';

test.describe('referral cookie from ?ref=', () => {
  test('is trimmed, lower-cased and set by the server with the spec attributes', async ({ request }) => {
    const response = await request.get('/btc?ref=%20PartnerOne%20', { headers: { 'accept-language': 'en' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['set-cookie']).toBe(
      'ref=partnerone; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=.openpool.example',
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
