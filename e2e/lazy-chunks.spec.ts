import { expect, test, type Locator, type Page } from '@playwright/test';
import { API } from './ports.ts';

// The currency list and the mobile menu's dialog are chunks loaded on demand. Offline, a chunk
// that cannot load leaves the page as it is, with the control closed: never an error page, never
// a reload into the browser's offline page. Back online, the next try downloads it and opens.
test.use({ locale: 'en-US' });

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor();
}

async function failsOfflineThenWorks(page: Page, open: () => Promise<void>, control: () => Locator, opened: () => Locator) {
  await page.goto('/');
  await hydrated(page);
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.context().setOffline(true);
  await open();
  await expect(control()).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(page.getByTestId('coin-list')).toBeVisible();
  expect(loads).toBe(0);

  await page.context().setOffline(false);
  await open();
  await expect(opened()).toBeVisible();
  expect(loads).toBe(0);
}

test('a currency list that cannot load offline closes and keeps the page; back online it opens', async ({ page }) => {
  const button = () => page.getByTestId('currency-switch').first();
  await failsOfflineThenWorks(
    page,
    () => button().click(),
    button,
    () => page.getByRole('listbox', { name: 'Display currency' }).getByRole('option').first(),
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a mobile menu that cannot load offline stays closed and keeps the page; back online it opens', async ({ page }) => {
    const button = () => page.getByRole('button', { name: 'Open menu' });
    await failsOfflineThenWorks(
      page,
      () => button().tap(),
      button,
      () => page.getByRole('dialog', { name: 'Menu' }),
    );
  });
});

// Islands (decision 037): on a phone, the miner page's parts below the first screen come as the
// server's HTML and download their code only when scrolled near; a tap made before then works.
test.describe('islands on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

  test('the workers table downloads when scrolled near, and a sort tapped at once still sorts', async ({ page, request }) => {
    const { results } = (await (await request.get(`${API}/ltc/api/v1/top-miners`)).json()) as {
      results: Array<{ address: string; workers: number }>;
    };
    const address = results.filter((row) => !row.address.startsWith('LtcE2e')).sort((a, b) => b.workers - a.workers)[0]!.address;
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(`/ltc/miner/stats/${address}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const island = page.locator('[data-island-part="workers-table"]');
    // The server's table is there, readable, before its code.
    await expect(island.getByTestId('worker-name').first()).toBeAttached();
    expect(scripts.filter((path) => /workers-table/.test(path))).toEqual([]);
    expect(scripts.filter((path) => /footer/.test(path))).toEqual([]);

    // Tapped straight away (scrolling it into view): the tap is held until the table is live.
    const header = island.locator('th', { has: page.getByTestId('sort-hashrate_10m') });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await page.getByTestId('sort-hashrate_10m').tap();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(scripts.filter((path) => /workers-table/.test(path))).toHaveLength(1);
  });
});
