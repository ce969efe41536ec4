import { expect, test } from '@playwright/test';

// Knowledge base (decision 011): the index, search in the URL, an article's parts, languages, 404s.
test('the knowledge base lists articles by category and searches titles and text', async ({ page }) => {
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  for (const category of ['faq', 'connection', 'mining', 'hardware', 'payouts', 'security']) {
    await expect(page.getByTestId(`kb-${category}`)).toBeVisible();
  }
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // By title.
  await page.getByRole('searchbox').fill('HiveOS');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/articles\?q=HiveOS$/);
  await expect(page.getByRole('link', { name: 'Connecting HiveOS rigs' })).toBeVisible();
  // By body text only: "hugepages" appears in no title.
  await page.goto('/articles?q=nr_hugepages');
  await expect(page.getByRole('link', { name: /RandomX CPUs/ })).toBeVisible();
  // Nothing.
  await page.goto('/articles?q=qqqzzzxxx');
  await expect(page.getByTestId('nothing-found')).toHaveText('Nothing found');
});

test('an article has its contents, anchors, copy buttons, related articles and structured data', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/articles/connect-kawpow');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Knowledge Base');
  await expect(page.getByText(/^Updated /)).toBeVisible();
  const tocLink = page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'T-Rex (NVIDIA)' }).last();
  await tocLink.click();
  await expect(page).toHaveURL(/#t-rex-nvidia$/);
  // The pool's address is the config's, filled in at build time.
  const block = page.getByTestId('article-body').locator('.article-code').first();
  await expect(block).toContainText('t-rex -a kawpow -o stratum+tcp://rvn-eu.openpool.example:');
  await block.getByRole('button', { name: 'Copy' }).click();
  await expect(block.getByRole('button')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^t-rex -a kawpow .* -p x$/);
  await expect(page.getByTestId('related').getByRole('link')).toHaveCount(3);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toEqual(['Article', 'BreadcrumbList']);
});

test('the FAQ carries FAQPage data; a missing translation says so and offers only real alternates', async ({ page, request }) => {
  await page.goto('/articles/faq');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = ld
    .map((text) => JSON.parse(text) as { '@type': string; mainEntity?: unknown[] })
    .find((item) => item['@type'] === 'FAQPage');
  expect(faq?.mainEntity?.length).toBeGreaterThanOrEqual(12);

  // effort-and-luck exists in en, ru and uk: a Persian page shows the English under a note.
  const html = await (await request.get('/fa/articles/effort-and-luck')).text();
  expect(html).toContain('data-testid="not-translated"');
  expect(html).toContain('هنوز ترجمه نشده است');
  const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/g)].map((m) => m[1]);
  expect(alternates).toEqual(['en', 'ru', 'uk', 'x-default']);
  const russian = await (await request.get('/ru/articles/effort-and-luck')).text();
  expect(russian).not.toContain('data-testid="not-translated"');
  expect(russian).toContain('Эффорт и удача');
});

test('in Persian an English-only article’s tag stays in one piece on a 320 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/fa/articles');
  const tags = page.getByTestId('english-only');
  expect(await tags.count()).toBeGreaterThan(0);
  // One line each: '(به' ended a title's line and 'انگلیسی)' began the next.
  const lines = await tags.evaluateAll((spans) =>
    spans.map((span) => Math.round(span.getBoundingClientRect().height / parseFloat(getComputedStyle(span).lineHeight))),
  );
  expect(lines.filter((count) => count !== 1)).toEqual([]);
});

test('get-support exists in ru, uk and en only; unknown articles are 404', async ({ request }) => {
  for (const [lang, words] of [
    ['ru', 'Как получить поддержку'],
    ['uk', 'Як отримати підтримку'],
    ['en', 'How to get support'],
  ] as const) {
    const response = await request.get(`/articles/get-support-${lang}`);
    expect(response.status(), lang).toBe(200);
    const html = await response.text();
    expect(html).toContain(words);
    expect(html).toContain('support@openpool.example');
  }
  for (const url of ['/articles/get-support-fr', '/articles/get-support-', '/ru/articles/no-such-article']) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});
