// @vitest-environment happy-dom
/**
 * `/{coin}/top-miners` on the real coin layout and top-miners route (route-kit.tsx): the pool's
 * biggest miners with their hashrate, workers and share, each linked to its stats page; the
 * list unavailable says so (200); a coin without the page is 404 before any API call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats, createTopMiner } from '~/testing/payloads';
import { captureWarnings, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as localeRoute from '../locale';
import * as layoutRoute from './layout';
import * as topMinersRoute from './top-miners';

afterEach(unmountPage);

const coinRoutes = () => [route(':coin', layoutRoute, [route('top-miners', topMinersRoute)])];
const routes = [...coinRoutes(), route(':lang', localeRoute, coinRoutes())];
const chain = [layoutRoute, topMinersRoute];
const FIRST = 'ltc1qfirstminer00000000000000000000000000abc';
const topApi = (
  results = [
    createTopMiner({ rank: 1, address: FIRST, hashrate: 2.3e12, workers: 1_042, share: 0.0427 }),
    createTopMiner({ rank: 2, address: 'LSecondMinerAddress1111111111111xyz', hashrate: 9.5e11, workers: 3, share: 0.0176 }),
  ],
) =>
  stubApi({
    [apiPaths.poolStats('ltc')]: createPoolStats('ltc'),
    [apiPaths.topMiners('ltc')]: { results },
  });
const cells = (page: HTMLElement) =>
  [...page.querySelectorAll('[data-testid="top-miners"] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('top miners route', () => {
  it('lists the biggest miners with rank, hashrate, workers and share of the pool', async () => {
    const page = await renderPage(routes, '/ltc/top-miners', { api: topApi(), until: 'top-miners' });
    expect(page.querySelector('h1')?.textContent).toBe('Litecoin top miners');
    expect(cells(page)).toEqual([
      ['1', 'ltc1qf...000abc', '2.30 TH/s', '1\u202F042', '4.27%'],
      ['2', 'LSecon...111xyz', '950.00 GH/s', '3', '1.76%'],
    ]);
    const link = page.querySelector('[data-testid="top-miners"] tbody a');
    expect(link?.getAttribute('href')).toBe(`/ltc/miner/stats/${FIRST}`);
    expect(link?.getAttribute('title')).toBe(FIRST);
    expect((await serve(chain, '/ltc/top-miners', { coin: 'ltc' }, topApi())).status).toBe(200);
  });

  it('links each miner in the visitor’s language', async () => {
    const page = await renderPage(routes, '/ru/ltc/top-miners', { api: topApi(), until: 'top-miners' });
    expect(page.querySelector('[data-testid="top-miners"] tbody a')?.getAttribute('href')).toBe(`/ru/ltc/miner/stats/${FIRST}`);
  });

  it('says Nothing found for a pool without miners', async () => {
    const page = await renderPage(routes, '/ltc/top-miners', { api: topApi([]), until: 'pool-fees' });
    await expect.poll(() => page.querySelector('section h1')?.textContent).toBe('Litecoin top miners');
    expect(page.textContent).toContain('Nothing found');
    expect(page.querySelector('[data-testid="top-miners"]')).toBeNull();
  });

  it('says the list is unavailable when the API is down, and answers 200', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, '/ltc/top-miners', { api: downApi, until: 'pool-fees' });
    await expect.poll(() => page.textContent).toContain('Top miners are unavailable right now.');
    expect(page.querySelector('[data-testid="top-miners"]')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^top miners ltc: API unreachable/));
    expect((await serve(chain, '/ltc/top-miners', { coin: 'ltc' }, downApi)).status).toBe(200);
  });

  it('is 404 for a coin without a top-miners page, before any API call', async () => {
    const api = topApi();
    const answer = await serve(chain, '/xmr/top-miners', { coin: 'xmr' }, api);
    expect([answer.status, answer.data]).toEqual([404, { reason: 'page-not-found' }]);
    expect(api.paths).toEqual([]);
    const page = await renderPage(routes, '/xmr/top-miners', { api: topApi(), until: 'error-page' });
    expect(textOf(page, 'error-reason')).toBe('This page could not be found');
  });
});
