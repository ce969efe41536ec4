import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The site frame's preferences (decision 005): colour mode, display currency, scroll-to-top, offline indicator and
 * the navigation loading bar, in the real built site.
 */

/** The header renders a switch in the bar (lg and up) and another in the mobile menu. */
const shown = (page: Page, testId: string): Locator => page.getByTestId(testId).filter({ visible: true }).first();

/** Hydration is done once the currency provider has started its one rates request. */
async function hydrated(page: Page): Promise<void> {
  await expect(shown(page, 'currency-switch')).toHaveAttribute('data-status', /loading|ready|failed/);
}

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

test.describe('colour mode', () => {
  test.beforeEach(async ({ page }) => {
    // What <html> carried when <body> first appeared: nothing can paint before that.
    await page.addInitScript(() => {
      const record = () => {
        const root = document.documentElement;
        (window as unknown as { firstPaint: unknown }).firstPaint = {
          dark: root.classList.contains('dark'),
          colorScheme: root.style.colorScheme,
        };
      };
      const observer = new MutationObserver(() => {
        if (document.body) {
          record();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  });

  const firstPaint = (page: Page) => page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint);
  const html = (page: Page) => page.locator('html');

  test('the toggle switches light and dark, stores it, and a reload paints it from the first frame', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await hydrated(page);
    expect(await firstPaint(page)).toEqual({ dark: false, colorScheme: 'light' });
    const toggle = shown(page, 'color-mode-toggle');
    await expect(toggle).toHaveAccessibleName('Dark mode');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await toggle.click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await stored(page, 'nuxt-color-mode')).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');

    const response = await page.reload();
    expect(await firstPaint(page)).toEqual({ dark: true, colorScheme: 'dark' });
    // The server knows nothing of the choice: the HTML stays the same for every visitor.
    expect(await response!.text()).not.toMatch(/<html[^>]*\bdark\b/);

    // The stored choice beats the OS, on the toggle and on reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await hydrated(page);
    await shown(page, 'color-mode-toggle').click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await stored(page, 'nuxt-color-mode')).toBe('light');
    await page.reload();
    expect(await firstPaint(page)).toEqual({ dark: false, colorScheme: 'light' });
  });

  test('system (or nothing stored) follows the OS live; a stored choice does not', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await hydrated(page);
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(shown(page, 'color-mode-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);

    await page.evaluate(() => localStorage.setItem('nuxt-color-mode', 'system'));
    await page.reload();
    await hydrated(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);

    await page.evaluate(() => localStorage.setItem('nuxt-color-mode', 'light'));
    await page.reload();
    await hydrated(page);
    expect(await firstPaint(page)).toEqual({ dark: false, colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test('a page forcing a mode hides the toggle and wins; leaving it restores the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-force-color-mode', 'dark'));
    await expect(html(page)).toHaveClass(/\bdark\b/);
    for (const toggle of await page.getByTestId('color-mode-toggle').all()) await expect(toggle).toBeHidden();
    await page.evaluate(() => document.documentElement.removeAttribute('data-force-color-mode'));
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(shown(page, 'color-mode-toggle')).toBeVisible();
  });
});

test.describe('display currency', () => {
  test('USD, EUR, RUB, UAH come first; choosing EUR closes the list, stores it and survives a reload', async ({ page }) => {
    await page.goto('/');
    const button = shown(page, 'currency-switch');
    await expect(button).toHaveAttribute('data-status', 'ready');
    await expect(button).toHaveText('USD');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('listbox', { name: 'Display currency' });
    const options = list.getByRole('option');
    // The list is a chunk of its own, loaded on the first pointer or focus: wait for it.
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(8);
    const codes = await options.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.code));
    expect(codes.slice(0, 4)).toEqual(['USD', 'EUR', 'RUB', 'UAH']);
    expect(codes.slice(4)).toEqual([...codes.slice(4)].sort());
    await expect(options.nth(1)).toContainText('Euro');
    await expect(list.getByRole('option', { selected: true })).toHaveAttribute('data-code', 'USD');

    await list.getByRole('option', { name: /^EUR/ }).click();
    await expect(list).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveText('EUR');
    expect(await stored(page, 'selectedCurrency')).toBe('EUR');

    const response = await page.reload();
    expect(await response!.text()).toContain('aria-label="Display currency: USD"');
    await expect(shown(page, 'currency-switch')).toHaveText('EUR');
    await expect(shown(page, 'currency-switch')).toHaveAccessibleName('Display currency: EUR');
  });

  test('Escape, a click outside and the keyboard work the list', async ({ page }) => {
    await page.goto('/');
    const button = shown(page, 'currency-switch');
    await expect(button).toHaveAttribute('data-status', 'ready');
    const list = page.getByRole('listbox');
    await button.click();
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await page.mouse.click(5, 600);
    await expect(list).toBeHidden();

    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: /^USD/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(button).toHaveText('RUB');
    expect(await stored(page, 'selectedCurrency')).toBe('RUB');
  });

  test('an unknown stored code falls back to USD', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('selectedCurrency', 'NOT-A-CODE'));
    await page.goto('/');
    await expect(shown(page, 'currency-switch')).toHaveAttribute('data-status', 'ready');
    await expect(shown(page, 'currency-switch')).toHaveText('USD');
  });

  test('when the rates fail the switch still shows the choice, says why, and nothing throws', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('**/api/v1/rates', (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem('selectedCurrency', 'UAH'));
    await page.goto('/');
    const button = shown(page, 'currency-switch');
    await expect(button).toHaveAttribute('data-status', 'failed');
    await expect(button).toHaveText('UAH');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(/rates are unavailable/i);
    await expect(button).toHaveAttribute('title', /rates are unavailable/i);
    // aria-disabled keeps it focusable and clickable; a click must still open nothing.
    await button.click({ force: true });
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByTestId('coin-list')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('scroll to top', () => {
  for (const [path, side] of [
    ['/articles', 'right'],
    ['/fa/articles', 'left'],
  ] as const) {
    test(`appears at 300 px, in the bottom ${side} corner of ${path}, and brings the page back up`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await page.evaluate(() => (document.body.style.minHeight = '3000px'));
      const button = page.getByTestId('scroll-to-top');
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 299));
      await page.waitForFunction(() => window.scrollY === 299);
      // The listener hears a scroll once a frame: two frames on, it has heard this one.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect(button).toBeVisible();
      if (side === 'right') await expect(button).toHaveAccessibleName('Back to top');

      const box = (await button.boundingBox())!;
      const width = page.viewportSize()!.width;
      if (side === 'right') expect(box.x).toBeGreaterThan(width / 2);
      else expect(box.x + box.width).toBeLessThan(width / 2);

      await button.click();
      await page.waitForFunction(() => window.scrollY === 0);
      await expect(button).toBeHidden();
    });
  }
});

test('the offline indicator follows the browser going offline and back online', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByTestId('offline-indicator');
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(page.getByRole('status').filter({ has: banner })).toContainText('You are offline');
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test.describe('navigation loading bar', () => {
  /** Every data-state the bar takes, with the page's clock, from now on. */
  async function recordBar(page: Page): Promise<() => Promise<{ state: string; at: number }[]>> {
    await page.evaluate(() => {
      const log: { state: string; at: number }[] = [];
      (window as unknown as { barLog: typeof log }).barLog = log;
      const read = () => {
        const state = document.querySelector('[data-testid="loading-bar"]')?.getAttribute('data-state') ?? 'gone';
        if (log.at(-1)?.state !== state) log.push({ state, at: performance.now() });
      };
      read();
      // The navigation cannot start before the click, so the bar must not show within 200 ms of it.
      document.addEventListener('click', () => ((window as unknown as { clickAt: number }).clickAt = performance.now()), {
        capture: true,
        once: true,
      });
      new MutationObserver(read).observe(document.body, { attributes: true, subtree: true, childList: true });
    });
    return () => page.evaluate(() => (window as unknown as { barLog: { state: string; at: number }[] }).barLog);
  }

  async function firstCoinLink(page: Page): Promise<{ link: Locator; dataPath: string }> {
    const link = page.getByTestId('coin-list').getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    return { link, dataPath: `${href}.data` };
  }

  test('a slow navigation shows the bar after 200 ms, advancing, then fills and fades', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const { link, dataPath } = await firstCoinLink(page);
    await page.route(
      (url) => url.pathname === dataPath,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-state', 'idle');
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    const log = await recordBar(page);
    await link.click();
    await expect(bar).toHaveAttribute('data-state', 'loading');
    await expect(bar).toHaveAttribute('aria-hidden', 'false');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(10);
    await expect(bar).toHaveAttribute('data-state', 'idle', { timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`${dataPath.replace('.data', '')}$`));

    const states = await log();
    expect(states.map((entry) => entry.state)).toEqual(['idle', 'pending', 'loading', 'done', 'idle']);
    const clickAt = await page.evaluate(() => (window as unknown as { clickAt: number }).clickAt);
    expect(states[2]!.at - clickAt).toBeGreaterThanOrEqual(200);
  });

  test('a navigation that fails turns the bar red on the error page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const { link, dataPath } = await firstCoinLink(page);
    await page.route(
      (url) => url.pathname === dataPath,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.abort();
      },
    );
    await link.click();
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-state', 'error');
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    const colour = await bar.locator('div').evaluate((fill) => getComputedStyle(fill).backgroundColor);
    expect(colour).toMatch(/^(rgb\(2[0-9]{2}, [0-9]{1,2}, [0-9]{1,2}\)|oklch\(0\.[0-9]+ 0\.2[0-9]* 2[0-9](\.[0-9]+)?\))$/);
    // Then it fades away rather than staying red.
    await expect(bar).toHaveAttribute('data-state', 'idle', { timeout: 10_000 });
  });

  test('a first load of an error page shows no bar', async ({ page }) => {
    // Every state the bar takes from the first byte of the page on.
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { barStates: string[] }).barStates = states;
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="loading-bar"]')?.getAttribute('data-state');
        if (state && states.at(-1) !== state) states.push(state);
      }).observe(document, { attributes: true, subtree: true, childList: true });
    });
    await page.goto('/no-such-coin');
    // The signal: the currency provider's effect has run, and with it those of the bar inside it.
    await hydrated(page);
    await expect(page.getByTestId('error-page')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { barStates: string[] }).barStates)).toEqual(['idle']);
  });
});
