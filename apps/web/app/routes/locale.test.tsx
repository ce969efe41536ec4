// @vitest-environment happy-dom
/**
 * The locale prefix (`/{lang}/…`, routes.ts) on its real middleware and component
 * (route-kit.tsx): each of the 15 locale codes, as written in our URLs, prefixes every page and
 * shows it in that language; any other first segment under it is 404 before a page's loader runs.
 */
import { LOCALE_CODES } from '@openpool/domain/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as aboutRoute from './about';
import * as localeRoute from './locale';
import * as mergeRoute from './merge';

afterEach(unmountPage);

const pages = () => [route('about', aboutRoute), route('merge', mergeRoute)];
const routes = [...pages(), route(':lang', localeRoute, pages())];
const poolsApi = () => stubApi({ [apiPaths.pools()]: { results: [createPoolStats('ltc')] } });

describe('locale route', () => {
  it('lets every locale code through, as written in our URLs', async () => {
    expect(LOCALE_CODES).toHaveLength(15);
    for (const code of LOCALE_CODES) {
      const answer = await serve([localeRoute, aboutRoute], `/${code}/about`, { lang: code }, poolsApi());
      expect(answer.status, code).toBe(200);
    }
  });

  it('is 404 for any other first segment, before the page asks the API anything', async () => {
    for (const lang of ['xx', 'de', 'pt-BR', 'RU', 'english', 'zh']) {
      const api = poolsApi();
      const answer = await serve([localeRoute, aboutRoute], `/${lang}/about`, { lang }, api);
      expect([answer.status, answer.data], lang).toEqual([404, { reason: 'page-not-found' }]);
      expect(api.paths, lang).toEqual([]);
    }
    const page = await renderPage(routes, '/xx/about', { api: poolsApi(), until: 'error-page' });
    expect(textOf(page, 'error-status')).toBe('404');
    expect(textOf(page, 'error-reason')).toBe('This page could not be found');
  });

  it('shows the page under it in the prefix’s language, its links kept in that language', async () => {
    const page = await renderPage(routes, '/fa/about', { api: poolsApi(), until: 'coin-table' });
    expect(page.querySelector('h1')?.textContent).toBe('درباره OpenPool');
    expect(page.querySelector('[data-testid="coin-table"] a')?.getAttribute('href')).toBe('/fa/ltc');
    unmountPage();
    const brazilian = await renderPage(routes, '/pt-br/merge', { api: stubApi({}), until: 'merge-table' });
    expect(brazilian.querySelector('h1')?.textContent).toBe('Mineração combinada');
  });
});
