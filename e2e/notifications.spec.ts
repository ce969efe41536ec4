import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './ports.ts';
import { NOW } from './clock.ts';

/** Notifications from the miner's side (decision 012): the settings form and the stats page line. */
const INGEST_TOKEN = 'e2e-ingest-token-0123456789';

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

async function minerWithKnownIp(request: APIRequestContext): Promise<{ address: string; ip: string }> {
  const stamp = Date.now();
  const address = `LtcE2eAlerts${stamp}`;
  const ip = '198.51.100.31';
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
  const response = await request.post(`${API}/internal/v1/events?source=e2e-alerts`, {
    headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/x-ndjson' },
    data: `${JSON.stringify(share)}\n`,
  });
  expect(response.status(), await response.text()).toBe(200);
  return { address, ip };
}

test('a miner sets e-mail alerts in Russian, sees them waiting for confirmation, then removes the e-mail', async ({
  page,
  request,
}) => {
  const { address, ip } = await minerWithKnownIp(request);
  await page.goto(`/ru/ltc/miner/settings/${address}`);
  await hydrated(page);
  const form = page.getByTestId('settings-form');
  await form.getByLabel('E-mail', { exact: true }).fill('miner@example.test');
  await form.getByLabel('Когда воркер уходит в офлайн').check();
  await form.getByLabel('Офлайн через').selectOption('15');
  await form.getByLabel('Когда хешрейт падает').selectOption('50');
  await form.getByLabel('IP-адрес любого из ваших воркеров').fill(ip);
  await form.getByRole('button', { name: 'Применить настройки' }).click();
  await expect(page.getByTestId('settings-email-state')).toHaveText(
    'На указанный адрес электронной почты отправлена ссылка для подтверждения; пока по ней не перейдут, больше ничего туда не отправляется.',
  );
  const saved = await (await request.get(`${API}/ltc/api/v1/miner/settings/${address}`)).json();
  expect(saved).toMatchObject({
    email_set: true,
    email_confirmed: false,
    offline_after_min: 15,
    hashrate_drop_pct: 50,
  });

  await page.goto(`/ru/ltc/miner/stats/${address}`);
  await expect(page.getByTestId('miner-alerts-watched')).toHaveText('почта ждёт подтверждения');

  await page.goto(`/ru/ltc/miner/settings/${address}`);
  await hydrated(page);
  await expect(form.getByLabel('Офлайн через')).toHaveValue('15');
  await form.getByLabel('Удалить сохранённую почту').check();
  await form.getByLabel('IP-адрес любого из ваших воркеров').fill(ip);
  await form.getByRole('button', { name: 'Применить настройки' }).click();
  await expect(page.getByTestId('settings-email-state')).toHaveCount(0);
  const after = await request.get(`${API}/ltc/api/v1/miner/settings/${address}`);
  expect(await after.json()).toMatchObject({ email_set: false });
  // The public answer never carries any part of an address (decision 028).
  expect(JSON.stringify(saved)).not.toContain('@');
});
