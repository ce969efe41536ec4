import { expect, test } from '@playwright/test';
import type { MergedList } from '@openpool/domain/api';
import { formatCoinAmount, formatHashrate, formatInteger } from '@openpool/domain/format';
import { API } from './ports.ts';

test('/about shows live totals from the API and every pool with its schemes, fees and payouts', async ({ page }) => {
  await page.goto('/about');
  const totals = page.getByTestId('pool-totals');
  await expect(totals).toBeVisible();
  // The simulated day has miners and workers on every pool the API serves.
  const pools = Number((await totals.locator('dd').nth(0).textContent())?.replace(/\D/g, ''));
  const miners = Number((await totals.locator('dd').nth(1).textContent())?.replace(/\D/g, ''));
  expect(pools).toBeGreaterThan(20);
  expect(miners).toBeGreaterThan(0);
  const ltc = page.getByTestId('coin-table').getByRole('row', { name: /Litecoin/ });
  await expect(ltc).toContainText('PPS+ 2% · PROP 1% · SOLO 1.5%');
  // The minimum with the coin's decimals, as every amount (decision 002, addendum).
  await expect(ltc).toContainText('hourly, from 0.010000 LTC');
  await expect(page.getByTestId('coin-table').getByRole('row', { name: /Salvium/ })).toContainText('PROP 1% · SOLO 1.5%');
});

test('/merge lists each merge-mined coin under its parent with its own figures, equal to the API', async ({ page, request }) => {
  const merged = async () => ((await (await request.get(`${API}/api/v1/merged`)).json()) as MergedList).results;
  // A block leaves the 24 hours as the clock moves (the e2e pool has no live data, and four
  // coins have some 130 blocks a day), so the page shows the API's answer of some moment between
  // these two reads (the web reuses an answer for at most API_REUSE_SECONDS).
  const before = await merged();
  await page.goto('/ru/merge');
  const table = page.getByTestId('merge-table');
  await expect(table).toBeVisible();
  const results = await merged();
  for (const [child, parent] of [
    ['doge', 'Litecoin'],
    ['pep', 'Litecoin'],
    ['bells', 'Litecoin'],
    ['fb', 'Bitcoin'],
  ] as const) {
    const row = table.getByTestId(`merge-row-${child}`);
    const api = results.find((entry) => entry.ticker === child);
    const earlier = before.find((entry) => entry.ticker === child);
    expect(api, child).toBeDefined();
    expect(earlier, child).toBeDefined();
    await expect(row).toContainText(parent);
    await expect(row).toContainText('Раз в сутки');
    const blocks = (await row.getByTestId('merge-blocks').textContent())?.trim();
    expect([formatInteger(earlier!.blocks_24h), formatInteger(api!.blocks_24h)], child).toContain(blocks);
    // A chain without a sample yet says so instead of '0 H/s'.
    if (api!.net_hashrate > 0) await expect(row.getByTestId('merge-net-hashrate')).toHaveText(formatHashrate(api!.net_hashrate));
    else await expect(row.getByTestId('merge-net-hashrate')).not.toContainText('H/s');
    await expect(row.getByTestId('merge-min-payout')).toContainText(formatCoinAmount(api!.min_payout, child));
  }
  // Fractal Bitcoin's own chain, not Bitcoin's figures (the page showed the btc pool's hashrate).
  const btc = (await (await request.get(`${API}/btc/api/v1/pool/stats`)).json()) as { hashrate: number; net_hashrate: number };
  const fb = (await (await request.get(`${API}/fb/api/v1/pool/stats`)).json()) as { net_hashrate: number };
  await expect(table.getByTestId('merge-row-fb').getByTestId('merge-net-hashrate')).toHaveText(formatHashrate(fb.net_hashrate));
  await expect(table.getByTestId('merge-row-fb')).not.toContainText(formatHashrate(btc.hashrate));
});
