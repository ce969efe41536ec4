import { expect, test, type Locator, type Page } from '@playwright/test';

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
