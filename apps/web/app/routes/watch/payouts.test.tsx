// @vitest-environment happy-dom
/**
 * A watcher link's payouts (decision 024): the miner's payouts in every coin it is paid in, read
 * through the link's own address, with tabs back to its stats and nothing to change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { renderPage, route, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as watchLayoutRoute from './layout';
import * as watchPayoutsRoute from './payouts';

afterEach(unmountPage);

const TOKEN = 'w'.repeat(43);
const ADDRESS = 'ltc1qwatched000000000000000000000000000wat';
const routes = [route('watch/:token', watchLayoutRoute, [route('payouts', watchPayoutsRoute)])];

describe('watcher payouts', () => {
  it('lists every coin’s payouts of the watched address, read-only, with each coin’s total', async () => {
    const api = stubApi({
      [apiPaths.watchTarget(TOKEN)]: { coin: 'ltc', address: ADDRESS, label: 'Farm', expires_at: 1_900_000_000 },
      [apiPaths.poolStats('ltc')]: createPoolStats('ltc'),
      [apiPaths.minerPayoutsAll('ltc', ADDRESS)]: {
        coins: ['ltc', 'doge', 'pep', 'bells'],
        coin: null,
        totals: [
          { coin: 'ltc', total_paid: '1.5', payouts: 2 },
          { coin: 'doge', total_paid: '800', payouts: 1 },
          { coin: 'pep', total_paid: '0', payouts: 0 },
          { coin: 'bells', total_paid: '0', payouts: 0 },
        ],
        results: [
          {
            id: '3',
            coin: 'doge',
            date: 1_795_000_000,
            amount: '800',
            received: '800',
            status: 'Paid',
            txid: 'ab'.repeat(32),
            confirmations: null,
          },
          {
            id: '2',
            coin: 'ltc',
            date: 1_794_990_000,
            amount: '1',
            received: '1',
            status: 'Paid',
            txid: 'cd'.repeat(32),
            confirmations: 12,
          },
        ],
        older: '2',
        newer: null,
      },
    });
    const page = await renderPage(routes, `/watch/${TOKEN}/payouts`, { api, until: 'watcher-payouts' });
    expect([...page.querySelectorAll('[data-testid="payout-row"]')].map((row) => row.getAttribute('data-coin'))).toEqual([
      'doge',
      'ltc',
    ]);
    expect(textOf(page, 'payouts-total-doge')).toContain('800.000000 DOGE');
    expect(textOf(page, 'payout-confirmations')).toBe('12 confirmations');
    // Paged inside the link, never to the miner's own pages; no settings, no export of another address.
    expect(page.querySelector(`[data-testid="payouts-pager"] a`)?.getAttribute('href')).toBe(`/watch/${TOKEN}/payouts?before=2`);
    expect([...page.querySelectorAll('[data-testid="watcher-tabs"] a')].map((a) => a.getAttribute('href'))).toEqual([
      `/watch/${TOKEN}`,
      `/watch/${TOKEN}/payouts`,
    ]);
    expect(page.querySelector('a[href*="/miner/settings"]')).toBeNull();
    expect(api.paths).toContain(`${apiPaths.minerPayoutsAll('ltc', ADDRESS)}?limit=20`);
  });
});
