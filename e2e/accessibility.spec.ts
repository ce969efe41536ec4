import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

// axe-core, the engine behind Lighthouse's accessibility audit, run in the page itself. The
// site's CSP admits only its own scripts, so the test lifts it for axe (bypassCSP).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
test.use({ locale: 'en-US', bypassCSP: true });

type Violation = { id: string; help: string; nodes: Array<{ target: string[] }> };

async function violations(page: Page, scope?: string): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(
    async ([selector]) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run(selector ? document.querySelector(selector) : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    [scope ?? null] as const,
  );
  return (found as Violation[]).map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor();
  // Transitions (the theme's colour fade, menus) must be over, or axe would read mid-way colours.
  await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`WCAG AA, ${colorScheme}`, () => {
    test.use({ colorScheme });

    for (const path of ['/', '/fa', '/btc', '/fa/btc/difficulty', '/about', '/btc/miner/settings']) {
      test(`${path} on a desktop`, async ({ page }) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await open(page, path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the API page on a phone: its wide tables and commands scroll and take the keyboard', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await open(page, '/api');
      expect(await violations(page)).toEqual([]);
    });

    test('the home page, the open mobile menu and the currency list on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await open(page, '/');
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await expect(dialog).toBeVisible();
      await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
      expect(await violations(page, 'dialog')).toEqual([]);
      await dialog.getByTestId('currency-switch').click();
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
      expect(await violations(page, 'dialog')).toEqual([]);
    });
  });
}
