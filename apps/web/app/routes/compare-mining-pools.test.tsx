// @vitest-environment happy-dom
/**
 * `/compare-mining-pools` on its real loader and component (route-kit.tsx): our pool's live
 * terms (its pool stats) beside other pools' published ones (content/compare/pools.json, a
 * fixture here), sorted by the URL's column, for the chosen coin or the best-documented one; the
 * others still compare when our figures cannot load (200, a line saying so).
 */
import { parseComparePools } from '@openpool/domain/compare-pools';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import {
  captureWarnings,
  description,
  downApi,
  renderPage,
  route,
  serve,
  stubApi,
  textOf,
  unmountPage,
} from '~/testing/route-kit';
import * as compareRoute from './compare-mining-pools';

afterEach(unmountPage);

const other = (coin: string, pool: string, fee: number | null, min: string | null) => ({
  coin,
  pool,
  url: `https://${pool.toLowerCase()}.example`,
  sources: [`https://${pool.toLowerCase()}.example/fees`],
  schemes: [{ name: 'PPS', fee }],
  min_payout: min,
  payout: 'daily',
  regions: ['eu', 'us'],
  merged: [],
});
const comparePools = parseComparePools({
  as_of: '2026-11-24',
  pools: [
    other('ltc', 'Alpha', 0.04, '0.02'),
    other('ltc', 'Bravo', 0.005, null),
    other('ltc', 'Charlie', null, '0.5'),
    other('btc', 'Delta', 0.025, '0.001'),
  ],
});
const routes = [route('compare-mining-pools', compareRoute)];
const ltcApi = () =>
  stubApi({ [apiPaths.poolStats('ltc')]: createPoolStats('ltc', { fees: { pps: 0.02, prop: 0.01, solo: 0.015 } }) });
const open = (url: string, api: ApiClient = ltcApi(), until = 'compare-table') =>
  renderPage(routes, url, { api, until, context: { comparePools } });
const pools = (page: HTMLElement) => [...page.querySelectorAll('[data-testid="compare-row"] th')].map((th) => th.textContent);
const PATH = '/compare-mining-pools';

describe('compare mining pools route', () => {
  it('puts our live terms beside the others’, lowest fee first, unconfirmed figures last', async () => {
    const page = await open(`${PATH}?coin=ltc`);
    expect(page.querySelector('h1')?.textContent).toBe('Compare mining pools');
    expect(pools(page)).toEqual(['Bravo', 'OpenPool this pool', 'Alpha', 'Charlie']);
    const ours = page.querySelectorAll('[data-testid="compare-row"]')[1]!;
    expect([...ours.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'PPS+ 2%PROP 1%SOLO 1.5%',
      '0.010000 LTC',
      'Every hour',
      'EU',
      'None',
      'live pool config',
    ]);
    expect(textOf(page, 'compare-as-of')).toContain('checked on November 24, 2026');
    const coin = page.querySelector<HTMLSelectElement>('select[name="coin"]')!;
    expect([coin.value, coin.selectedOptions[0]?.textContent]).toEqual(['ltc', 'Litecoin (3 other pools)']);
  });

  it('sorts by the column in the URL, and links each header to its other direction', async () => {
    const page = await open(`${PATH}?coin=ltc&sort=-min`);
    expect(pools(page)).toEqual(['Charlie', 'Alpha', 'OpenPool this pool', 'Bravo']);
    const min = page.querySelector('th[aria-sort="descending"] a');
    expect(min?.getAttribute('href')).toBe(`${PATH}?coin=ltc&sort=min`);
  });

  it('starts on the coin with the most documented pools when none, or an unknown one, is chosen', async () => {
    for (const url of [PATH, `${PATH}?coin=doge`]) {
      const answer = await serve([compareRoute], url, {}, ltcApi(), {}, { comparePools });
      expect((answer.data as { coin: string }).coin, url).toBe('ltc');
    }
  });

  it('shows our terms alone for a coin nobody else documents, and says so', async () => {
    const api = stubApi({ [apiPaths.poolStats('xec')]: createPoolStats('xec') });
    const page = await open(`${PATH}?coin=xec`, api);
    expect(pools(page)).toEqual(['OpenPool this pool']);
    expect(textOf(page, 'compare-no-others')).toBe(
      'We have no documented figures of other pools for eCash yet: only our own terms are shown.',
    );
  });

  it('compares the others when our figures cannot load, says so, and answers 200', async () => {
    const warn = captureWarnings();
    const page = await open(`${PATH}?coin=ltc`, downApi);
    expect(pools(page)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(page.querySelector('[role="status"]')?.textContent).toBe(
      'Our live figures cannot be loaded right now; try again in a minute.',
    );
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^compare: pool stats of ltc: API unreachable/));
    expect((await serve([compareRoute], PATH, {}, downApi, {}, { comparePools })).status).toBe(200);
  });

  it('titles and describes the page for search engines', async () => {
    await open(`${PATH}?coin=ltc`);
    expect(document.title).toBe('Compare mining pools · OpenPool');
    expect(description()).toMatch(/^How OpenPool's fees and payout rules compare with well-known pools of the same coin/);
  });
});
