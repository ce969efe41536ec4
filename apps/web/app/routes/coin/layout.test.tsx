// @vitest-environment happy-dom
/**
 * The coin layout (`/{coin}/…`) on its real middleware, loader and component (route-kit.tsx):
 * the pool header and tabs above every coin page, 404 'Unsupported coin' for a coin the site
 * does not offer, the search form's `?address=` sent on to the miner's page, the coin's outage
 * (the header stands, 200), and no page caching while history fills in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { captureWarnings, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as aboutCoinRoute from './about-coin';
import * as layoutRoute from './layout';
import * as poolRoute from './pool';

afterEach(unmountPage);

const routes = [route(':coin', layoutRoute, [route(undefined, poolRoute), route('about-coin', aboutCoinRoute)])];
const coinApi = (ticker = 'ltc', overrides = {}) => stubApi({ [apiPaths.poolStats(ticker)]: createPoolStats(ticker, overrides) });
const chain = [layoutRoute, poolRoute];

describe('coin layout route', () => {
  it('heads the pool page with the coin’s name, its fees, the merge-mined coins and the tabs', async () => {
    const page = await renderPage(routes, '/ltc', { api: coinApi(), until: 'pool-stats' });
    expect(page.querySelector('h1#pool-title')?.textContent).toBe('Litecoin mining pool');
    expect([...page.querySelectorAll('[data-testid="pool-fees"] li')].map((li) => li.textContent)).toEqual([
      'PPS+ fee 2%',
      'PROP fee 1%',
      'SOLO fee 1.5%',
      'Merge-mined: DOGE, PEP, BELLS',
    ]);
    const tabs = page.querySelector('nav[aria-label="Coin pages"]')!;
    expect([...tabs.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pool', '/ltc'],
      ['Pool hashrate', '/ltc/pool-hashrate'],
      ['Network hashrate', '/ltc/hashrate'],
      ['Difficulty', '/ltc/difficulty'],
      ['Top miners', '/ltc/top-miners'],
      ['Blocks', '/ltc/blocks'],
      ['About coin', '/ltc/about-coin'],
    ]);
    expect(tabs.querySelector('[aria-current="page"]')?.textContent).toBe('Pool');
    expect((await serve(chain, '/ltc', { coin: 'ltc' }, coinApi())).status).toBe(200);
  });

  it('keeps the heading of a sub-page its own: the pool’s title is no h1 there', async () => {
    const page = await renderPage(routes, '/ltc/about-coin', { api: coinApi(), until: 'about-description' });
    expect(page.querySelector('#pool-title')?.localName).toBe('p');
    expect([...page.querySelectorAll('h1')].map((h1) => h1.textContent)).toEqual(['About Litecoin']);
  });

  it('shows no top-miners tab for a coin without that page', async () => {
    const page = await renderPage(routes, '/xmr', { api: coinApi('xmr'), until: 'pool-stats' });
    expect(page.querySelector('h1#pool-title')?.textContent).toBe('Monero mining pool');
    expect(page.querySelector('a[href="/xmr/top-miners"]')).toBeNull();
    expect(page.querySelector('[data-testid="pool-merged"]')).toBeNull();
  });

  it('refuses a coin the site does not offer: 404 Unsupported coin, before any API call', async () => {
    const api = coinApi('doge');
    const answer = await serve(chain, '/doge', { coin: 'doge' }, api);
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ reason: 'unsupported-coin' });
    expect(api.paths).toEqual([]);
    const page = await renderPage(routes, '/doge', { api: coinApi('doge'), until: 'error-page' });
    expect(textOf(page, 'error-status')).toBe('404');
    expect(textOf(page, 'error-reason')).toBe('Unsupported coin');
    expect(document.title).toBe('404 · Page not found');
    // A private coin (private_enabled) has its pages, though no link leads there.
    expect((await serve(chain, '/sdr', { coin: 'sdr' }, coinApi('sdr'))).status).toBe(200);
  });

  it('sends the search form’s address to the miner’s page, in the visitor’s language', async () => {
    const api = coinApi();
    const address = 'ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j';
    const search = await serve(chain, `/ltc?address=%20${address}%20`, { coin: 'ltc' }, api);
    expect(search.status).toBe(302);
    expect(search.location).toBe(`/ltc/miner/stats/${address}?source=search`);
    const russian = await serve(chain, `/ru/ltc?address=${address}`, { coin: 'ltc', lang: 'ru' }, api);
    expect(russian.location).toBe(`/ru/ltc/miner/stats/${address}?source=search`);
    // A stratum login copied from a rig's config opens its worker.
    const login = await serve(chain, `/ltc?address=${address}.rig-7`, { coin: 'ltc' }, api);
    expect(login.location).toBe(`/ltc/miner/stats/${address}/rig-7?source=search`);
    // An empty search is the coin's page again.
    const empty = await serve(chain, '/ltc?address=+', { coin: 'ltc' }, api);
    expect([empty.status, empty.location]).toEqual([302, '/ltc']);
    expect(api.paths).toEqual([]);
  });

  it('says what is wrong with a wrong address instead of opening a page that finds nothing', async () => {
    const page = await renderPage(routes, '/ltc?address=hello%20world', { api: coinApi(), until: 'search-problem' });
    expect(textOf(page, 'search-problem')).toContain('This is not a Litecoin address. An address has no spaces');
    const bitcoin = await renderPage(routes, '/ltc?address=bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
      api: coinApi(),
      until: 'search-problem',
    });
    expect(textOf(bitcoin, 'search-problem')).toContain('A Litecoin address starts with');
    expect(bitcoin.querySelector('[data-testid="search-other-coin"]')?.getAttribute('href')).toBe(
      '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });

  it('keeps the header and tabs when the coin’s stats are unavailable, says so, and answers 200', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, '/ltc', { api: downApi, until: 'pool-unavailable' });
    expect(page.querySelector('h1#pool-title')?.textContent).toBe('Litecoin mining pool');
    expect(page.querySelector('[data-testid="pool-fees"]')?.textContent).toBe('Merge-mined: DOGE, PEP, BELLS');
    expect(page.querySelector('a[href="/ltc/difficulty"]')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^pool stats ltc: API unreachable/));
    expect((await serve(chain, '/ltc', { coin: 'ltc' }, downApi)).status).toBe(200);
  });

  it('says history is still loading and keeps every coin page out of caches meanwhile', async () => {
    const filling = () => coinApi('ltc', { history_filling: true });
    const page = await renderPage(routes, '/ltc', { api: filling(), until: 'history-filling' });
    expect(textOf(page, 'history-filling')).toMatch(/^Pool history is still loading/);
    const answer = await serve([layoutRoute], '/ltc', { coin: 'ltc' }, filling());
    const headers = layoutRoute.headers({ loaderHeaders: answer.headers, parentHeaders: new Headers() } as never);
    expect(headers.get('Cache-Control')).toBe('no-store');
    const steady = await serve([layoutRoute], '/ltc', { coin: 'ltc' }, coinApi());
    const parent = new Headers({ 'Cache-Control': 'public, max-age=30' });
    expect(layoutRoute.headers({ loaderHeaders: steady.headers, parentHeaders: parent } as never).get('Cache-Control')).toBe(
      'public, max-age=30',
    );
  });
});
