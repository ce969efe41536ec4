// @vitest-environment happy-dom
/**
 * The three chart pages of a coin (`/{coin}/difficulty`, `/hashrate`, `/pool-hashrate`: one
 * route module) on the real coin layout and chart route (route-kit.tsx): each asks its own series
 * for the chosen range, titles the page, shows the current value from the pool's stats and says
 * the series in words; without the series the page stands (200) and says the chart is unavailable.
 */
import { networkChartSchema, poolChartSchema } from '@openpool/domain/api';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { NOW_S, createPoolStats } from '~/testing/payloads';
import { captureWarnings, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as chartRoute from './chart';
import * as layoutRoute from './layout';

afterEach(unmountPage);

const routes = [
  route(':coin', layoutRoute, [
    route('difficulty', chartRoute),
    route('hashrate', chartRoute),
    route('pool-hashrate', chartRoute),
  ]),
];
const HOUR = 3_600;
// Three hourly points ending an hour before the stats' time, which the line then ends on.
const times = [NOW_S - 3 * HOUR, NOW_S - 2 * HOUR, NOW_S - HOUR];
const networkChart = networkChartSchema.parse({
  range: '24h',
  step: HOUR,
  points: times.map((t, index) => ({
    t,
    difficulty: 4e7 + index * 1e6,
    hashrate: 1.5e18 + index * 1e16,
    height: 2_845_000 + index,
  })),
});
const poolChart = poolChartSchema.parse({
  range: '24h',
  step: HOUR,
  points: times.map((t, index) => ({ t, hashrate: 2.5e15 + index * 1e14, miners: 1_200 + index })),
});
const chartApi = (overrides: Record<string, unknown> = {}) =>
  stubApi({
    [apiPaths.poolStats('ltc')]: createPoolStats('ltc'),
    [apiPaths.networkChart('ltc')]: networkChart,
    [apiPaths.poolChart('ltc')]: poolChart,
    ...overrides,
  });
const currentRange = (page: HTMLElement) => page.querySelector('nav[aria-label="Range"] [aria-current="true"]')?.textContent;

describe('coin chart route', () => {
  it('difficulty: its title, the current network difficulty and the series in words', async () => {
    const api = chartApi();
    const page = await renderPage(routes, '/ltc/difficulty', { api, until: 'chart-summary' });
    expect(page.querySelector('h1')?.textContent).toBe('Litecoin network difficulty');
    expect(textOf(page, 'chart-current')).toBe('45.00 M');
    // The text alternative ends on the current value, the figure shown above the chart.
    expect(textOf(page, 'chart-summary')).toMatch(
      /^Difficulty from .+ to .+: latest \u206845\.00 M\u2069, lowest \u206840\.00 M\u2069/,
    );
    expect(currentRange(page)).toBe('1 day');
    expect(api.paths).toContain(`${apiPaths.networkChart('ltc')}?range=24h`);
    expect(api.paths).not.toContain(`${apiPaths.poolChart('ltc')}?range=24h`);
  });

  it('network hashrate and pool hashrate: each its own series and current value', async () => {
    const network = await renderPage(routes, '/ltc/hashrate', { api: chartApi(), until: 'chart-summary' });
    expect(network.querySelector('h1')?.textContent).toBe('Litecoin network hashrate');
    expect(textOf(network, 'chart-current')).toBe('1.60 EH/s');
    expect(textOf(network, 'chart-summary')).toMatch(/lowest \u20681\.50 EH\/s\u2069/);
    unmountPage();
    const api = chartApi();
    const pool = await renderPage(routes, '/ltc/pool-hashrate', { api, until: 'chart-summary' });
    expect(pool.querySelector('h1')?.textContent).toBe('Litecoin pool hashrate');
    expect(textOf(pool, 'chart-current')).toBe('2.88 PH/s');
    expect(textOf(pool, 'chart-summary')).toMatch(/^Hashrate from .+ lowest \u20682\.50 PH\/s\u2069/);
    expect(api.paths).toContain(`${apiPaths.poolChart('ltc')}?range=24h`);
  });

  it('asks for the range in the URL and marks it; an unknown range is one day', async () => {
    const api = chartApi();
    const page = await renderPage(routes, '/ltc/difficulty?range=30d', { api, until: 'chart-summary' });
    expect(currentRange(page)).toBe('30 days');
    expect(api.paths).toContain(`${apiPaths.networkChart('ltc')}?range=30d`);
    const links = [...page.querySelectorAll('nav[aria-label="Range"] a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/ltc/difficulty?range=24h',
      '/ltc/difficulty?range=7d',
      '/ltc/difficulty?range=30d',
      '/ltc/difficulty?range=1y',
    ]);
    const odd = await serve([layoutRoute, chartRoute], '/ltc/difficulty?range=5y', { coin: 'ltc' }, chartApi());
    expect(odd.data).toMatchObject({ chart: 'difficulty', range: '24h' });
  });

  it('says the chart is unavailable without its series, keeps the current value, and answers 200', async () => {
    const warn = captureWarnings();
    // The API's 404 for a coin's own chart is an outage, not 'nothing found' (decision 007).
    const api = chartApi({ [apiPaths.networkChart('ltc')]: undefined });
    const page = await renderPage(routes, '/ltc/difficulty', { api, until: 'chart-current' });
    expect(page.textContent).toContain('The chart is unavailable right now.');
    expect(page.querySelector('[data-testid="chart-summary"]')).toBeNull();
    expect(textOf(page, 'chart-current')).toBe('45.00 M');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^chart ltc difficulty: API 404/));
    const answer = await serve([layoutRoute, chartRoute], '/ltc/difficulty', { coin: 'ltc' }, api);
    expect([answer.status, (answer.data as { points: unknown }).points]).toEqual([200, null]);
  });

  it('says there is not enough data for a current value when the pool’s stats are unavailable', async () => {
    captureWarnings();
    const api = chartApi({ [apiPaths.poolStats('ltc')]: new Error('socket hang up') });
    const page = await renderPage(routes, '/ltc/hashrate', { api, until: 'chart-summary' });
    expect(textOf(page, 'chart-current')).toBe('Not enough data');
    expect(textOf(page, 'chart-summary')).toMatch(/latest \u20681\.52 EH\/s\u2069/);
  });
});
