import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDifficulty, formatHashrate, formatInteger } from '@openpool/domain/format';
import { API } from './ports.ts';

/**
 * The API the site under test talks to (playwright.config.ts): fixed simulated data read at one
 * frozen moment (e2e/clock.ts), so a page and an API read taken later agree: each is compared once.
 */

interface Stats {
  name: string;
  hashrate: number;
  miners: number;
  workers: number;
  net_hashrate: number;
  net_difficulty: number;
  blocks_24h: number;
}

async function apiStats(request: APIRequestContext, coin: string): Promise<Stats> {
  const response = await request.get(`${API}/${coin}/api/v1/pool/stats`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Stats;
}

test.describe('home', () => {
  test('each coin card shows the API figures formatted by the domain package', async ({ page, request }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    for (const coin of ['btc', 'ltc', 'kas', 'xmr']) {
      const stats = await apiStats(request, coin);
      const card = page.getByTestId(`pool-card-${coin}`);
      await expect(card.getByTestId('card-hashrate')).toHaveText(formatHashrate(stats.hashrate));
      await expect(card.getByTestId('card-miners')).toHaveText(formatInteger(stats.miners));
      await expect(card.getByTestId('card-network')).toHaveText(formatHashrate(stats.net_hashrate));
    }
    await expect(page.getByTestId('pool-card-xmr').getByTestId('card-fees')).toHaveText('PROP 1% · SOLO 1.5%');
    await expect(page.getByTestId('pool-card-quai')).toContainText('New');
  });

  test("one coin's failing stats call leaves its defaults and the page still renders", async ({ page, request }) => {
    expect((await request.get(`${API}/dgb/api/v1/pool/stats`)).status()).toBe(404);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const card = page.getByTestId('pool-card-dgb');
    await expect(card.getByTestId('card-name')).toHaveText('DGB');
    await expect(card.getByTestId('card-unavailable')).toBeVisible();
    await expect(page.getByTestId('pool-card-btc').getByTestId('card-hashrate')).not.toBeEmpty();
  });
});

test.describe('coin pool page', () => {
  test('pool header: name, fees per scheme, merged coins', async ({ page }) => {
    await page.goto('/ltc');
    await expect(page.locator('h1')).toHaveText('Litecoin mining pool');
    await expect(page.getByTestId('pool-fees')).toContainText('PPS+ fee 2%');
    await expect(page.getByTestId('pool-fees')).toContainText('PROP fee 1%');
    await expect(page.getByTestId('pool-merged')).toHaveText('Merge-mined: DOGE, PEP, BELLS');
    await page.goto('/btc');
    await expect(page.getByTestId('pool-merged')).toHaveText('Merge-mined: FB');
    await page.goto('/kas');
    await expect(page.getByTestId('pool-merged')).toHaveCount(0);
  });

  test('stats on the start-mining page equal the API', async ({ page, request }) => {
    await page.goto('/ltc');
    const stats = await apiStats(request, 'ltc');
    await expect(page.getByTestId('stat-hashrate')).toHaveText(formatHashrate(stats.hashrate));
    await expect(page.getByTestId('stat-miners')).toHaveText(formatInteger(stats.miners));
    await expect(page.getByTestId('stat-workers')).toHaveText(formatInteger(stats.workers));
    await expect(page.getByTestId('stat-blocks24h')).toHaveText(formatInteger(stats.blocks_24h));
    await expect(page.getByTestId('stat-net-difficulty')).toHaveText(formatDifficulty(stats.net_difficulty));
    await expect(page.getByTestId('servers')).toContainText('ltc-eu.openpool.example:3030');
  });

  test('search: empty does nothing; an address is trimmed, remembered and refilled', async ({ page }) => {
    await page.goto('/ltc');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const box = page.getByPlaceholder('Enter your mining address');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ltc$/);
    await box.fill('  ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j  ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ltc\/miner\/stats\/ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j\?source=search$/);
    expect(await page.evaluate(() => localStorage.getItem('lastSearch:ltc'))).toBe('ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j');
    await page.goto('/ltc/difficulty');
    await expect(page.getByPlaceholder('Enter your mining address')).toHaveValue('ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j');
    await page.goto('/ru/ltc');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByPlaceholder(/.+/).first().fill('LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9');
    await page.getByRole('search').getByRole('button').click();
    await expect(page).toHaveURL(/\/ru\/ltc\/miner\/stats\/LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9\?source=search$/);
  });

  test('search works before the JavaScript runs, as a plain form', async ({ request }) => {
    const found = await request.get('/ru/ltc/difficulty?address=%20ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4zz%20', {
      maxRedirects: 0,
    });
    expect(found.status()).toBe(302);
    expect(found.headers()['location']).toBe('/ru/ltc/miner/stats/ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4zz?source=search');
    const empty = await request.get('/ltc?address=%20%20', { maxRedirects: 0 });
    expect(empty.headers()['location']).toBe('/ltc');
  });

  test('tabs: the current one is highlighted; no Top miners for xmr, zeph, sal', async ({ page, request }) => {
    await page.goto('/ltc/difficulty');
    const tabs = page.getByRole('navigation', { name: 'Coin pages' });
    await expect(tabs.getByRole('link', { name: 'Difficulty' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Top miners' })).toBeVisible();
    for (const coin of ['xmr', 'zeph', 'sal']) {
      await page.goto(`/${coin}`);
      await expect(page.getByRole('navigation', { name: 'Coin pages' }).getByRole('link', { name: 'Top miners' })).toHaveCount(0);
      expect((await request.get(`/${coin}/top-miners`)).status()).toBe(404);
    }
  });

  test('top miners link each address to its stats page', async ({ page }) => {
    await page.goto('/ltc/top-miners');
    const first = page.getByTestId('top-miners').locator('tbody tr').first();
    await expect(first.locator('td').first()).toHaveText('1');
    const href = await first.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/ltc\/miner\/stats\/.+/);
  });

  test('charts render in the browser with the current value', async ({ page, request }) => {
    await page.goto('/ltc/difficulty');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    // Before any hover (and on a phone, which has none) the legend gives the latest point.
    const legendValues = page.locator('.u-legend .u-value');
    await expect(legendValues.nth(1)).toContainText(' M');
    await expect(legendValues.nth(0)).not.toHaveText('—');
    // Hovering the plot shows a tooltip with the time and the value.
    const plot = page.locator('.u-over');
    const box = await plot.boundingBox();
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    await expect(page.getByTestId('chart-tooltip')).toBeVisible();
    await expect(page.getByTestId('chart-tooltip')).toContainText(' M');
    // Leaving it, the legend goes back to the latest point.
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('chart-tooltip')).toBeHidden();
    await expect(legendValues.nth(1)).toContainText(' M');
    const stats = await apiStats(request, 'ltc');
    await expect(page.getByTestId('chart-current')).toHaveText(formatDifficulty(stats.net_difficulty));
    await page.getByRole('link', { name: '7 days' }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    // Still the difficulty: the client-side request (`/ltc/difficulty.data`) names the same chart.
    await expect(page.getByRole('heading', { name: 'Litecoin network difficulty' })).toBeVisible();
    await expect(page.getByTestId('chart-current')).toHaveText(formatDifficulty(stats.net_difficulty));
  });

  test("the chart's legend speaks the page's language", async ({ page }) => {
    await page.goto('/fa/ltc/difficulty');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-ready', 'true');
    const legend = page.locator('.u-legend');
    await expect(legend).toContainText('زمان');
    await expect(legend).not.toContainText('Time');
  });

  test('each chart tab opened in the browser shows its own chart', async ({ page, request }) => {
    await page.goto('/ltc');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const tabs = page.getByRole('navigation', { name: 'Coin pages' });
    const tabsAndValues = [
      ['Pool hashrate', 'Litecoin pool hashrate', (s: Stats) => formatHashrate(s.hashrate)],
      ['Difficulty', 'Litecoin network difficulty', (s: Stats) => formatDifficulty(s.net_difficulty)],
      ['Network hashrate', 'Litecoin network hashrate', (s: Stats) => formatHashrate(s.net_hashrate)],
    ] as const;
    for (const [tab, heading, format] of tabsAndValues) {
      // The e2e pool has no live shares (SIMULATOR_LIVE=off): its hashrate falls as the last
      // backfilled shares leave the hashrate window, so the page shows the API's figure of some
      // moment between these two reads (the web reuses an answer for at most API_REUSE_SECONDS).
      const before = format(await apiStats(request, 'ltc'));
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const shown = (await page.getByTestId('chart-current').textContent())?.trim();
      const after = format(await apiStats(request, 'ltc'));
      expect([before, after]).toContain(shown);
    }
  });
});
