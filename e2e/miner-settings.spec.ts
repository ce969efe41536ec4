import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './ports.ts';
import { NOW } from './clock.ts';

/** The API the site under test talks to (playwright.config.ts): fixed simulated data. */
const INGEST_TOKEN = 'e2e-ingest-token-0123456789';

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * A fresh ltc miner with one share from a known IP a minute ago: the API never returns worker
 * IPs, so the test makes its own proof through the ingest endpoint.
 */
async function minerWithKnownIp(request: APIRequestContext): Promise<{ address: string; ip: string }> {
  const stamp = Date.now();
  const address = `LtcE2eSettings${stamp}`;
  const ip = '198.51.100.23';
  const share = {
    type: 'share',
    seq: stamp,
    coin: 'ltc',
    address,
    worker: 'rig1',
    scheme: 'pps',
    difficulty: 65536,
    status: 'valid',
    ip,
    at: NOW - 60_000,
  };
  const response = await request.post(`${API}/internal/v1/events?source=e2e-settings`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify(share)}\n`,
  });
  expect(response.status(), await response.text()).toBe(200);
  return { address, ip };
}

test.describe('settings', () => {
  test('a wrong IP, bad thresholds, then the right IP applies and persists', async ({ page, request }) => {
    const { address, ip } = await minerWithKnownIp(request);
    const current = (await (await request.get(`${API}/ltc/api/v1/miner/settings/${address}`)).json()) as { min_payout: string };
    const min = Number(current.min_payout);

    await page.goto(`/ltc/miner/settings/${address}`);
    await hydrated(page);
    const form = page.getByTestId('settings-form');
    const threshold = form.getByLabel('Payout threshold');
    const proof = form.getByLabel('IP address of one of your workers');
    const apply = form.getByRole('button', { name: 'Apply settings' });
    const outcome = page.getByTestId('settings-outcome');
    await expect(page.getByTestId('settings-inactive')).toHaveCount(0);
    await expect(apply).toBeEnabled();

    // Browser-side rules first: nothing is sent for these.
    await proof.fill('not-an-ip');
    await threshold.fill(String(min / 10));
    await apply.click();
    await expect(form).toContainText(`This field must be ${min} or more.`);
    await expect(form).toContainText('Invalid IP address.');

    await threshold.fill('1,5');
    await proof.fill('203.0.113.9');
    await apply.click();
    await expect(form).toContainText('The payout threshold field must contain only decimal values');
    await expect(form).not.toContainText('Invalid IP address.');

    // A valid form with a wrong proof: the API refuses with 403.
    const wanted = String(min * 7);
    await threshold.fill(wanted);
    await apply.click();
    await expect(outcome).toHaveText(
      'The IP address does not match a worker of this address that sent shares in the last 24 hours.',
    );

    await proof.fill(ip);
    const reread = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.data'));
    await apply.click();
    await expect(outcome).toHaveText('Your settings have been applied.');
    // The page reads the new values back, which starts the form again (the proof field empties);
    // the confirmation must outlive that.
    await reread;
    await expect(proof).toHaveValue('');
    await expect(outcome).toHaveText('Your settings have been applied.');

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('settings-form').getByLabel('Payout threshold')).toHaveValue(wanted);
    const saved = (await (await request.get(`${API}/ltc/api/v1/miner/settings/${address}`)).json()) as {
      payout_threshold: string;
    };
    expect(Number(saved.payout_threshold)).toBe(Number(wanted));
  });

  test('an address that never sent a share keeps the form disabled', async ({ page }) => {
    await page.goto('/ltc/miner/settings/LtcNeverSeenE2e0000');
    await hydrated(page);
    await expect(page.getByTestId('settings-inactive')).toHaveText(
      'Settings stay inactive until this address has sent at least one share.',
    );
    await expect(page.getByRole('button', { name: 'Apply settings' })).toBeDisabled();
  });

  test('without an address the search is prefilled and opens the settings of the address', async ({ page }) => {
    await page.goto('/ltc/miner/settings');
    await hydrated(page);
    await page.evaluate(() => localStorage.setItem('lastSearch:ltc', 'LtcRememberedE2eAddress12345678'));
    await page.reload();
    await hydrated(page);
    const search = page.getByTestId('settings-search');
    await expect(search.getByRole('searchbox')).toHaveValue('LtcRememberedE2eAddress12345678');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/ltc\/miner\/settings\/LtcRememberedE2eAddress12345678$/);
  });
});

test.describe('payouts', () => {
  test('"Older payouts" pages on with the API cursor and "Newest" comes back', async ({ page, request }) => {
    const top = (await (await request.get(`${API}/ltc/api/v1/top-miners`)).json()) as { results: { address: string }[] };
    let address: string | null = null;
    for (const miner of top.results) {
      const page1 = (await (await request.get(`${API}/ltc/api/v1/miner/payouts/${miner.address}?limit=20`)).json()) as {
        next: string | null;
      };
      if (page1.next) {
        address = miner.address;
        break;
      }
    }
    expect(address, 'an ltc top miner with more than one page of payouts').not.toBeNull();

    await page.goto(`/ltc/miner/payouts/${address}`);
    await hydrated(page);
    const rows = page.getByTestId('payout-row');
    await expect(rows).toHaveCount(20);
    // The date cell: the amount cell gains its fiat value once the rates arrive.
    const firstDate = rows.first().locator('td, th').first();
    const first = (await firstDate.textContent()) ?? '';
    await page.getByRole('link', { name: 'Older payouts' }).click();
    await expect(page).toHaveURL(/\?before=\d+$/);
    await expect(firstDate).not.toHaveText(first);
    await page.getByRole('link', { name: 'Newest' }).click();
    await expect(firstDate).toHaveText(first);
  });

  test('an address without payouts says Nothing found', async ({ page }) => {
    await page.goto('/ltc/miner/payouts/LtcNeverSeenE2e0000');
    await expect(page.getByTestId('payouts-empty')).toHaveText('Nothing found');
  });
});

test.describe('e-mail accounts', () => {
  test('the page renders and an e-mail-style address is redirected to it', async ({ page }) => {
    const response = await page.goto('/ltc/miner/email');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('email-account-info')).toContainText('exchanges it to BTC');
    await expect(page.getByRole('link', { name: 'Questions? Read the support article' })).toHaveAttribute(
      'href',
      '/articles/get-support-en',
    );
    await page.goto('/ltc/miner/stats/a@b.c');
    await expect(page).toHaveURL(/\/ltc\/miner\/email$/);
  });
});
