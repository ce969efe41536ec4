import { expect, test, type Locator, type Page } from '@playwright/test';

// The unprefixed home would follow the browser's language; pin English.
test.use({ locale: 'en-US' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

function groupButton(page: Page, name: string): Locator {
  return banner(page).getByRole('navigation').getByRole('button', { name, exact: true });
}

/** The panel a disclosure button controls. */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

function hydrated(page: Page): Promise<unknown> {
  // React attaches its handlers on hydration; until then a click does nothing.
  return page.waitForFunction(() => {
    const button = document.querySelector('header button[aria-controls]');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
}

test.describe('desktop header', () => {
  test.use({ viewport: DESKTOP });

  test('a group opens on hover with the 0.3 s animation and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const hardware = groupButton(page, 'Hardware');
    const panel = await panelOf(page, hardware);
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('link', { name: /ASIC/ })).toBeHidden();

    await hardware.hover();
    await expect(hardware).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: /ASIC/ })).toBeVisible();
    await expect(panel.getByRole('link', { name: /GPU/ })).toHaveAttribute('href', '/device/gpu');
    expect(await panel.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.3s');

    // Moving into the panel keeps it open; leaving the group closes it.
    await panel.getByRole('link', { name: /CPU/ }).hover();
    await expect(hardware).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 700);
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('link', { name: /ASIC/ })).toBeHidden();
  });

  test('clicking one group and then another leaves only the second open', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const products = groupButton(page, 'Products');
    const help = groupButton(page, 'Help Center');
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect((await panelOf(page, products)).getByRole('link', { name: /Miner app/ })).toBeVisible();

    await help.click();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(banner(page).getByRole('button', { expanded: true })).toHaveCount(1);
    await expect((await panelOf(page, products)).getByRole('link', { name: /Miner app/ })).toBeHidden();

    // A second click on the open group closes it.
    await help.click();
    await expect(help).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard: Tab reaches the groups, Enter opens, arrows move, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const products = groupButton(page, 'Products');
    const hardware = groupButton(page, 'Hardware');
    await banner(page).getByTestId('logo').focus();
    await page.keyboard.press('Tab');
    await expect(products).toBeFocused();
    expect(await products.evaluate((element) => element.matches(':focus-visible'))).toBe(true);

    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    const panel = await panelOf(page, products);
    await expect(panel.getByRole('link', { name: /Miner app/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: /Mobile app/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(panel.getByRole('link', { name: /Monitoring bot/ })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();

    // A closed group's links are out of the Tab order: the next stop is the next group.
    await page.keyboard.press('Tab');
    await expect(hardware).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(hardware).toHaveAttribute('aria-expanded', 'true');
    await expect((await panelOf(page, hardware)).getByRole('link', { name: /ASIC/ })).toBeFocused();
    // Tabbing out of the group closes it.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
  });

  test('without JavaScript the groups are closed and their links are in the page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    const hardware = groupButton(page, 'Hardware');
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
    const panel = await panelOf(page, hardware);
    await expect(panel.locator('a[href="/device/asic"]')).toHaveCount(1);
    await expect(panel.locator('a[href="/device/asic"]')).toBeHidden();
    await context.close();
  });
});

test.describe('touch on a wide screen', () => {
  test.use({ viewport: DESKTOP, hasTouch: true });

  test('a tap opens a group, a tap on another switches, a tap outside closes', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const hardware = groupButton(page, 'Hardware');
    const help = groupButton(page, 'Help Center');
    await hardware.tap();
    await expect(hardware).toHaveAttribute('aria-expanded', 'true');
    await help.tap();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
    // A tap on the page's side margin, away from anything interactive.
    await page.touchscreen.tap(4, 600);
    await expect(help).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile menu on a phone', () => {
  test.use(PHONE);

  test('opens full screen, keeps focus and the page still, one section at a time, closes by Escape and button', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const menuButton = banner(page).getByRole('button', { name: 'Open menu' });
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(groupButton(page, 'Hardware')).toBeHidden();
    await expect(dialog).toBeHidden();
    const overflowOf = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflowOf()).not.toBe('hidden');

    await menuButton.tap();
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });

    // The page behind does not scroll.
    expect(await overflowOf()).toBe('hidden');
    await page.mouse.wheel(0, 1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The menu holds the logo, the switches, the referral link and the coin tiles.
    await expect(dialog.getByTestId('logo')).toBeVisible();
    await expect(dialog.getByTestId('language-switch')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Referral program/ })).toBeVisible();
    await expect(dialog.getByTestId('menu-coin-tiles').getByRole('link', { name: /BTC.*Bitcoin/ })).toHaveAttribute(
      'href',
      '/btc',
    );

    const hardware = dialog.getByRole('button', { name: 'Hardware' });
    const help = dialog.getByRole('button', { name: 'Help Center' });
    await hardware.tap();
    await expect(hardware).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: /ASIC/ })).toBeVisible();
    await help.tap();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(hardware).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByRole('link', { name: /ASIC/ })).toBeHidden();
    await expect(dialog.getByRole('link', { name: /Knowledge Base/ })).toBeVisible();

    // Focus stays inside while open, forwards and backwards.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i < 30 ? 'Tab' : 'Shift+Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `Tab ${i}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(await overflowOf()).not.toBe('hidden');

    await menuButton.tap();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close menu' }).tap();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('a navigation from the menu closes it', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Open menu' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByTestId('menu-coin-tiles').getByRole('link', { name: /LTC/ }).tap();
    await expect(page).toHaveURL(/\/ltc$/);
    await expect(dialog).toBeHidden();
    await expect(banner(page).getByTestId('logo')).toContainText('LTC');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('Products and the referral link are absent from the fa menu', async ({ page }) => {
    await page.goto('/fa');
    await hydrated(page);
    await banner(page).getByRole('button').last().tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-testid^="menu-section-"]')).toHaveCount(2);
    await expect(dialog.getByTestId('menu-section-products')).toHaveCount(0);
    await expect(dialog.getByTestId('header-referral')).toHaveCount(0);
  });
});

test.describe('regional parts', () => {
  test.use({ viewport: DESKTOP });

  test('Products and the referral link show in ru, not in fa', async ({ page }) => {
    await page.goto('/ru');
    const referral = banner(page).getByTestId('header-referral');
    await expect(banner(page).getByTestId('header-group-products')).toHaveCount(1);
    await expect(referral).toBeVisible();
    await expect(referral).toHaveAttribute('target', '_blank');
    const ruReferral = await referral.getAttribute('href');

    await page.goto('/fa');
    await expect(banner(page).getByTestId('header-group-hardware')).toHaveCount(1);
    await expect(banner(page).getByTestId('header-group-products')).toHaveCount(0);
    await expect(banner(page).getByTestId('header-referral')).toHaveCount(0);

    // The referral link is another page for ru than for English.
    await page.goto('/');
    await expect(banner(page).getByTestId('header-referral')).not.toHaveAttribute('href', ruReferral ?? '');
  });
});

test.describe('logo', () => {
  test.use({ viewport: DESKTOP });

  test('coin pages show the ticker badge in the coin colour, other pages the pool logo', async ({ page }) => {
    await page.goto('/btc');
    const logo = banner(page).getByTestId('logo');
    await expect(logo).toHaveText(/^BTC\s*OpenPool$/);
    const badge = logo.getByText('BTC', { exact: true });
    await expect(badge).toHaveCSS('background-color', 'rgb(247, 147, 26)');
    await expect(logo.locator('svg')).toHaveCount(0);
    await expect(logo).toHaveAttribute('href', '/');

    await page.goto('/ru/btc/hashrate');
    await expect(logo).toHaveText(/^BTC\s*OpenPool$/);
    await expect(logo).toHaveAttribute('href', '/ru');

    // A private coin is a coin page too.
    await page.goto('/nir');
    await expect(logo).toHaveText(/^NIR\s*OpenPool$/);

    await page.goto('/about');
    await expect(logo).toHaveText('OpenPool');
    await expect(logo.locator('svg')).toHaveCount(1);
  });
});

test.describe('locale prefix', () => {
  test.use({ viewport: DESKTOP });

  test('internal header links carry the page language', async ({ page }) => {
    await page.goto('/pl');
    // Links of the language switch lead to the other languages on purpose.
    const hrefs = await banner(page)
      .locator('a[href^="/"]')
      .evaluateAll((links) =>
        links.filter((link) => !link.closest('[data-testid="language-switch"]')).map((link) => link.getAttribute('href')),
      );
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/pl',
        '/pl/device/asic',
        '/pl/device/cpu',
        '/pl/device/gpu',
        '/pl/articles',
        '/pl/articles/get-support-en',
      ]),
    );
    for (const href of hrefs) expect(href).toMatch(/^\/pl(\/|$)/);

    await page.goto('/uk');
    await expect(banner(page).locator('a[href*="get-support"]')).toHaveAttribute('href', '/uk/articles/get-support-uk');
  });
});
