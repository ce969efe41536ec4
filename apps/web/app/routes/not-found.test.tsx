// @vitest-environment happy-dom
/**
 * The catch-all route (routes.ts: `*`) on its real loader: any path no page matches is the
 * error page's 404 'This page could not be found', in the visitor's language, with the way home.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as aboutRoute from './about';
import * as localeRoute from './locale';
import * as notFoundRoute from './not-found';

afterEach(unmountPage);

const routes = [route('about', aboutRoute), route(':lang', localeRoute, [route('about', aboutRoute)]), route('*', notFoundRoute)];

describe('not-found route', () => {
  it('answers 404 with the reason page-not-found, whatever the path', async () => {
    for (const path of ['/no-such-page', '/articles/x/y/z', '/ltc/miner/what']) {
      const answer = await serve([notFoundRoute], path, {}, stubApi({}));
      expect(answer.status, path).toBe(404);
      expect(answer.data, path).toEqual({ reason: 'page-not-found' });
    }
  });

  it('shows 404, Page not found and the way home, and titles the page so', async () => {
    const page = await renderPage(routes, '/no-such-page', { api: stubApi({}), until: 'error-page' });
    expect(textOf(page, 'error-status')).toBe('404');
    expect(page.querySelector('[data-testid="error-page"] h1')?.textContent).toBe('Page not found');
    expect(textOf(page, 'error-reason')).toBe('This page could not be found');
    expect(page.querySelector('[data-testid="error-page"] a')?.getAttribute('href')).toBe('/');
    expect(document.title).toBe('404 · Page not found');
  });

  it('says it in the language of the prefix, with the way to that language’s home', async () => {
    const page = await renderPage(routes, '/ru/no-such-page', { api: stubApi({}), until: 'error-page' });
    expect(textOf(page, 'error-status')).toBe('404');
    expect(page.querySelector('[data-testid="error-page"] h1')?.textContent).toBe('Страница не найдена');
    expect(page.querySelector('[data-testid="error-page"] a')?.getAttribute('href')).toBe('/ru');
  });

  it('leaves a page that exists alone', async () => {
    const page = await renderPage(routes, '/about', { api: stubApi({}), until: 'live-unavailable' });
    expect(page.querySelector('[data-testid="error-page"]')).toBeNull();
  });
});
