// @vitest-environment happy-dom
/**
 * `/api` on its real loader and component (route-kit.tsx): the quotas in force from
 * `GET /api/v1/limits`, the caching they imply and curl examples on the pool's own API URL; the
 * page explains the API even when the API cannot say its limits (200, a line saying so).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createApiLimits } from '~/testing/payloads';
import { API_URL, captureWarnings, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as apiDocsRoute from './api-docs';

afterEach(unmountPage);

const routes = [route('api', apiDocsRoute, undefined, 'api')];
const limitsApi = () =>
  stubApi({
    [apiPaths.limits()]: createApiLimits({
      policies: [
        { name: 'default', quota: 600, window_seconds: 60, applies_to: 'all' },
        { name: 'export', quota: 12, window_seconds: 3_600, applies_to: 'export' },
      ],
      cache_seconds: { pool: 15, miner: 30, rates: 120 },
    }),
  });
const rows = (page: HTMLElement) =>
  [...page.querySelectorAll('[data-testid="api-limits"] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('api docs route', () => {
  it('lists each quota from the API with its window and what it applies to', async () => {
    const page = await renderPage(routes, '/api', { api: limitsApi(), until: 'api-limits', settings: true });
    expect(page.querySelector('h1')?.textContent).toBe('Public API');
    expect(rows(page)).toEqual([
      ['default', '600', '60 s', 'every call'],
      ['export', '12', '3\u202F600 s', 'exports, on top'],
    ]);
    expect(page.textContent).toContain('Pool and miner figures may be cached for 15 s and rates for 120 s');
  });

  it('gives curl examples on the pool’s API URL, for an enabled coin, with the quota in force', async () => {
    const page = await renderPage(routes, '/api', { api: limitsApi(), until: 'api-examples', settings: true });
    const commands = [...page.querySelectorAll('[data-testid="api-examples"] code')].map((code) => code.textContent);
    expect(commands[0]).toBe(`curl -s ${API_URL}/ltc/api/v1/pool/stats`);
    expect(commands[1]).toBe(`curl -s ${API_URL}/ltc/api/v3/miner/workers/YOUR_ADDRESS`);
    expect(commands[3]).toContain('# RateLimit-Policy: "default";q=600;w=60');
    expect(commands[3]).toContain('# RateLimit: "default";r=599;t=42');
    const links = [...page.querySelectorAll('section > p a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([`${API_URL}/docs`, `${API_URL}/openapi.json`]);
  });

  it('explains the API without its limits when it is down: a line says so, the page answers 200', async () => {
    const warn = captureWarnings();
    const page = await renderPage(routes, '/api', { api: downApi, until: 'api-examples', settings: true });
    expect(page.querySelector('[data-testid="api-limits"]')).toBeNull();
    expect(page.textContent).toContain('The limits in force cannot be read right now.');
    // The examples fall back to the default quota rather than to nothing.
    expect(textOf(page, 'api-examples')).toContain('"default";q=300;w=60');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^api page: limits: API unreachable/));
    const answer = await serve([apiDocsRoute], '/api', {}, downApi);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ limits: null, exampleCoin: 'ltc' });
  });

  it('treats limits off their schema as unreadable', async () => {
    captureWarnings();
    const broken = stubApi({ [apiPaths.limits()]: { policies: 'many' } });
    expect((await serve([apiDocsRoute], '/api', {}, broken)).data).toMatchObject({ limits: null });
  });

  it('has its own title', async () => {
    await renderPage(routes, '/api', { api: limitsApi(), until: 'api-limits', settings: true });
    expect(document.title).toBe('Public API · OpenPool');
  });
});
