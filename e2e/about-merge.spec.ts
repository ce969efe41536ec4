import { expect, test } from '@playwright/test';

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
  await expect(ltc).toContainText('hourly, from 0.01 LTC');
  await expect(page.getByTestId('coin-table').getByRole('row', { name: /Salvium/ })).toContainText('PROP 1% · SOLO 1.5%');
});

test('/merge lists the merge-mined coins under their parents with live parent figures', async ({ page }) => {
  await page.goto('/ru/merge');
  const table = page.getByTestId('merge-table');
  for (const [child, parent] of [
    ['Dogecoin', 'Litecoin'],
    ['Pepecoin', 'Litecoin'],
    ['Bellscoin', 'Litecoin'],
    ['Fractal Bitcoin', 'Bitcoin'],
  ]) {
    const row = table.getByRole('row', { name: new RegExp(`^${child}`) });
    await expect(row).toContainText(parent);
    await expect(row).toContainText('Раз в сутки');
    await expect(row).toContainText(/H\/s/);
  }
});
