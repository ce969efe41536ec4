import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './ports.ts';
import { ROUTE_SAMPLES, withPrefix } from './route-samples.ts';
import { NOW } from './clock.ts';

/**
 * No console error on any page we serve (decision 028): every route of the site in a real
 * browser, the API's docs page, and the unsubscribe page before, after and again after its
 * button. A console error, an uncaught exception or a failed request of the page is a finding.
 */
const INGEST_TOKEN = 'e2e-ingest-token-0123456789';
/** As playwright.config.ts gives the API: the spec signs an unsubscribe link with it. */
const NOTIFY_SECRET = 'e2e-notify-secret-0123456789abcdef';

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away aborts the previous page's pending requests: not a fault of either page.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** The route samples with a miner and a worker the seeded pool really has (an unknown one is a 404 page by design). */
async function realSamples(request: APIRequestContext): Promise<string[]> {
  const top = (await (await request.get(`${API}/btc/api/v1/top-miners`)).json()) as { results: { address: string }[] };
  const address = top.results[0]!.address;
  const workers = (await (await request.get(`${API}/btc/api/v3/miner/workers/${address}`)).json()) as {
    results: { worker: string }[];
  };
  const worker = encodeURIComponent(workers.results[0]!.worker);
  const samples = ROUTE_SAMPLES.filter((sample) => !/\/miner\/stats\/[^/]+\/[^/]+\/[^/]+$/.test(sample)).map((sample) =>
    sample.replace('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', address).replace('/rig01', `/${worker}`),
  );
  return [...samples, '/watchlist', '/api'];
}

for (const prefix of ['', 'fa']) {
  test(`every route under "${prefix || '(none)'}" loads with no console error`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const problems = watch(page);
    const found: Record<string, string[]> = {};
    for (const sample of await realSamples(request)) {
      const url = withPrefix(prefix, sample);
      await open(page, url);
      if (problems.length > 0) found[url] = problems.splice(0);
    }
    expect(found).toEqual({});
  });
}

test('the API docs (Swagger UI) show their calls with no console error, under one frame-ancestors', async ({ page }) => {
  const problems = watch(page);
  const started = Date.now();
  const response = await page.goto(`${API}/docs/`);
  await page.locator('.swagger-ui .opblock').first().waitFor();
  console.log(`/docs: first operation shown after ${Date.now() - started} ms`);
  await page.waitForLoadState('networkidle');
  const csp = response?.headers()['content-security-policy'] ?? '';
  // Before: 'Ignoring duplicate Content-Security-Policy directive' and 'Applying inline style violates'.
  expect(problems).toEqual([]);
  expect(csp.match(/frame-ancestors/g)).toEqual(['frame-ancestors']);
});

/** A fresh miner with an e-mail subscription: its confirm link (from the mail), the unsubscribe link a mail would carry, a watcher link. */
async function mailLinks(request: APIRequestContext): Promise<{ confirm: string; unsubscribe: string; watch: string }> {
  const stamp = Date.now();
  const address = `LtcE2eLeave${stamp}`;
  const ip = '198.51.100.47';
  const recipient = `leave${stamp}@example.test`;
  const share = { type: 'share', seq: stamp, coin: 'ltc', address, worker: 'rig1', scheme: 'pps', difficulty: 65536 };
  const ingest = await request.post(`${API}/internal/v1/events?source=e2e-console`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify({ ...share, status: 'valid', ip, at: NOW - 60_000 })}\n`,
  });
  expect(ingest.status()).toBe(200);
  const saved = await request.post(`${API}/ltc/api/v1/miner/settings/${address}`, { data: { ip, email: recipient } });
  expect(saved.status(), await saved.text()).toBe(200);
  // The confirmation's token names the subscription: `{id}.{mac}`.
  const mailDir = process.env.E2E_MAIL_DIR!;
  let id: string | undefined;
  let confirm: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(mailDir)) return undefined;
        const mail = readdirSync(mailDir)
          .filter((file) => file.endsWith('.txt'))
          .map((file) => readFileSync(join(mailDir, file), 'utf8'))
          .find((text) => text.includes(address));
        confirm = mail ? /\/notify\/confirm\?token=([\w.-]+)/.exec(mail)?.[1] : undefined;
        id = confirm?.split('.')[0];
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  // Signed as apps/api/src/notify/tokens.ts signs it.
  const mac = createHmac('sha256', NOTIFY_SECRET).update(`unsubscribe\n${id}\n${recipient}`).digest().subarray(0, 18);
  const watcher = await request.post(`${API}/ltc/api/v1/miner/watchers/${address}`, {
    data: { ip, label: 'console check', expires_days: 1 },
  });
  expect(watcher.status()).toBe(201);
  const { token } = (await watcher.json()) as { token: string };
  return {
    confirm: `/notify/confirm?token=${confirm}`,
    unsubscribe: `/notify/unsubscribe?token=${id}.${mac.toString('base64url')}`,
    watch: `/watch/${token}`,
  };
}

test('confirming, a watcher link, unsubscribing: no missing data; a used link says already unsubscribed', async ({
  page,
  request,
}) => {
  const links = await mailLinks(request);
  const problems = watch(page);
  await open(page, links.confirm);
  await page.getByRole('button', { name: 'Confirm this e-mail' }).click();
  await expect(page.locator('h1')).toHaveText(/E-mail confirmed/);
  await page.waitForLoadState('networkidle');
  await open(page, links.watch);
  expect(problems).toEqual([]);
  const link = links.unsubscribe;
  await open(page, link);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.locator('h1')).toHaveText(/Unsubscribed/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await open(page, link);
  await expect(page.locator('h1')).toHaveText(/Already unsubscribed/);
  await expect(page.getByTestId('notify-message')).toContainText('This link was already used');
  expect(problems).toEqual([]);
});
