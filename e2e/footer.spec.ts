/**
 * The footer, the coin strips, the alert banner and the Telegram button (decision
 * 005) on the built site, with expectations taken from content/site.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ALERT_ENDS_AT, NOW } from './clock.ts';

interface LocalizedValue {
  default: string;
  [locale: string]: string | undefined;
}

const site = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'content', 'site.json'), 'utf8')) as {
  enabled: string[];
  groups: Record<string, string[]>;
  icon_strip_group: string;
  links: { forum: string; telegram_bot: string; social: { id: string; url: LocalizedValue }[] };
  alert: { text: LocalizedValue };
  regional: { locales: string[]; parts: string[] };
};

const footer = (page: Page) => page.getByRole('contentinfo');
const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test.describe('footer', () => {
  test('the Forum link shows in the ru footer only', async ({ page }) => {
    const forum = (p: Page) => footer(p).locator(`a[href="${site.links.forum}"]`);
    await page.goto('/ru');
    await expect(forum(page)).toHaveCount(1);
    await expect(forum(page)).toHaveAttribute('target', '_blank');
    for (const path of ['/', '/fa']) {
      await page.goto(path);
      await expect(footer(page).getByTestId('footer-resources')).toBeVisible();
      await expect(forum(page), path).toHaveCount(0);
    }
  });

  test('the copyright line has the current year', async ({ page }) => {
    await page.goto('/');
    await expect(footer(page).getByTestId('footer-copyright')).toContainText(`© ${new Date().getFullYear()} OpenPool`);
  });

  test('social links follow the locale where the config says so (Telegram for ru)', async ({ page }) => {
    const telegram = site.links.social.find((link) => link.id === 'telegram')!.url;
    expect(telegram.ru).toBeTruthy();
    expect(telegram.ru).not.toBe(telegram.default);
    const telegramLink = (p: Page) => footer(p).getByTestId('footer-social').locator('a[data-network="telegram"]');

    await page.goto('/');
    await expect(telegramLink(page)).toHaveAttribute('href', telegram.default);
    await expect(footer(page).getByRole('link', { name: /OpenPool on Telegram/ })).toHaveCount(1);
    await page.goto('/ru');
    await expect(telegramLink(page)).toHaveAttribute('href', telegram.ru!);
    // A network without a ru link keeps its default.
    const discord = site.links.social.find((link) => link.id === 'discord')!.url;
    await expect(footer(page).locator('a[data-network="discord"]')).toHaveAttribute('href', discord.default);
  });

  test('Pools names every enabled coin with the locale prefix', async ({ page }) => {
    await page.goto('/pl');
    expect(await hrefs(page, '[data-testid="footer-pools"] a')).toEqual(site.enabled.map((coin) => `/pl/${coin}`));
    await expect(footer(page).getByTestId('footer-pools').getByRole('link', { name: 'Bitcoin', exact: true })).toBeVisible();
  });
});

test.describe('coin strips', () => {
  const stripCoins = site.groups[site.icon_strip_group]!.filter((coin) => site.enabled.includes(coin));

  test('the top and the footer strip link each enabled coin of the group with the locale prefix', async ({ page }) => {
    expect(stripCoins.length).toBeGreaterThan(0);
    await page.goto('/pl');
    const expected = stripCoins.map((coin) => `/pl/${coin}`);
    expect(await hrefs(page, '[data-testid="coin-strip-top"] a')).toEqual(expected);
    expect(await hrefs(page, '[data-testid="coin-strip-footer"] a')).toEqual(expected);
    await expect(page.getByTestId('coin-strip-top').getByRole('link', { name: 'BTC (Bitcoin)' })).toBeVisible();
  });

  test('a strip link opens the coin page in the same language', async ({ page }) => {
    await page.goto('/pl');
    await page.getByTestId('coin-strip-top').getByRole('link', { name: 'LTC (Litecoin)' }).click();
    await expect(page).toHaveURL(/\/pl\/ltc$/);
  });

  test('on a 375 px phone the top strip scrolls sideways and the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/fa');
    const strip = page.getByTestId('coin-strip-top').locator('div').first();
    const { scrollWidth, clientWidth } = await strip.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('alert banner', () => {
  // The e2e web server's window ends at ALERT_ENDS_AT, a day after the frozen now, with the
  // content's own texts (playwright.config.ts): the banner is tested whatever the date. The
  // browser's clock is set to fixed instants around that end; the server, on the wall clock,
  // renders the banner throughout, and leaving out a passed one is held in footer.test.tsx.
  const end = Date.parse(ALERT_ENDS_AT);

  test("shows each language's own text, and the English with a note where there is none", async ({ page }) => {
    await page.clock.install({ time: NOW });
    expect(site.alert.text.fa).toBeTruthy();
    await page.goto('/fa');
    await expect(page.getByTestId('alert-text')).toHaveText(site.alert.text.fa!.trim());
    await expect(page.getByTestId('alert-fallback')).toHaveCount(0);
    expect(site.alert.text.kz).toBeUndefined();
    await page.goto('/kz');
    await expect(page.getByTestId('alert-text')).toHaveText(site.alert.text.default.trim());
    await expect(page.getByTestId('alert-fallback')).toBeVisible();
  });

  test('shows the English text on / and the Russian text on /ru', async ({ page }) => {
    await page.clock.install({ time: NOW });
    expect(site.alert.text.ru).toBeTruthy();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText(site.alert.text.default.trim());
    await expect(banner.getByRole('link')).toHaveAttribute('target', '_blank');
    await page.goto('/ru');
    await expect(page.getByTestId('alert-text')).toHaveText(site.alert.text.ru!.trim());
  });

  test('stays up to the last second of its window and is gone at its end', async ({ page }) => {
    await page.clock.install({ time: end - 60_000 });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.clock.pauseAt(end - 1_000);
    await expect(page.getByTestId('alert-banner')).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(page.getByTestId('alert-banner')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toBeVisible();
  });

  test('a page the server rendered before the end, opened after it, shows no banner', async ({ page }) => {
    await page.clock.install({ time: end + 60_000 });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('alert-banner')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toBeVisible();
  });
});

test.describe('Telegram bot button', () => {
  test('shows where the regional rule allows it (ru) and not elsewhere (fa)', async ({ page }) => {
    expect(site.regional.parts).toContain('telegram_bot');
    expect(site.regional.locales).toContain('ru');
    expect(site.regional.locales).not.toContain('fa');
    await page.goto('/ru');
    const button = page.getByTestId('telegram-button');
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', site.links.telegram_bot);
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAccessibleName(/.+/);
    await page.goto('/fa');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('telegram-button')).toHaveCount(0);
  });
});
