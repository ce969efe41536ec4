// @vitest-environment happy-dom
/**
 * `/merge` on its real loader and component (route-kit.tsx): each coin merge-mined with an
 * enabled pool, with its own figures from `GET /api/v1/merged` (never its parent pool's); what
 * merge mining is stands without the API (200) and the figures then read as dashes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createMergedCoin } from '~/testing/payloads';
import { captureWarnings, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as mergeRoute from './merge';

afterEach(unmountPage);

const routes = [route('merge', mergeRoute, undefined, 'merge')];
const mergedApi = (
  results = [
    createMergedCoin({ ticker: 'doge', name: 'Dogecoin', blocks_24h: 1_443, net_hashrate: 1.1e15, min_payout: '10', fee: 0.01 }),
    createMergedCoin({ ticker: 'pep', name: 'Pepecoin', blocks_24h: 12, net_hashrate: 0 }),
    createMergedCoin({ ticker: 'bells', name: 'Bellscoin', blocks_24h: 3 }),
    createMergedCoin({
      ticker: 'fb',
      name: 'Fractal Bitcoin',
      parents: ['btc'],
      net_hashrate: 4.4e18,
      min_payout: '0.1',
      fee: 0.005,
    }),
  ],
) => stubApi({ [apiPaths.merged()]: { results } });
const cellsOf = (page: HTMLElement, ticker: string) =>
  [...page.querySelectorAll(`[data-testid="merge-row-${ticker}"] > *`)].map((cell) => cell.textContent);

describe('merge route', () => {
  it('lists each merged coin with its parent pool and its own figures', async () => {
    const page = await renderPage(routes, '/merge', { api: mergedApi(), until: 'merge-table' });
    expect(page.querySelector('h1')?.textContent).toBe('Merge mining');
    const rows = [...page.querySelectorAll('[data-testid^="merge-row-"]')].map((row) => row.getAttribute('data-testid'));
    expect(rows).toEqual(['merge-row-fb', 'merge-row-doge', 'merge-row-pep', 'merge-row-bells']);
    expect(cellsOf(page, 'doge')).toEqual([
      'Dogecoin (DOGE)',
      'Litecoin',
      '1\u202F443',
      '1.10 PH/s',
      '10.000000 DOGEFee 1%',
      'Once a day',
    ]);
    expect(cellsOf(page, 'fb')).toEqual([
      'Fractal Bitcoin (FB)',
      'Bitcoin',
      '1\u202F440',
      '4.40 EH/s',
      '0.100000 FBFee 0.5%',
      'Once a day',
    ]);
    expect(page.querySelector('[data-testid="live-unavailable"]')).toBeNull();
  });

  it('links a merged coin with a pool of its own to that pool, and each parent to its pool', async () => {
    const page = await renderPage(routes, '/merge', { api: mergedApi(), until: 'merge-table' });
    expect(page.querySelector('[data-testid="merge-row-fb"] th a')?.getAttribute('href')).toBe('/fb');
    expect(page.querySelector('[data-testid="merge-row-doge"] th a')).toBeNull();
    expect(page.querySelector('[data-testid="merge-row-doge"] td a')?.getAttribute('href')).toBe('/ltc');
    expect(page.querySelector('a[href="/articles/merge-mining-explained"]')).not.toBeNull();
  });

  it('says Not enough data for a chain without a hashrate, and dashes for a coin the API leaves out', async () => {
    const [doge, pep] = [createMergedCoin({ ticker: 'doge' }), createMergedCoin({ ticker: 'pep', net_hashrate: 0 })];
    const page = await renderPage(routes, '/merge', { api: mergedApi([doge, pep]), until: 'merge-table' });
    expect(textOf(page.querySelector('[data-testid="merge-row-pep"]')!, 'merge-net-hashrate')).toBe('Not enough data');
    expect(cellsOf(page, 'bells').slice(2, 5)).toEqual(['—', '—', '—']);
  });

  it('explains merge mining without the API, says the live figures are unavailable, and answers 200', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, '/merge', { api: downApi, until: 'merge-table' });
    expect(page.textContent).toContain('Merge mining lets one piece of work count on two chains');
    expect(textOf(page, 'live-unavailable')).toBe('Live figures are unavailable right now; please try again in a minute.');
    expect(cellsOf(page, 'doge').slice(2, 5)).toEqual(['—', '—', '—']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^merge: merged coins: API unreachable/));
    const answer = await serve([mergeRoute], '/merge', {}, downApi);
    expect([answer.status, (answer.data as { live: boolean }).live]).toEqual([200, false]);
  });

  it('treats a merged list off its schema as unavailable', async () => {
    captureWarnings();
    const broken = stubApi({ [apiPaths.merged()]: { results: [{ ticker: 'doge', fee: '1%' }] } });
    expect((await serve([mergeRoute], '/merge', {}, broken)).data).toMatchObject({ live: false });
  });

  it('has its own title', async () => {
    await renderPage(routes, '/merge', { api: mergedApi(), until: 'merge-table' });
    expect(document.title).toBe('Merge mining · OpenPool');
  });
});
