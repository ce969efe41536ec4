// @vitest-environment happy-dom
/**
 * `/{coin}/miner/email` on the real coin and miner layouts (route-kit.tsx): an e-mail-style
 * account typed anywhere a miner's address goes (an at-sign, or `krx…`) is sent here before any
 * API call, in the visitor's language; the page says what such an account is and where its
 * statistics live.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { layout, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as coinLayoutRoute from '../coin/layout';
import * as localeRoute from '../locale';
import * as emailRoute from './email';
import * as minerLayoutRoute from './layout';
import * as payoutsRoute from './payouts';
import * as statsRoute from './stats';

afterEach(unmountPage);

const coinRoutes = () => [
  route(':coin', coinLayoutRoute, [
    layout(minerLayoutRoute, [
      route('miner/email', emailRoute),
      route('miner/payouts/:address?', payoutsRoute),
      route('miner/stats/:address', statsRoute),
    ]),
  ]),
];
const routes = [...coinRoutes(), route(':lang', localeRoute, coinRoutes())];
const ltcApi = () => stubApi({ [apiPaths.poolStats('ltc')]: createPoolStats('ltc') });

describe('miner email route', () => {
  it('says what an e-mail-style account is, where its statistics are, and the way back', async () => {
    const page = await renderPage(routes, '/ltc/miner/email', { api: ltcApi(), until: 'email-account-info' });
    expect(page.querySelector('section h1')?.textContent).toBe('E-mail account mining');
    expect(textOf(page, 'email-account-info')).toContain(
      'To see pool statistics here, mine to a Litecoin wallet address instead and search for it.',
    );
    const links = [...page.querySelectorAll('[data-testid="email-account-info"] a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Questions? Read the support article', '/articles/get-support-en'],
      ['Litecoin mining pool', '/ltc'],
    ]);
  });

  it('sends an e-mail-style account from the stats and payouts pages here, before any API call', async () => {
    const api = ltcApi();
    const chain = [coinLayoutRoute, minerLayoutRoute, statsRoute];
    for (const address of ['me@example.com', 'krx1abcdef']) {
      const answer = await serve(chain, `/ltc/miner/stats/${address}`, { coin: 'ltc', address }, api);
      expect([answer.status, answer.location], address).toEqual([302, '/ltc/miner/email']);
    }
    const russian = await serve(chain, '/ru/ltc/miner/stats/me@example.com', { coin: 'ltc', address: 'me@example.com' }, api);
    expect(russian.location).toBe('/ru/ltc/miner/email');
    expect(api.paths).toEqual([]);
  });

  it('lands a visitor who typed an e-mail address on this page, in their language', async () => {
    const page = await renderPage(routes, '/uk/ltc/miner/payouts/me@example.com', {
      api: ltcApi(),
      until: 'email-account-info',
    });
    expect(page.querySelector('a[href="/uk/articles/get-support-uk"]')).not.toBeNull();
    expect(page.querySelector('a[href="/uk/ltc"]')).not.toBeNull();
  });

  it('has the site’s default title', async () => {
    await renderPage(routes, '/ltc/miner/email', { api: ltcApi(), until: 'email-account-info' });
    expect(document.title).toBe('OpenPool · Multi-coin mining pool');
  });
});
