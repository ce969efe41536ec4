import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatAmount, formatHashrate, formatInteger } from '@openpool/domain/format';
import { minerStatsSchema, topMinersSchema, workerStatsSchema, workersSchema } from '@openpool/domain/api';
import { API, SITE } from './ports.ts';
import { NOW } from './clock.ts';

/**
 * The API the site under test talks to (playwright.config.ts): one simulated day, no live data,
 * read at one frozen moment (e2e/clock.ts): a page and an API read taken later agree, so each
 * figure is compared once.
 */

/** An API answer, parsed with the schema the API itself answers with (packages/domain). */
async function getJson<T>(request: APIRequestContext, path: string, schema: { parse(body: unknown): T }): Promise<T> {
  const response = await request.get(`${API}${path}`);
  expect(response.status(), path).toBe(200);
  return schema.parse(await response.json());
}

/**
 * The busiest ltc miner of the seeded data: many workers, some offline, merge-mined balances.
 * Miners that tests post themselves (`LtcE2e…`, such as the 230-worker farm) are not seeded data.
 */
async function busyMiner(request: APIRequestContext): Promise<string> {
  const { results } = await getJson(request, '/ltc/api/v1/top-miners', topMinersSchema);
  const busiest = results.filter((row) => !row.address.startsWith('LtcE2e')).sort((a, b) => b.workers - a.workers)[0];
  expect(busiest?.workers ?? 0).toBeGreaterThan(5);
  return busiest!.address;
}

async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

const ltc = (amount: string) => `${formatAmount(amount, 'ltc')} LTC`;

test('a busy miner: every figure equals the API, formatted by the domain package', async ({ page, request }) => {
  const address = await busyMiner(request);
  const response = await openHydrated(page, `/ltc/miner/stats/${address}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('miner-address')).toHaveText(address);
  const stats = await getJson(request, `/ltc/api/v1/miner/stats/${address}`, minerStatsSchema);
  await expect(page.getByTestId('miner-hashrate-10m')).toHaveText(formatHashrate(stats.hashrate_10m));
  await expect(page.getByTestId('miner-hashrate-6h')).toHaveText(formatHashrate(stats.hashrate_6h));
  await expect(page.getByTestId('miner-hashrate-24h')).toHaveText(formatHashrate(stats.hashrate_24h));
  await expect(page.getByTestId('miner-workers-online')).toHaveText(formatInteger(stats.workers_online));
  await expect(page.getByTestId('miner-workers-offline')).toHaveText(formatInteger(stats.workers_offline));
  const { valid, stale, invalid } = stats.shares_24h;
  await expect(page.getByTestId('miner-shares-valid')).toHaveText(formatInteger(valid));
  await expect(page.getByTestId('miner-shares-stale')).toHaveText(formatInteger(stale));
  await expect(page.getByTestId('miner-shares-invalid')).toHaveText(formatInteger(invalid));
  await expect(page.getByTestId('miner-reward-7d')).toHaveText(ltc(stats.reward_7d));
  await expect(page.getByTestId('miner-reward-30d')).toHaveText(ltc(stats.reward_30d));
  await expect(page.getByTestId('miner-balance-value')).toHaveText(ltc(stats.balance));
  await expect(page.getByTestId('miner-unconfirmed')).toHaveText(ltc(stats.unconfirmed_balance));
  await expect(page.getByTestId('miner-threshold')).toHaveText(ltc(stats.payout_threshold));
  for (const merged of stats.merged) {
    await expect(page.getByTestId(`miner-merged-${merged.coin}`)).toContainText(formatAmount(merged.balance, merged.coin));
  }
  // Rewards in the selected currency appear once the rates are in (USD by default).
  await expect(page.getByTestId('miner-reward-7d-detail')).toHaveText(/^\$\d{1,3}(?:\u202F\d{3})*\.\d{2}$/);
  await expect(page.getByTestId('miner-threshold-eta')).not.toBeEmpty();
  await expect(page.getByTestId('reward-chart').locator('li')).toHaveCount(31);
  // A chart is drawn when it comes into view (below the fold at phone widths).
  const chart = page.getByTestId('miner-chart').getByTestId('chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'true');
});

test('the workers table sorts, searches and filters', async ({ page, request }) => {
  const address = await busyMiner(request);
  await openHydrated(page, `/ltc/miner/stats/${address}`);
  const { results: workers } = await getJson(request, `/ltc/api/v3/miner/workers/${address}`, workersSchema);
  const table = page.getByTestId('workers-table');
  const names = table.getByTestId('worker-name');
  await expect(names).toHaveCount(workers.length);

  const hashrateHeader = table.locator('th', { has: page.getByTestId('sort-hashrate_10m') });
  await expect(hashrateHeader).toHaveAttribute('aria-sort', 'none');
  await page.getByTestId('sort-hashrate_10m').click();
  await expect(hashrateHeader).toHaveAttribute('aria-sort', 'descending');
  const fastest = [...workers].sort((a, b) => b.hashrate_10m - a.hashrate_10m)[0]!;
  await expect(names.first()).toHaveText(fastest.worker);
  await expect(table.getByTestId('worker-hr10m').first()).toHaveText(formatHashrate(fastest.hashrate_10m));
  await page.getByTestId('sort-hashrate_10m').click();
  await expect(hashrateHeader).toHaveAttribute('aria-sort', 'ascending');
  const slowest = [...workers].sort((a, b) => a.hashrate_10m - b.hashrate_10m)[0]!;
  await expect(table.getByTestId('worker-hr10m').first()).toHaveText(formatHashrate(slowest.hashrate_10m));

  const fragment = workers[0]!.worker.slice(0, Math.max(3, workers[0]!.worker.length - 1));
  await page.getByTestId('workers-search').fill(fragment.toUpperCase());
  await expect(names).toHaveCount(workers.filter((w) => w.worker.toLowerCase().includes(fragment.toLowerCase())).length);
  await page.getByTestId('workers-search').fill('no-such-worker-here');
  await expect(names).toHaveCount(0);
  await expect(page.getByTestId('workers-none')).toHaveText('No workers match');
  await page.getByTestId('workers-search').fill('');

  const offline = workers.filter((w) => w.status === 'offline').length;
  await page.getByTestId('workers-filter-offline').click();
  await expect(page.getByTestId('workers-filter-offline')).toHaveAttribute('aria-pressed', 'true');
  await expect(names).toHaveCount(offline);
  if (offline > 0) await expect(table.getByTestId('worker-status')).toHaveText(Array(offline).fill('Offline'));
  await page.getByTestId('workers-filter-online').click();
  await expect(names).toHaveCount(workers.length - offline);
  await page.getByTestId('workers-filter-all').click();
  await expect(names).toHaveCount(workers.length);
});

test("a farm's workers: the first 100 drawn, the rest one 'Show more' away, search over all of them", async ({
  page,
  request,
}) => {
  // A fresh ltc miner with 230 workers, one share each a minute ago, through the ingest path.
  const stamp = Date.now();
  const address = `LtcE2eFarm${stamp}`;
  const lines = Array.from({ length: 230 }, (_, i) =>
    JSON.stringify({
      type: 'share',
      seq: stamp * 1000 + i,
      coin: 'ltc',
      address,
      worker: `rig${i}`,
      scheme: 'pps',
      difficulty: 1,
      status: 'valid',
      ip: '198.51.100.40',
      at: NOW - 60_000,
    }),
  );
  const ingest = await request.post(`${API}/internal/v1/events?source=e2e-farm`, {
    headers: { authorization: 'Bearer e2e-ingest-token-0123456789', 'content-type': 'application/x-ndjson' },
    data: `${lines.join('\n')}\n`,
  });
  expect(ingest.status(), await ingest.text()).toBe(200);
  await expect
    .poll(async () => (await getJson(request, `/ltc/api/v3/miner/workers/${address}`, workersSchema)).results.length)
    .toBe(230);

  const response = await openHydrated(page, `/ltc/miner/stats/${address}`);
  expect(response?.status()).toBe(200);
  const names = page.getByTestId('workers-table').getByTestId('worker-name');
  await expect(names).toHaveCount(100);
  await expect(page.getByTestId('workers-shown')).toHaveText('Showing 100 of 230 workers');
  await page.getByTestId('workers-more').click();
  await expect(names).toHaveCount(200);
  await expect(page.getByTestId('workers-more')).toHaveText('Show 30 more');
  await page.getByTestId('workers-more').click();
  await expect(names).toHaveCount(230);
  await expect(page.getByTestId('workers-more')).toHaveCount(0);
  await expect(page.getByTestId('workers-shown')).toHaveCount(0);

  // A worker past the first page is found by the search from a fresh load.
  await openHydrated(page, `/ltc/miner/stats/${address}`);
  await page.getByTestId('workers-search').fill('rig229');
  await expect(names).toHaveText(['rig229']);
});

test('an address the pool never saw: Nothing found, status 404, frame and search kept', async ({ page }) => {
  const response = await openHydrated(page, '/ltc/miner/stats/LNeverSeenByThisPool0000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('nothing-found')).toContainText('Nothing found');
  await expect(page.getByPlaceholder('Enter your mining address')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test.describe('referral call', () => {
  /**
   * Opens `path` and returns the referral calls the page made by the time it was hydrated. The
   * page's fetches are logged as they are made (before any answer); the call is made in the
   * miner page's effect, which runs before the root's effect that sets `data-hydrated`, so the
   * log read after that signal holds every call the page's load made.
   */
  async function referralCalls(page: Page, path: string): Promise<URL[]> {
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { referralCalls: string[] }).referralCalls = calls;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/referral/track') && (init?.method ?? 'GET') === 'GET') calls.push(url);
        return fetch(input, init);
      };
    });
    await page.route('**/api/v1/referral/track**', async (route) => {
      const request = route.request();
      if (request.method() === 'GET') expect(request.headers()['content-type']).toBe('application/json');
      await route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': SITE,
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': 'content-type',
        },
      });
    });
    await openHydrated(page, path);
    const calls = await page.evaluate(() => (window as unknown as { referralCalls: string[] }).referralCalls);
    return calls.map((url) => new URL(url));
  }

  test('sent once with coin and miner when the ref cookie and source=search are present', async ({ page, context, request }) => {
    const address = await busyMiner(request);
    await context.addCookies([
      { name: 'ref', value: 'friend', url: SITE },
      // The page only looks whether the site's signed landing is there; the API checks it (decision 017).
      { name: 'ref_landing', value: '1763640000.landing-id-0000000.signature', url: SITE },
    ]);
    const calls = await referralCalls(page, `/ltc/miner/stats/${address}?source=search`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('coin')).toBe('ltc');
    expect(calls[0]!.searchParams.get('miner')).toBe(address);
  });

  test('not sent without the ref cookie', async ({ page, request }) => {
    const address = await busyMiner(request);
    expect(await referralCalls(page, `/ltc/miner/stats/${address}?source=search`)).toHaveLength(0);
  });

  test('not sent with a ref cookie but no landing the site signed (the API would refuse it)', async ({
    page,
    context,
    request,
  }) => {
    const address = await busyMiner(request);
    await context.addCookies([{ name: 'ref', value: 'friend', url: SITE }]);
    expect(await referralCalls(page, `/ltc/miner/stats/${address}?source=search`)).toHaveLength(0);
  });

  test('not sent without source=search', async ({ page, context, request }) => {
    const address = await busyMiner(request);
    await context.addCookies([{ name: 'ref', value: 'friend', url: SITE }]);
    expect(await referralCalls(page, `/ltc/miner/stats/${address}`)).toHaveLength(0);
  });

  test('not sent from a page other than the stats page', async ({ page, context, request }) => {
    const address = await busyMiner(request);
    await context.addCookies([{ name: 'ref', value: 'friend', url: SITE }]);
    expect(await referralCalls(page, `/ltc/miner/payouts/${address}?source=search`)).toHaveLength(0);
  });
});

test('a worker page shows its figures; an unknown worker is Nothing found with 404', async ({ page, request }) => {
  const address = await busyMiner(request);
  await openHydrated(page, `/ltc/miner/stats/${address}`);
  const link = page.getByTestId('workers-table').getByTestId('worker-name').first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ltc/miner/stats/${address}/${encodeURIComponent(name)}/pps$`));
  const { worker } = await getJson(
    request,
    `/ltc/api/v1/miner/worker/${address}/${encodeURIComponent(name)}?scheme=pps&range=24h`,
    workerStatsSchema,
  );
  await expect(page.getByTestId('worker-hashrate-10m')).toHaveText(formatHashrate(worker.hashrate_10m));
  await expect(page.getByTestId('worker-hashrate-3h')).toHaveText(formatHashrate(worker.avg_hashrate_3h));
  await expect(page.getByTestId('worker-hashrate-24h')).toHaveText(formatHashrate(worker.avg_hashrate_24h));
  await expect(page.getByTestId('worker-valid')).toHaveText(formatInteger(worker.valid));
  await expect(page.getByTestId('worker-stale')).toHaveText(formatInteger(worker.stale));
  await expect(page.getByTestId('worker-invalid')).toHaveText(formatInteger(worker.invalid));
  await expect(page.getByTestId('worker-status')).toHaveText(worker.status === 'online' ? 'Online' : 'Offline');
  await expect(page.getByTestId('worker-scheme')).toHaveText('PPS+');

  const missing = await openHydrated(page, `/ltc/miner/stats/${address}/no-such-rig/pps`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('nothing-found')).toContainText('Nothing found');
});

// Decision 020: out of date once no worker is online, that is 20 minutes without a share.
test('a miner whose workers have all gone offline is out of date, with the reset rule spelled out', async ({ page, request }) => {
  const address = `ltc1qoutofdate${Date.now()}`;
  const at = NOW - 30 * 60 * 1000;
  const share = {
    type: 'share',
    seq: Date.now(),
    coin: 'ltc',
    address,
    worker: 'old-rig',
    scheme: 'pps',
    difficulty: 65536,
    status: 'valid',
    ip: '198.51.100.77',
    at,
  };
  const posted = await request.post(`${API}/internal/v1/events?source=e2e-out-of-date-${Date.now()}`, {
    headers: { authorization: 'Bearer e2e-ingest-token-0123456789', 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify(share)}\n`,
  });
  expect(posted.status()).toBe(200);
  const response = await page.goto(`/ltc/miner/stats/${address}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText('This miner is out of date')).toBeVisible();
  await expect(page.getByText('Balances are reset after 90 days without shares.')).toBeVisible();
});

for (const locale of ['en', 'fa'] as const) {
  test(`the daily rewards axis labels stay inside the card at 320 px (${locale})`, async ({ page, request }) => {
    const address = await busyMiner(request);
    await page.setViewportSize({ width: 320, height: 740 });
    await openHydrated(page, `${locale === 'en' ? '' : '/fa'}/ltc/miner/stats/${address}`);
    const axis = page.getByTestId('reward-axis');
    await axis.scrollIntoViewIfNeeded();
    // The chart is an island (decision 037): measured once its live markup has replaced the server's.
    await page.locator('[data-island-part="reward-chart"][data-island-live]').waitFor();
    const { content, column, labels } = await axis.evaluate((element) => {
      const card = element.closest('section')!;
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const column = element.getBoundingClientRect();
      return {
        // The card's content box: its border box less its border and padding.
        content: {
          left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
          right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        },
        column: { left: column.left, right: column.right },
        labels: [...element.querySelectorAll(':scope > span')].map((span) => {
          const rect = span.getBoundingClientRect();
          return { text: span.textContent, left: rect.left, right: rect.right };
        }),
      };
    });
    expect(labels.length).toBe(3);
    for (const label of labels) {
      // Inside the axis's own column (it had no width, so they hung outside it), and so inside
      // the card's content box, clear of its padding and edge.
      expect(label.left, `${label.text} of ${JSON.stringify(column)}`).toBeGreaterThanOrEqual(column.left - 0.5);
      expect(label.right, label.text ?? '').toBeLessThanOrEqual(column.right + 0.5);
      expect(label.left, label.text ?? '').toBeGreaterThanOrEqual(content.left - 0.5);
      expect(label.right, label.text ?? '').toBeLessThanOrEqual(content.right + 0.5);
    }
  });
}
