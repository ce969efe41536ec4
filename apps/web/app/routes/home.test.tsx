// @vitest-environment happy-dom
/**
 * The home pages (`/` and `/{lang}`) on their real loader and component (route-kit.tsx): a card
 * per enabled coin from its pool stats, a coin whose stats fail keeps its card and says so, the
 * notice while history fills in (and no page caching then), and the root's language detection:
 * `/` redirects to the saved or the browser's language, English stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import {
  captureWarnings,
  content,
  downApi,
  everyPoolStats,
  renderPage,
  route,
  serve,
  stubApi,
  textOf,
  unmountPage,
} from '~/testing/route-kit';
import * as homeRoute from './home';

afterEach(unmountPage);

const routes = [route(undefined, homeRoute), route('ru', homeRoute)];
const { enabled } = content.config;

describe('home route', () => {
  it('shows a card per enabled coin with its live figures and the reference device’s estimate', async () => {
    const api = stubApi(everyPoolStats({ ltc: { hashrate: 2.88e15, miners: 12_345 } }));
    const page = await renderPage(routes, '/', { api, until: 'coin-list' });
    expect(page.querySelector('h1')?.textContent).toBe('Mining pools');
    expect(page.querySelectorAll('[data-testid^="pool-card-"]')).toHaveLength(enabled.length);
    const ltc = page.querySelector('[data-testid="pool-card-ltc"]')!;
    expect(textOf(ltc, 'card-hashrate')).toBe('2.88 PH/s');
    expect(textOf(ltc, 'card-miners')).toBe('12\u202F345');
    expect(textOf(ltc, 'card-fees')).toBe('PPS+ 2% · PROP 1% · SOLO 1.5%');
    expect(textOf(ltc, 'card-estimate')).toMatch(/^≈?\s*0\.\d{6} LTC/);
    expect(ltc.querySelector('[data-testid="card-device"]')?.getAttribute('href')).toBe('/device/asic/bitmain/antminer-l9');
    // The device's name and its brackets: one isolate that never wraps.
    const device = ltc.querySelector('[data-testid="card-device"] bdi');
    expect(device?.textContent).toMatch(/^\(.+\)$/);
    expect(device?.getAttribute('dir')).toBe('ltr');
    expect(device?.className).toContain('whitespace-nowrap');
    // The search box reads an address left to right, in every language.
    expect(page.querySelector('[data-testid="home-search"] input[name="address"]')?.getAttribute('dir')).toBe('ltr');
    expect(ltc.querySelector('a')?.getAttribute('href')).toBe('/ltc');
    // One call per enabled coin, nothing else.
    expect([...api.paths].sort()).toEqual(enabled.map((ticker) => apiPaths.poolStats(ticker)).sort());
    expect(page.querySelector('[data-testid="history-filling"]')).toBeNull();
  });

  it('keeps the card of a coin whose stats fail, says so, and still answers 200', async () => {
    const warn = captureWarnings();
    const answers = everyPoolStats();
    delete answers[apiPaths.poolStats('btc')];
    const page = await renderPage(routes, '/', { api: stubApi(answers), until: 'coin-list' });
    const btc = page.querySelector('[data-testid="pool-card-btc"]')!;
    expect(textOf(btc, 'card-unavailable')).toBe('Statistics are unavailable right now.');
    expect(btc.querySelector('[data-testid="card-hashrate"]')).toBeNull();
    expect(page.querySelector('[data-testid="pool-card-ltc"] [data-testid="card-hashrate"]')).not.toBeNull();
    // The API's 404 for a coin the site offers is an outage of that coin, logged.
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^pool stats btc: API 404/));
    expect((await serve([homeRoute], '/', {}, stubApi(answers))).status).toBe(200);
  });

  it('with the API down, every card says its figures are unavailable; the page stands (200)', async () => {
    captureWarnings();
    const page = await renderPage(routes, '/', { api: downApi, until: 'coin-list' });
    expect(page.querySelectorAll('[data-testid="card-unavailable"]')).toHaveLength(enabled.length);
    expect(page.querySelector('h1')?.textContent).toBe('Mining pools');
    expect((await serve([homeRoute], '/', {}, downApi)).status).toBe(200);
  });

  it('says history is still loading while it fills in, and keeps the page out of caches', async () => {
    const api = () => stubApi(everyPoolStats({ ltc: { history_filling: true } }));
    const page = await renderPage(routes, '/', { api: api(), until: 'history-filling' });
    expect(textOf(page, 'history-filling')).toMatch(/^Pool history is still loading/);
    const answer = await serve([homeRoute], '/', {}, api());
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const headers = new Headers(homeRoute.headers({ loaderHeaders: answer.headers } as never) as HeadersInit);
    expect(headers.get('Vary')).toBe('Cookie, Accept-Language');
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect((await serve([homeRoute], '/', {}, stubApi(everyPoolStats()))).headers.get('Cache-Control')).toBeNull();
  });

  it('redirects / to the browser’s language, keeping the query; English stays', async () => {
    const api = stubApi(everyPoolStats());
    const russian = await serve([homeRoute], '/?utm_source=x', {}, api, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(russian.status).toBe(302);
    expect(russian.location).toBe('/ru?utm_source=x');
    expect(russian.headers.get('Cache-Control')).toBe('private, no-store');
    // A redirect asks the API nothing.
    expect(api.paths).toEqual([]);
    expect((await serve([homeRoute], '/', {}, api, { 'accept-language': 'en-GB,ru;q=0.5' })).status).toBe(200);
    expect((await serve([homeRoute], '/', {}, api)).status).toBe(200);
    // The saved language (a cookie) and the cookie the redirect sets are held by
    // detect-locale.server.test.ts: happy-dom's Request and Response drop both headers.
  });

  it('never redirects a language’s own home, and shows it in that language', async () => {
    const api = stubApi(everyPoolStats());
    expect((await serve([homeRoute], '/ru', {}, api, { 'accept-language': 'fa' })).status).toBe(200);
    const page = await renderPage(routes, '/ru', { api, until: 'coin-list' });
    expect(page.querySelector('h1')?.textContent).toBe('Майнинг-пулы');
    expect(page.querySelector('[data-testid="pool-card-ltc"] a')?.getAttribute('href')).toBe('/ru/ltc');
  });

  it('has the site’s default title and description', async () => {
    await renderPage(routes, '/', { api: stubApi(everyPoolStats()), until: 'coin-list' });
    expect(document.title).toBe('OpenPool · Multi-coin mining pool');
  });
});
