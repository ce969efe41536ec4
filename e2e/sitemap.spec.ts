import { expect, test, type Page } from '@playwright/test';

/** Parses XML in the browser (DOMParser) and returns its <loc> values, failing on a parse error. */
async function locations(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('sitemap is not valid XML');
    return [...doc.getElementsByTagName('loc')].map((node) => node.textContent ?? '');
  }, xml);
}

test('robots.txt names the sitemap; the sitemap is valid XML and every URL in it answers 200', async ({ page }) => {
  test.setTimeout(600_000);
  const robots = await (await page.request.get('/robots.txt')).text();
  const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sections = await locations(page, new URL(sitemapUrl!).pathname);
  expect(sections).toHaveLength(4);
  const urls = (await Promise.all(sections.map((section) => locations(page, new URL(section).pathname)))).flat();
  expect(urls.length).toBeGreaterThan(1000);
  expect(urls).toContain(new URL('/ru/articles/get-support-ru', sitemapUrl).href);
  expect(urls.some((url) => url.endsWith('/xmr/top-miners'))).toBe(false);
  expect(urls).toContain(new URL('/fa/device/asic/bitmain/antminer-s21-pro', sitemapUrl).href);
  // Every URL, a few at a time (the site's own server, loopback).
  const failures: string[] = [];
  for (let i = 0; i < urls.length; i += 12) {
    const batch = urls.slice(i, i + 12).map((url) => new URL(url).pathname);
    const statuses = await Promise.all(
      batch.map(async (path) => [path, (await page.request.get(path, { maxRedirects: 0 })).status()] as const),
    );
    for (const [path, status] of statuses) if (status !== 200) failures.push(`${path} ${status}`);
  }
  expect(failures).toEqual([]);
});
