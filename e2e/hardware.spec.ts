import { expect, test, type Locator, type Page } from '@playwright/test';
import { dailyCoins, type NetworkFigures } from '@openpool/domain/profitability';
import { readFileSync } from 'node:fs';
import { API } from './ports.ts';

/**
 * Coins a day as every amount (decision 002, addendum): the coin's decimals, narrow no-break grouping,
 * and the API's daily revenue to within the last decimal (the page rounds its own float).
 */
async function expectCoins(cell: Locator, apiRevenue: string, decimals: number) {
  const text = (await cell.textContent()) ?? '';
  expect(text).toMatch(new RegExp(`^\\d{1,3}(?:\\u202F\\d{3})*\\.\\d{${decimals}}$`));
  expect(Math.abs(Number(text.replaceAll('\u202F', '')) - Number(apiRevenue))).toBeLessThanOrEqual(1.5 * 10 ** -decimals);
}

const fa = JSON.parse(readFileSync(new URL('../apps/web/app/locales/fa.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

/** Hardware (decision 010): filtered lists in the URL, device pages from live figures, the remembered power cost. */

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
/** A change draws the first screen of rows, then the rest (device-rows.tsx): count once all are drawn. */
const allRows = async (page: Page) => {
  await expect(page.getByTestId('device-rows')).not.toHaveAttribute('data-partial');
  return page.getByTestId('device-table').getByTestId('device-row');
};

test('filters apply at once, the URL carries only what differs from the defaults, and a shared URL restores them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/device/asic');
  await expect(page.getByRole('heading', { level: 1, name: 'ASIC miners' })).toBeVisible();
  const rows = page.getByTestId('device-table').getByTestId('device-row');
  const all = await rows.count();
  expect(all).toBeGreaterThanOrEqual(80);
  await hydrated(page);
  const filters = page.getByTestId('device-filters');
  // With JavaScript there is nothing to press: each change applies, without a server round trip.
  await expect(filters.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('.data')) dataRequests.push(request.url());
  });
  await filters.getByLabel('Algorithm').selectOption('scrypt');
  await expect(page).toHaveURL(/\/device\/asic\?algorithm=scrypt$/);
  await filters.getByLabel('Search').fill('antminer');
  await filters.getByLabel('Sort by').selectOption('hashrate');
  await expect(page).toHaveURL(/\/device\/asic\?algorithm=scrypt&q=antminer&sort=hashrate$/);
  await expect(rows.first()).toContainText('Antminer L9');
  const filtered = await (await allRows(page)).count();
  expect(filtered).toBeGreaterThan(1);
  expect(filtered).toBeLessThan(all);
  for (const text of await rows.allTextContents()) expect(text).toMatch(/Antminer.*scrypt/);
  // Back to a default value: it leaves the URL.
  await filters.getByLabel('Sort by').selectOption('profit');
  await expect(page).toHaveURL(/\/device\/asic\?algorithm=scrypt&q=antminer$/);
  expect(dataRequests).toEqual([]);

  // The shared URL, opened anew, shows the same list and the same form.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.goto(shared);
  await expect(other.getByTestId('device-table').getByTestId('device-row')).toHaveCount(filtered);
  await expect(other.getByTestId('device-filters').getByLabel('Algorithm')).toHaveValue('scrypt');
  await expect(other.getByTestId('device-filters').getByLabel('Search')).toHaveValue('antminer');
  await other.close();

  // Reset reads the URL again.
  await filters.getByRole('link', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/device\/asic$/);
  await expect(await allRows(page)).toHaveCount(all);

  // A row's link is a plain anchor the table hands to the router: no document load.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await rows.first().getByRole('link').first().click();
  // The device page's data comes from the API's live figures: slow on a loaded machine.
  await expect(page.getByTestId('device-name')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/device\/asic\/[a-z0-9-]+\/[a-z0-9-]+$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.goto('/device/asic?q=no-such-miner-anywhere');
  await expect(page.getByTestId('no-devices')).toHaveText('No devices found with the selected filters');
  await expect(page.getByTestId('device-count')).toHaveText('0 devices');
});

test('without JavaScript the filter form still works, and the list answers at a URL without empty values', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/device/gpu');
  const filters = page.getByTestId('device-filters');
  await filters.getByLabel('Algorithm').selectOption('fishhash');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/device\/gpu\?algorithm=fishhash$/);
  const rows = page.getByTestId('device-table').getByTestId('device-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(25);
  for (const text of await rows.allTextContents()) expect(text).toContain('fishhash');
  await context.close();
});

test('a graphics card that gained FishHash earns Iron Fish at the API’s daily revenue, each figure naming its source', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/device/gpu/nvidia/geforce-rtx-4090');
  await expect(page.getByTestId('spec-fishhash')).toContainText('85.00 MH/s');
  await expect(page.getByTestId('spec-fishhash').getByTestId('figure-source')).toContainText('minerstat.com');
  await expect(page.getByTestId('spec-etchash').getByTestId('figure-source')).toContainText('whattomine.com');
  const revenue = (await (await request.get(`${API}/api/v2/daily-revenue/IRON?hashrate=85000000`)).json()) as { revenue: string };
  expect(Number(revenue.revenue)).toBeGreaterThan(0);
  await expectCoins(page.getByTestId('profit-iron').getByTestId('coins-per-day'), revenue.revenue, 6);
  // Rows from every coin the card mines, and the coins it cannot be priced for, said as such.
  expect(await page.getByTestId('profit-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId('not-mined-rxd')).toContainText('no published sha512256d figures for any graphics card');

  await page.goto('/device/gpu?algorithm=fishhash');
  await expect(page.getByTestId('no-published-figures')).toContainText('Intel Arc');
  const rows = page.getByTestId('device-table').getByTestId('device-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(25);
  await expect(rows.first().getByTestId('device-profit')).not.toHaveText('–');
  for (const text of (await rows.allTextContents()).slice(0, 5)) expect(text).toContain('IRON');
});

test('a price typed on a device page changes payback, survives a reload and travels in the link', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // No seller and no launch price: payback asks for a price instead of a dash.
  await page.goto('/device/asic/bitmain/antminer-s21-xp');
  await expect(page.getByTestId('price-basis')).toContainText('No price is known for this device');
  const payback = page.getByTestId('profit-btc').getByTestId('coin-payback');
  await expect(payback).toHaveText('Enter a price');
  await hydrated(page);
  await page.getByTestId('device-price').fill('4000');
  // Days grouped like every figure: '1 234 days' past a thousand.
  await expect(payback).toHaveText(/^\d{1,3}(?:\u202F\d{3})* days?$/);
  const first = await payback.textContent();
  await expect(page).toHaveURL(/\?price=4000$/);
  await page.getByTestId('device-price').fill('8000');
  await expect(payback).not.toHaveText(first ?? '');
  const second = await payback.textContent();
  const daysIn = (text: string | null) => Number(text?.replaceAll('\u202F', '').match(/\d+/)?.[0]);
  expect(daysIn(second)).toBeGreaterThan(daysIn(first));
  await expect(page).toHaveURL(/\?price=8000$/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('device-price')).toHaveValue('8000');
  await expect(payback).toHaveText(second ?? '');
  // Remembered in this browser: the page without the query shows it too, and so does the list.
  await page.goto('/device/asic/bitmain/antminer-s21-xp');
  await hydrated(page);
  await expect(page.getByTestId('device-price')).toHaveValue('8000');
  await expect(payback).toHaveText(second ?? '');
  // A shared link carries the price to a browser that never saw it.
  const other = await page.context().browser()!.newContext();
  const shared = await other.newPage();
  await shared.goto('/device/asic/bitmain/antminer-s21-xp?price=8000');
  await expect(shared.getByTestId('profit-btc').getByTestId('coin-payback')).toHaveText(second ?? '');
  await other.close();
});

test("a device page's coins per day are the API's daily revenue, and its figures follow the power cost after a reload", async ({
  page,
  request,
}) => {
  await page.goto('/device/asic/bitmain/antminer-s21-pro');
  await expect(page.getByTestId('device-name')).toHaveText('Antminer S21 Pro');
  await expect(page).toHaveTitle(/Bitmain Antminer S21 Pro/);
  // About the device: maker and name, its figures, the coins it mines here, the best one's profit (decision 002's figures).
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Bitmain Antminer S21 Pro: sha256d 234\.00 TH\/s, 3\u202F510 W\. Mines [A-Z]+(?:, [A-Z]+)*(?: \+\d+)? on our pools; best [A-Z]+: -?\$[\d\u202F,]+\.\d\d a day at \$0\.04\/kWh\.$/,
  );
  await expect(page.getByTestId('spec-sha256d')).toContainText('234.00 TH/s');
  await expect(page.getByTestId('device-source')).toContainText('shop.bitmain.com');
  const revenue = (await (await request.get(`${API}/api/v2/daily-revenue/BTC?hashrate=234000000000000`)).json()) as {
    revenue: string;
  };
  const stats = (await (await request.get(`${API}/btc/api/v1/pool/stats`)).json()) as NetworkFigures;
  // The site's own function from pool stats equals the API within a smallest unit, and the page shows it.
  expect(Math.abs((dailyCoins(stats, 234e12) ?? 0) - Number(revenue.revenue))).toBeLessThanOrEqual(1e-8);
  await expectCoins(page.getByTestId('profit-btc').getByTestId('coins-per-day'), revenue.revenue, 8);
  await expect(page.getByTestId('profit-btc').getByTestId('profit-inputs')).toContainText('PPS+ 2%');
  await expect(page.getByTestId('best-coin')).toBeVisible();
  await expect(page.getByTestId('sellers').getByTestId('exclusive-badge')).toHaveText('Exclusive seller');

  await hydrated(page);
  const profit = page.getByTestId('profit-btc').getByTestId('coin-profit');
  const before = await profit.textContent();
  const powerCost = page.getByTestId('power-cost').first();
  await expect(powerCost).toHaveValue('0.04');
  await powerCost.fill('0.2');
  await expect(profit).not.toHaveText(before ?? '');
  const after = await profit.textContent();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('power-cost').first()).toHaveValue('0.2');
  await expect(profit).toHaveText(after ?? '');
  expect(await page.evaluate(() => localStorage.getItem('powerCost'))).toBe('0.2');

  // The calculator agrees with the table for the device's own hashrate.
  const calculator = page.getByTestId('calculator');
  await expect(calculator.getByTestId('calc-row-1').getByTestId('calc-coins')).toHaveText(
    (await page.getByTestId('profit-btc').getByTestId('coins-per-day').textContent()) ?? '',
  );
});

test("a device's merged coins a day stand one a line under the coin's own, whatever the column's width", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/device/asic/bitmain/antminer-l9');
  const merged = page.getByTestId('profit-ltc').locator('[data-testid^="merged-per-day-"]');
  // LTC merge-mines several coins (DOGE, PEP, BELLS): side by side they wrapped two over one.
  expect(await merged.count()).toBeGreaterThan(1);
  const boxes = await merged.evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().toJSON() as DOMRect));
  for (const [index, box] of boxes.entries()) {
    if (index === 0) continue;
    expect(box.top, `line ${index}`).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom - 1);
  }
  // The algorithm and its source stay on one line: 'scrypt ·' ended a line and its source began the next.
  const figure = page.getByTestId('profit-ltc').getByTestId('profit-figure');
  expect(await figure.evaluate((span) => span.getClientRects().length)).toBe(1);
});

test('in Persian the merged tickers keep a gap on both sides, between the coin and its algorithm', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/fa/device/asic/bitmain/antminer-l9');
  const cell = page.getByTestId('profit-ltc').locator('td').first();
  // Right to left: the ticker, then the merged tickers on its left, then the algorithm on theirs.
  const gaps = await cell.evaluate((td) => {
    const ticker = td.querySelector('a')!.getBoundingClientRect();
    const merged = td.querySelector('[data-testid="profit-merged"]')!.getBoundingClientRect();
    const figure = [...td.querySelector('[data-testid="profit-figure"]')!.getClientRects()].find(
      (rect) => Math.abs(rect.top - merged.top) < 4,
    );
    return { afterTicker: ticker.left - merged.right, beforeFigure: figure ? merged.left - figure.right : null };
  });
  // A left-to-right span's end margin went on its right: 16 px after the ticker, none before 'scrypt'.
  expect(gaps.afterTicker).toBeGreaterThanOrEqual(6);
  expect(gaps.afterTicker).toBeLessThanOrEqual(10);
  if (gaps.beforeFigure !== null) expect(gaps.beforeFigure).toBeGreaterThanOrEqual(6);
});

test('a phone in Persian gets cards, a manufacturer page names its country, unknown devices are 404', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/fa/device/gpu?vendor=nvidia');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // One table, each row a card on a phone: the header row only for screen readers, every
  // figure on a line of its own under its column's name.
  const cards = page.getByTestId('device-table').getByTestId('device-row');
  expect(await cards.count()).toBeGreaterThan(20);
  await expect(cards.first()).toBeVisible();
  expect(await cards.first().evaluate((row) => getComputedStyle(row).display)).toBe('grid');
  expect(
    await page
      .getByTestId('device-table')
      .locator('thead')
      .evaluate((head) => getComputedStyle(head).position),
  ).toBe('absolute');
  const labels = await cards
    .first()
    .locator('td[data-label]')
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
  // Every column a desktop shows, efficiency, revenue and price included (the spec's rule for phones).
  const columns = ['hashrate', 'power', 'efficiency', 'bestCoin', 'revenue', 'profit', 'price', 'payback'].map(
    (key) => `"${fa[`hw.col.${key}`]}"`,
  );
  expect(labels).toEqual(columns);
  const box = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(box).toBeLessThanOrEqual(375);
  // Filters answer at once on a phone too, the URL carrying only what was chosen.
  await hydrated(page);
  await page.getByTestId('device-filters').getByLabel(fa['hw.filters.algorithm']!).selectOption('fishhash');
  await expect(page).toHaveURL(/\/fa\/device\/gpu\?algorithm=fishhash&vendor=nvidia$/);
  const fishhash = await allRows(page);
  expect(await fishhash.count()).toBeGreaterThan(10);
  for (const text of await fishhash.allTextContents()) expect(text).toContain('fishhash');
  await page.goto('/device/iceriver');
  await expect(page.getByTestId('vendor-country')).toHaveText('China');
  await expect(page.getByTestId('vendor-devices').getByRole('link', { name: 'IceRiver KS5L' })).toBeVisible();
  for (const path of ['/device/asic/bitmain/no-such-miner', '/device/nobody', '/device/gpu/bitmain']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

for (const locale of ['en', 'fa'] as const) {
  test(`a 320 px phone (${locale}): each card holds every figure of a 1440 px row, whole and inside the screen`, async ({
    page,
  }) => {
    const path = locale === 'en' ? '/device/asic' : '/fa/device/asic';
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    const table = page.getByTestId('device-table');
    // The columns and the first rows' figures as a desktop shows them.
    const headings = (
      await table
        .locator('thead th')
        .evaluateAll((cells) =>
          cells.filter((cell) => getComputedStyle(cell).display !== 'none').map((cell) => cell.textContent ?? ''),
        )
    ).slice(1);
    expect(headings).toHaveLength(8);
    const desktopRows = await table.getByTestId('device-row').evaluateAll((rows) =>
      rows.slice(0, 6).map((row) =>
        [...row.querySelectorAll('td')]
          .slice(1)
          .filter((cell) => getComputedStyle(cell).display !== 'none')
          .map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );
    expect(desktopRows[0]).toHaveLength(8);

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const cards = table.getByTestId('device-row');
    for (const [index, figures] of desktopRows.entries()) {
      const card = cards.nth(index);
      // As a visitor would: scrolled to. A card away from the screen is not laid out until it
      // comes near (content-visibility, decision 038), so it has no rendered text before.
      await card.scrollIntoViewIfNeeded();
      // Two frames: the one that finds it near the screen, and the one that lays it out.
      await page.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      const frame = (await card.boundingBox())!;
      // A line per column: its name, then the figure the desktop row shows, on one line inside the card.
      const lines = await card.locator('td[data-label]').evaluateAll((cells) =>
        cells.map((cell) => {
          const value = cell.firstElementChild as HTMLElement | null;
          const box = value?.getBoundingClientRect();
          const style = value ? getComputedStyle(value) : null;
          return {
            label: getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''),
            text: value?.innerText.trim() ?? '',
            shown: !!box && box.width > 0 && style?.visibility !== 'hidden',
            left: box?.left ?? 0,
            right: box?.right ?? 0,
            // One line: a figure cut between digits would stand on two.
            lines: box && style ? Math.round(box.height / parseFloat(style.lineHeight)) : 0,
          };
        }),
      );
      expect(lines.map((line) => line.label)).toEqual(headings);
      expect(lines.map((line) => line.text)).toEqual(figures);
      for (const line of lines) {
        expect(line.shown, line.label).toBe(true);
        expect(line.left, line.label).toBeGreaterThanOrEqual(frame.x - 1);
        expect(line.right, line.label).toBeLessThanOrEqual(frame.x + frame.width + 1);
        expect(line.lines, `${line.label} ${line.text}`).toBe(1);
      }
    }
  });
}

test("a coin's calculator starts at its reference device, equals the API's daily revenue, and links the device page", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/ltc');
  const calculator = page.getByTestId('calculator');
  await expect(calculator.getByTestId('calc-hashrate')).toHaveValue('16');
  await expect(calculator.getByTestId('calc-unit')).toHaveValue('3');
  await expect(calculator.getByTestId('calc-power')).toHaveValue('3360');
  const body = (await (await request.get(`${API}/api/v2/daily-revenue/LTC?hashrate=16000000000`)).json()) as { revenue: string };
  // Coins with the coin's decimals, equal to the API's daily revenue to the last decimal.
  await expectCoins(calculator.getByTestId('calc-row-1').getByTestId('calc-coins'), body.revenue, 6);
  await expectCoins(calculator.getByTestId('calc-row-7').getByTestId('calc-coins'), String(Number(body.revenue) * 7), 6);
  await hydrated(page);
  // On a 320 px phone each period is a card (decision 027): every figure of a row, Profit
  // included, stands whole inside the calculator with its label, and the page does not scroll
  // sideways.
  const frame = (await calculator.boundingBox())!;
  const row = calculator.getByTestId('calc-row-1');
  const profit = row.locator('td[data-label="Profit"] > *');
  await expect(profit).toBeVisible();
  // A card's cells lay out in the row's grid (display: contents): their contents are the boxes.
  for (const figure of [row, ...(await row.locator('td > *').all())]) {
    const box = (await figure.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The calculator is an island (decision 037): what is typed before its code is in carries
  // over and counts once it is; the figures below are read after that.
  await calculator.scrollIntoViewIfNeeded();
  await page.locator('[data-island-part="coin-calculator"][data-island-live]').waitFor();
  await calculator.getByTestId('calc-hashrate').fill('32');
  await expectCoins(calculator.getByTestId('calc-row-1').getByTestId('calc-coins'), String(Number(body.revenue) * 2), 6);
  // An empty hashrate is the spec's required message, not $0.00 and a loss (decision 020).
  await calculator.getByTestId('calc-hashrate').fill('');
  await expect(calculator.getByTestId('calc-hashrate-problem')).toHaveText('This field is required.');
  await expect(calculator.getByTestId('calc-results')).toHaveCount(0);
  await calculator.getByTestId('calc-hashrate').fill('32');
  await page.getByTestId('reference-device').click();
  await expect(page).toHaveURL(/\/device\/asic\/bitmain\/antminer-l9$/);
  // The home card links its reference device too.
  await page.goto('/');
  await expect(page.getByTestId('pool-card-ltc').getByTestId('card-device')).toHaveAttribute(
    'href',
    '/device/asic/bitmain/antminer-l9',
  );
});
