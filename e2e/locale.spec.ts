import { expect, test } from '@playwright/test';

test.describe('language detection on the root path', () => {
  test('Accept-Language picks the language and remembers it for a year', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'accept-language': 'de-DE,de;q=0.9,ru;q=0.8,en;q=0.5' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/ru');
    expect(response.headers()['set-cookie']).toBe('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  test('the saved cookie wins over Accept-Language', async ({ request }) => {
    const response = await request.get('/', {
      headers: { cookie: 'i18n_redirected=fa', 'accept-language': 'ru' },
      maxRedirects: 0,
    });
    expect(response.headers()['location']).toBe('/fa');
    const english = await request.get('/', {
      headers: { cookie: 'i18n_redirected=en', 'accept-language': 'ru' },
      maxRedirects: 0,
    });
    expect(english.status()).toBe(200);
  });

  test('no usable signal means English, and malformed headers are ignored', async ({ request }) => {
    for (const headers of [
      {},
      { 'accept-language': 'de, ja;q=0.8' },
      { 'accept-language': ';;;q=,,,*;q=abc' },
      { cookie: 'i18n_redirected=klingon', 'accept-language': '' },
      { cookie: 'i18n_redirected=%E0%A4%A; other', 'accept-language': 'x'.repeat(5000) },
    ]) {
      const response = await request.get('/', { headers, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers).slice(0, 80)).toBe(200);
      expect(await response.text()).toContain('<html lang="en"');
    }
  });

  test('language aliases map to our codes', async ({ playwright, baseURL }) => {
    for (const [header, target] of [
      ['zh-TW', '/zh-cn'],
      ['pt-PT', '/pt-br'],
      ['kk-KZ', '/kz'],
      ['uk-UA', '/uk'],
    ]) {
      // A fresh client each time: the previous answer's cookie would otherwise decide.
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.get('/', { headers: { 'accept-language': header! }, maxRedirects: 0 });
      expect(response.headers()['location'], header).toBe(target);
      await request.dispose();
    }
  });

  test('detection runs on the root path only', async ({ request }) => {
    for (const url of ['/btc', '/about', '/ru/btc']) {
      const response = await request.get(url, { headers: { 'accept-language': 'fa' }, maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
    }
  });
});

test('html lang and dir follow the prefix; fa is right-to-left', async ({ page }) => {
  await page.goto('/fa/btc');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/kz/btc');
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('canonical and hreflang links on every page', async ({ request }) => {
  const html = await (await request.get('/ru/btc/hashrate')).text();
  expect(html).toContain('<link rel="canonical" href="https://openpool.example/ru/btc/hashrate"/>');
  expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://openpool.example/btc/hashrate"/>');
  expect(html).toContain('<link rel="alternate" hrefLang="zh-CN" href="https://openpool.example/zh-cn/btc/hashrate"/>');
  expect(html).toContain('<link rel="alternate" hrefLang="kk" href="https://openpool.example/kz/btc/hashrate"/>');
  expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://openpool.example/btc/hashrate"/>');
  expect(html.match(/rel="alternate"/g)).toHaveLength(16);
  const english = await (await request.get('/en/about')).text();
  expect(english).toContain('<link rel="canonical" href="https://openpool.example/about"/>');
});

test('switching language keeps the rest of the path and saves the choice', async ({ page, context }) => {
  await page.goto('/btc/hashrate?range=7d');
  // The switch saves the choice in its click handler: a click before hydration is a plain link's
  // navigation (CI saw one on a loaded machine), which changes the language but saves nothing.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByTestId('language-switch').locator('summary').click();
  await page.getByRole('link', { name: /Русский/ }).click();
  await expect(page).toHaveURL(/\/ru\/btc\/hashrate\?range=7d$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('h1')).not.toHaveText(/network hashrate/);
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('ru');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.getByTestId('language-switch').locator('summary').click();
  await page.getByRole('link', { name: /English/ }).click();
  await expect(page).toHaveURL(/\/btc\/hashrate\?range=7d$/);
  await expect(page.locator('h1')).toHaveText('Bitcoin network hashrate');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('internal links carry the locale prefix', async ({ page }) => {
  await page.goto('/pl');
  const hrefs = await page.locator('main a, header a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const internal = hrefs.filter((href) => href.startsWith('/'));
  expect(internal.length).toBeGreaterThan(10);
  for (const href of internal) expect(href).toMatch(/^\/pl(\/|$)|^\/(\?|$)|^\/[a-z-]+\/?.*$/);
  expect(internal.filter((href) => href.startsWith('/pl')).length).toBeGreaterThan(10);
});
