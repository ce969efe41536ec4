// @vitest-environment happy-dom
/**
 * `/notify/confirm` and `/notify/unsubscribe` (decision 012) on their real
 * loader, action and component: the page a mail's link opens, in the subscriber's language,
 * one button, then what was done and the way back to the miner.
 */
import type { NotifyLink } from '@openpool/domain/api';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { captureWarnings, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as notifyRoute from './notify';

afterEach(unmountPage);

const ADDRESS = 'ltc1qalice00000000000000000000000000000aaaa';
const link = (overrides: Partial<NotifyLink> = {}): NotifyLink => ({
  purpose: 'confirm',
  coin: 'ltc',
  address: ADDRESS,
  recipient: 'alice@example.test',
  locale: 'en',
  confirmed: false,
  used: false,
  ...overrides,
});
const routes = [route('notify/:purpose', notifyRoute), route(':lang/notify/:purpose', notifyRoute)];

describe('notify route', () => {
  it('asks before it confirms, then says it is done and leads back to the miner', async () => {
    const api = stubApi({
      [apiPaths.notifyLink('confirm')]: link(),
      [apiPaths.notifyAction('confirm')]: link({ confirmed: true }),
    });
    const page = await renderPage(routes, '/notify/confirm?token=1.abc', { api, until: 'notify-card' });
    expect(page.querySelector('h1')?.textContent).toBe('Confirm alerts about your LTC miner');
    expect(textOf(page, 'notify-message')).toContain('Nothing is sent to it until you confirm');
    // Nothing happened yet: a mail scanner opening the link changes nothing.
    expect(api.paths).toEqual([`${apiPaths.notifyLink('confirm')}?token=1.abc`]);
    page.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    await expect.poll(() => textOf(page, 'notify-message')).toContain('Your e-mail is confirmed');
    expect(page.querySelector('h1')?.textContent).toContain('E-mail confirmed');
    expect(api.paths).toContain(`${apiPaths.notifyAction('confirm')}?token=1.abc`);
    expect(page.querySelector('[data-testid="notify-miner-link"]')?.getAttribute('href')).toBe(`/ltc/miner/stats/${ADDRESS}`);
  });

  it('opens in the language the subscriber saved the form in', async () => {
    const api = stubApi({ [apiPaths.notifyLink('unsubscribe')]: link({ purpose: 'unsubscribe', locale: 'ru' }) });
    const answer = await serve([notifyRoute], '/notify/unsubscribe?token=1.abc', { purpose: 'unsubscribe' }, api);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/ru/notify/unsubscribe?token=1.abc');
    const page = await renderPage(routes, '/ru/notify/unsubscribe?token=1.abc', { api, until: 'notify-card' });
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Отписаться');
    expect(textOf(page, 'notify-message')).toContain('alice@example.test');
  });

  it('unsubscribes without reloading the removed subscription, and a used link says already unsubscribed', async () => {
    const api = stubApi({
      [apiPaths.notifyLink('unsubscribe')]: link({ purpose: 'unsubscribe', confirmed: true }),
      [apiPaths.notifyAction('unsubscribe')]: link({ purpose: 'unsubscribe', confirmed: true }),
    });
    const page = await renderPage(routes, '/notify/unsubscribe?token=1.abc', { api, until: 'notify-card' });
    page.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    await expect.poll(() => textOf(page, 'notify-message')).toContain('no more alerts about');
    // One read of the link, one action, and no reload of what the action removed.
    expect(api.paths).toEqual([
      `${apiPaths.notifyLink('unsubscribe')}?token=1.abc`,
      `${apiPaths.notifyAction('unsubscribe')}?token=1.abc`,
    ]);
    unmountPage();
    const used = stubApi({
      [apiPaths.notifyLink('unsubscribe')]: link({ purpose: 'unsubscribe', recipient: null, confirmed: true, used: true }),
    });
    const again = await renderPage(routes, '/notify/unsubscribe?token=1.abc', { api: used, until: 'notify-card' });
    expect(again.querySelector('h1')?.textContent).toContain('Already unsubscribed');
    expect(textOf(again, 'notify-message')).toContain('This link was already used');
    expect(again.querySelector('button[type="submit"]')).toBeNull();
    expect(again.querySelector('[data-testid="notify-miner-link"]')?.getAttribute('href')).toBe(`/ltc/miner/stats/${ADDRESS}`);
  });

  it('says a link is not valid (404), is never cached, indexed or sent on as a referrer', async () => {
    const answer = await serve([notifyRoute], '/notify/confirm?token=forged', { purpose: 'confirm' }, stubApi({}));
    expect(answer.status).toBe(404);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    const page = await renderPage(routes, '/notify/confirm?token=forged', { api: stubApi({}), until: 'notify-card' });
    expect(textOf(page, 'notify-message')).toBe('This link is not valid, or no longer valid.');
    expect(page.querySelector('button')).toBeNull();
  });

  it('has only two purposes, and says 503 when the API is down', async () => {
    expect((await serve([notifyRoute], '/notify/other?token=x', { purpose: 'other' }, stubApi({}))).status).toBe(404);
    const warn = captureWarnings();
    expect((await serve([notifyRoute], '/notify/confirm?token=x', { purpose: 'confirm' }, downApi)).status).toBe(503);
    expect(warn).toHaveBeenCalled();
  });
});
