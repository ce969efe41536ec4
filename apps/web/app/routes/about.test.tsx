// @vitest-environment happy-dom
/**
 * `/about` on its real loader and component (route-kit.tsx): the pool's live totals and its
 * coin table from `GET /api/v1/pools`; without the API the description still stands (200) and
 * says the live figures are unavailable.
 */
import { afterEach, describe, expect, it } from 'vitest';
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
import * as aboutRoute from './about';

afterEach(unmountPage);

const routes = [route('about', aboutRoute, undefined, 'about')];
const poolsApi = () =>
  stubApi({
    [apiPaths.pools()]: {
      results: [
        createPoolStats('ltc', { miners: 1_234, workers: 5_000, blocks_24h: 40 }),
        createPoolStats('btc', { algorithm: 'sha256d', miners: 100, workers: 300, blocks_24h: 2 }),
        // Served by the API but not enabled on this site: not the site's pool, not in its totals.
        createPoolStats('doge', { miners: 99_999, workers: 99_999, blocks_24h: 999 }),
      ],
    },
  });

describe('about route', () => {
  it('shows the live totals of the enabled pools and each pool with its fees and payouts', async () => {
    const page = await renderPage(routes, '/about', { api: poolsApi(), until: 'coin-table' });
    expect(page.querySelector('h1')?.textContent).toBe('About OpenPool');
    const totals = [...page.querySelectorAll('[data-testid="pool-totals"] dd')].map((dd) => dd.textContent);
    // Pools, miners, workers online, blocks in 24 h: ltc and btc only.
    expect(totals).toEqual(['2', '1\u202F334', '5\u202F300', '42']);
    const rows = [...page.querySelectorAll('[data-testid="coin-table"] tbody tr')];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['Bitcoin', 'Litecoin']);
    expect(rows[1]?.textContent).toContain('PPS+ 2%');
    expect(rows[1]?.textContent).toContain('hourly, from 0.010000 LTC');
    expect(page.querySelector('[data-testid="live-unavailable"]')).toBeNull();
  });

  it('answers 200 with the pools from the API', async () => {
    const answer = await serve([aboutRoute], '/about', {}, poolsApi());
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ pools: { totals: { pools: 2, miners: 1_334 } } });
  });

  it('keeps the description when the API is down, says the live figures are unavailable, and logs why', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, '/about', { api: downApi, until: 'live-unavailable' });
    expect(page.querySelector('h1')?.textContent).toBe('About OpenPool');
    expect(page.textContent).toContain('OpenPool is a multi-coin mining pool');
    expect(page.querySelectorAll('[data-testid="live-unavailable"]')).toHaveLength(2);
    expect(textOf(page, 'live-unavailable')).toBe('Live figures are unavailable right now; please try again in a minute.');
    expect(page.querySelector('[data-testid="pool-totals"]')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^about: pool list: API unreachable/));
    // A part of the page is missing, not the page: it stays a 200 (decision 007).
    expect((await serve([aboutRoute], '/about', {}, downApi)).status).toBe(200);
  });

  it('treats a pool list off its schema as unavailable', async () => {
    const warn = captureWarnings();
    const broken = stubApi({ [apiPaths.pools()]: { results: [{ ticker: 'ltc' }] } });
    const page = await renderPage(routes, '/about', { api: broken, until: 'live-unavailable' });
    expect(page.querySelector('[data-testid="coin-table"]')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('has its own title and description (from its route: shared/route-seo.ts)', async () => {
    await renderPage(routes, '/about', { api: poolsApi(), until: 'coin-table' });
    expect(document.title).toBe('About OpenPool · OpenPool');
    expect(description()).toBe('Who runs OpenPool, the coins and reward schemes it offers, its fees and how payouts work.');
  });
});
