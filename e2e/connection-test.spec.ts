import { expect, test } from '@playwright/test';
import { API } from './ports.ts';
import { NOW } from './clock.ts';

const INGEST_TOKEN = 'e2e-ingest-token-0123456789';

test('/test waits with hints, then shows the first share posted through ingest, its difficulty and the hashrate so far, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  // A base58 Litecoin address (L, 26-35 characters): base58 has no 0.
  const address = `LtcE2eConnTest${String(stamp).replace(/0/g, 'z')}`;
  // The page counts shares from 5 minutes before the check started, by its own clock: set to
  // the API's frozen moment, from where it runs on (the page's timers keep their pace).
  await page.clock.install({ time: NOW });
  await page.goto('/test');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('combobox', { name: 'Coin' }).selectOption('ltc');
  await page.getByLabel('Wallet address').fill(address);
  await page.getByLabel('Worker name (optional)').fill('rig07');
  await page.getByRole('button', { name: 'Start the check' }).click();
  await expect(page).toHaveURL(new RegExp(`/test\\?coin=ltc&address=${address}&worker=rig07$`));
  const waiting = page.getByTestId('conn-waiting');
  await expect(waiting).toContainText('Waiting for the first share from rig07');
  await expect(waiting).toContainText('the login is your address, a dot and the worker name');

  const share = {
    type: 'share',
    seq: stamp,
    coin: 'ltc',
    address,
    worker: 'rig07',
    scheme: 'pps',
    difficulty: 65536,
    status: 'valid',
    ip: '198.51.100.77',
    at: NOW - 30_000,
  };
  const response = await request.post(`${API}/internal/v1/events?source=e2e-conn-test`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify(share)}\n`,
  });
  expect(response.status(), await response.text()).toBe(200);

  const connected = page.getByTestId('conn-connected');
  await expect(connected).toContainText('First share received from rig07', { timeout: 30_000 });
  await expect(connected).toContainText('Last share');
  // The first share's difficulty (65536), and no hashrate from a single share.
  await expect(page.getByTestId('conn-first-difficulty')).toHaveText(/Difficulty of the first share\s*65\.54 K/);
  await expect(page.getByTestId('conn-hashrate')).toContainText('from the second share on');

  // A second share, still without a reload: now there is a hashrate since the first one.
  const second = await request.post(`${API}/internal/v1/events?source=e2e-conn-test`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify({ ...share, seq: stamp + 1, difficulty: 131072, at: NOW })}\n`,
  });
  expect(second.status(), await second.text()).toBe(200);
  await expect(page.getByTestId('conn-hashrate')).toContainText(/\d [KMGTPE]?H\/s/, { timeout: 30_000 });
  await expect(connected).toContainText(/Current share difficulty\s*131\.07 K/);
  await expect(page.getByTestId('conn-first-difficulty')).toContainText('65.54 K');
});

test('/test, while waiting, names the workers of the address that send shares under another name', async ({ page, request }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const address = `LtcE2eTypoTest${String(stamp).replace(/0/g, 'z')}`;
  await page.clock.install({ time: NOW });
  await page.goto(`/test?coin=ltc&address=${address}&worker=rig07`);
  await expect(page.getByTestId('conn-waiting')).toBeVisible();
  const share = {
    type: 'share',
    seq: stamp,
    coin: 'ltc',
    address,
    worker: 'rig7',
    scheme: 'pps',
    difficulty: 65536,
    status: 'valid',
    ip: '198.51.100.78',
    at: NOW,
  };
  const response = await request.post(`${API}/internal/v1/events?source=e2e-conn-typo`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify(share)}\n`,
  });
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByTestId('conn-other-workers')).toContainText('under other worker names: rig7', { timeout: 30_000 });
  // Still waiting for rig07: a share of rig7 is not the check's worker.
  await expect(page.getByTestId('conn-connected')).toHaveCount(0);
});
