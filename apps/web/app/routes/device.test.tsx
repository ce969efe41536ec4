// @vitest-environment happy-dom
/**
 * The hardware pages (`/device/{type}`, `/device/{type?}/{vendor}`, `/device/{type?}/{vendor}/
 * {slug}`: a route module per kind, routed as routes.ts routes them) on their real loaders and
 * components (route-kit.tsx), on the
 * repository's catalogue: a device with its profit per coin from the pool's live figures and
 * prices, a manufacturer's devices, a type's list; their titles and descriptions; 404 for what the
 * catalogue lacks; a list's empty filters redirected away; without the API the specifications stand.
 */
import { networkChartSchema } from '@openpool/domain/api';
import { DEVICE_TYPES } from '@openpool/domain/routes';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { NOW_S, createPoolStats, createRates } from '~/testing/payloads';
import {
  captureWarnings,
  description,
  downApi,
  everyPoolStats,
  renderPage,
  route,
  serve,
  stubApi,
  textOf,
  unmountPage,
} from '~/testing/route-kit';
import * as deviceRoute from './device';
import * as listRoute from './device-list';
import * as vendorRoute from './device-vendor';

afterEach(unmountPage);

// The paths of routes.ts, each with its module.
const patterns = [
  ...DEVICE_TYPES.map((type) => [`device/${type}`, listRoute] as const),
  ['device/:vendor', vendorRoute] as const,
  ...DEVICE_TYPES.map((type) => [`device/${type}/:vendor`, vendorRoute] as const),
  ['device/:vendor/:slug', deviceRoute] as const,
  ['device/:type/:vendor/:slug', deviceRoute] as const,
];
const routes = patterns.map(([path, module]) => route(path, module));
const marketAnswers = () => ({
  ...everyPoolStats(),
  [apiPaths.poolStats('ltc')]: createPoolStats('ltc', { net_difficulty: 4.5e7, block_reward: '6.25' }),
  [apiPaths.rates()]: createRates({ crypto: { LTC: 80 } }),
  // Litecoin's difficulty over 30 days, up 10 %: the trend the payback follows.
  [apiPaths.networkChart('ltc')]: networkChartSchema.parse({
    range: '30d',
    step: DAY,
    points: [30, 15, 1].map((days, index) => ({
      t: NOW_S - days * DAY,
      difficulty: [4.1e7, 4.3e7, 4.5e7][index],
      hashrate: 1.6e18,
      height: 2_845_000,
    })),
  }),
});
const marketApi = () => stubApi(marketAnswers());
const DAY = 86_400;
const L9 = '/device/asic/bitmain/antminer-l9';
/** The loader routes.ts would run for the path (React Router's own ranking), with its params. */
const answer = (path: string, api: ApiClient = marketApi()) => {
  const match = matchRoutes(
    patterns.map(([pattern, module]) => ({ path: pattern, module })),
    path.split('?')[0]!,
  )?.[0];
  if (!match) throw new Error(`no route for ${path}`);
  return serve([match.route.module], path, match.params as Record<string, string>, api);
};

describe('device route', () => {
  it('a device: its name, the way back to its type and maker, and its profit on each coin it mines', async () => {
    const api = marketApi();
    const page = await renderPage(routes, L9, { api, until: 'profit-ltc' });
    expect(textOf(page, 'device-name')).toBe('Antminer L9');
    expect([...page.querySelectorAll('article > nav a')].map((a) => a.getAttribute('href'))).toEqual([
      '/device/asic',
      '/device/asic/bitmain',
    ]);
    expect(textOf(page, 'spec-scrypt')).toContain('16.00 GH/s');
    // Litecoin is the one enabled coin on scrypt.
    expect(page.querySelectorAll('[data-testid="profit-table"] tbody tr')).toHaveLength(1);
    expect(textOf(page, 'profit-inputs')?.replace(/[\u2066-\u2069]/g, '')).toMatch(
      /^Difficulty 45\.00 M, reward 6\.250000 LTC, fee PPS\+ 2%; pool data of /,
    );
    // 16 GH/s x 86 400 s / (45 M x 2^32) x 6.25 LTC x (1 - 2 %) = 0.043809 LTC a day; at $80 that is
    // $3.50, less 3.36 kW x 24 h x $0.04 = $3.23 of electricity: $0.28.
    expect(textOf(page, 'coins-per-day')).toBe('0.043809');
    expect(textOf(page, 'coin-profit')).toBe('$0.28');
    expect(textOf(page, 'best-coin')).toBe('Best coin for this device: Litecoin. Start mining LTC');
    expect(page.querySelector('[data-testid="start-mining"]')?.getAttribute('href')).toBe('/ltc');
    // Its coins' stats and 30-day trend, the prices and the merge-mined coins; nothing for coins it cannot mine.
    expect([...api.paths].sort()).toEqual(
      [apiPaths.poolStats('ltc'), `${apiPaths.networkChart('ltc')}?range=30d`, apiPaths.rates(), apiPaths.merged()].sort(),
    );
  });

  it('a device that merge-mines: DOGE beside LTC in the same row, its worth in revenue and profit', async () => {
    const merged = {
      results: [
        {
          ticker: 'doge',
          name: 'Dogecoin',
          parents: ['ltc'],
          fee: 0.02,
          min_payout: '10',
          payout_schedule: 'daily',
          blocks_24h: 3,
          last_block_found: NOW_S - 600,
          net_hashrate: 1.1e15,
          net_difficulty: 2e7,
          block_reward: '10000',
          height: 5_000_000,
          updated_at: NOW_S,
        },
      ],
    };
    const api = stubApi({
      ...marketAnswers(),
      [apiPaths.rates()]: createRates({ crypto: { LTC: 80, DOGE: 0.2 } }),
      [apiPaths.merged()]: merged,
    });
    const page = await renderPage(routes, L9, { api, until: 'profit-ltc' });
    expect(textOf(page, 'profit-merged')).toBe('+ DOGE');
    // 16 GH/s x 86 400 s / (20 M x 2^32) x 10 000 DOGE x (1 - 2 %) = 157.71 DOGE a day, $31.54 at $0.20:
    // with LTC's $3.50 and the same $3.23 of electricity, $31.82 a day.
    expect(textOf(page, 'merged-per-day-doge')).toBe('+ 157.713890 DOGE');
    // With the coins a day they add to, in that column; the coin's own figure stays alone in its element.
    const ltc = page.querySelector('[data-testid="profit-ltc"]');
    expect(ltc?.querySelector('td:first-child [data-testid="profit-merged-per-day"]')).toBeNull();
    expect(ltc?.querySelector('td:has([data-testid="coins-per-day"]) [data-testid="merged-per-day-doge"]')).not.toBeNull();
    expect(textOf(page, 'coins-per-day')).toBe('0.043809');
    expect(textOf(page, 'coin-profit')).toBe('$31.82');
    expect(page.querySelector('[data-testid="profit-merged-note"]')).not.toBeNull();
    // One answer on the page: the calculator below counts the same DOGE.
    const day = page.querySelector('[data-testid="calc-row-1"]');
    expect(day?.querySelector('td:last-child')?.textContent).toBe('$31.82');
    expect(textOf(page, 'calc-merged')).toContain('+ 157.713890 DOGE');
  });

  it('a device: titled with its maker and name, described by its figures, its coins and the best one’s profit', async () => {
    await renderPage(routes, L9, { api: marketApi(), until: 'device-name' });
    expect(document.title).toBe('Bitmain Antminer L9 · OpenPool');
    // The profit the page's table shows at the default power cost ($0.28 above), in USD.
    expect(description()).toBe(
      'Bitmain Antminer L9: scrypt 16.00 GH/s, 3\u202F360 W. Mines LTC on our pools; best LTC: $0.28 a day at $0.04/kWh.',
    );
    // In the page's language, through the catalogue.
    const fa = await serve([deviceRoute], `/fa${L9}`, { type: 'asic', vendor: 'bitmain', slug: 'antminer-l9' }, marketApi());
    // The translator isolates each value in a right-to-left language.
    const persian = (fa.data as { seo: { description: string } }).seo.description.replace(/[\u2066-\u2069]/g, '');
    expect(persian).toMatch(/^Bitmain Antminer L9: scrypt .*در استخرهای ما.*LTC.*\$0\.28/);
    expect(persian).not.toContain('Mines');
  });

  it('a device’s description without pool data names its coins but no profit', async () => {
    captureWarnings();
    const { data } = await answer(L9, downApi);
    expect((data as { seo: { description: string } }).seo.description).toBe(
      'Bitmain Antminer L9: scrypt 16.00 GH/s, 3\u202F360 W. Mines LTC on our pools; profit per day at your electricity price.',
    );
  });

  it('a card with a dozen algorithms and 18 of our coins: two algorithms, four coins named, under 160 characters', async () => {
    const { data } = await answer('/device/gpu/nvidia/geforce-rtx-3070');
    const text = (data as { seo: { description: string } }).seo.description;
    expect(text).toBe(
      'NVIDIA GeForce RTX 3070: etchash 61.00 MH/s, 120 W; ethash 61.00 MH/s, 120 W. Mines KAS, ETC, RVN +15 on our pools; profit per day at your electricity price.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('a device without the API: its specifications stand, its coins are listed without figures, 200', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, L9, { api: downApi, until: 'no-profit' });
    expect(textOf(page, 'device-name')).toBe('Antminer L9');
    expect(textOf(page, 'no-profit')).toBe('No live figures: none of this device’s coins has pool data right now.');
    expect(textOf(page, 'not-mined-ltc')).toBe('Litecoin (LTC): no pool data right now');
    expect(page.querySelector('[data-testid="best-coin"]')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^hardware stats ltc: API unreachable/));
    expect((await answer(L9, downApi)).status).toBe(200);
  });

  it('a manufacturer: its devices of every type, newest first, and its title', async () => {
    const page = await renderPage(routes, '/device/bitmain', { api: marketApi(), until: 'vendor-devices' });
    expect(textOf(page, 'vendor-name')).toBe('Hardware by Bitmain');
    expect(page.querySelector(`[data-testid="vendor-devices"] a[href="${L9}"]`)?.textContent).toContain('Antminer L9');
    expect(document.title).toBe('Hardware by Bitmain · OpenPool');
    expect(description()).toMatch(/^Antminer /);
    // With a type, the manufacturer's page (not a device's, although it has two segments too).
    unmountPage();
    const asics = await renderPage(routes, '/device/asic/bitmain', { api: marketApi(), until: 'vendor-devices' });
    expect(textOf(asics, 'vendor-name')).toBe('Hardware by Bitmain');
  });

  it('a type: its list with the count, and its title and description', async () => {
    const page = await renderPage(routes, '/device/asic', { api: marketApi(), until: 'device-rows' });
    expect(page.querySelector('h1')?.textContent).toBe('ASIC miners');
    expect(textOf(page, 'device-count')).toMatch(/^\d+ devices$/);
    expect(page.querySelector('nav a[aria-current="page"]')?.getAttribute('href')).toBe('/device/asic');
    expect(document.title).toBe('ASIC miners · OpenPool');
    expect(description()).toMatch(/^Profit per day of ASIC miners on our pools/);
  });

  it('is 404 for what the catalogue lacks', async () => {
    const paths = [
      '/device/asic/bitmain/no-such-miner',
      '/device/nobody',
      '/device/asic/nobody',
      '/device/gpu/bitmain',
      '/device/bitmain/asic',
      '/device/Bad_Slug',
      // A card under the ASIC type.
      '/device/asic/nvidia/geforce-rtx-3070',
    ];
    for (const path of paths) {
      const { status, data } = await answer(path);
      expect([status, data], path).toEqual([404, { reason: 'page-not-found' }]);
    }
    const page = await renderPage(routes, '/device/asic/bitmain/no-such-miner', { api: marketApi(), until: 'error-page' });
    expect(textOf(page, 'error-reason')).toBe('This page could not be found');
  });

  it('redirects a list’s query without its empty and default values, keeping what it does not read', async () => {
    const api = marketApi();
    const empty = await answer('/device/asic?algorithm=&vendor=&q=&sort=&power_cost=', api);
    expect([empty.status, empty.location]).toEqual([302, '/device/asic']);
    const kept = await answer('/device/asic?q=&utm_source=mail', api);
    expect([kept.status, kept.location]).toEqual([302, '/device/asic?utm_source=mail']);
    expect(api.paths).toEqual([]);
    expect((await answer('/device/asic?q=l9')).status).toBe(200);
  });
});
