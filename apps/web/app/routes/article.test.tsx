// @vitest-environment happy-dom
/**
 * `/articles/{slug}` on its real loader and component (route-kit.tsx): the article with the
 * pool's own figures filled in, breadcrumbs and related articles; its title, description,
 * OpenGraph type and JSON-LD for search engines; English standing in (and saying so) where a
 * language has no translation; 404 for a slug with no article. No API is called.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_URL, description, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as articleRoute from './article';
import * as localeRoute from './locale';

afterEach(unmountPage);

const routes = [route('articles/:slug', articleRoute), route(':lang', localeRoute, [route('articles/:slug', articleRoute)])];
const open = (url: string, until = 'article-body') => renderPage(routes, url, { api: stubApi({}), until });
const meta = (property: string) => document.head.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as { '@type': string },
  );

describe('article route', () => {
  it('shows the article with the pool’s own fees filled in, breadcrumbs and related articles', async () => {
    const page = await open('/articles/reward-schemes');
    expect(page.querySelector('article h1')?.textContent).toBe('Reward schemes - PPS+, PROP and SOLO');
    expect(page.querySelector('article p')?.textContent).toBe('Updated November 22, 2026');
    const body = textOf(page, 'article-body')!;
    expect(body).toContain('so the fee is the highest: 2% on most coins');
    expect(body).not.toContain('{{');
    expect([...page.querySelectorAll('[data-testid="breadcrumbs"] a')].map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/articles',
    ]);
    expect([...page.querySelectorAll('[data-testid="related"] a')].map((a) => a.getAttribute('href'))).toEqual([
      '/articles/effort-and-luck',
      '/articles/payout-rules',
      '/articles/pool-fees',
    ]);
    expect(page.querySelector('[data-testid="not-translated"]')).toBeNull();
  });

  it('titles and describes the page as an article, with its JSON-LD', async () => {
    await open('/articles/reward-schemes');
    expect(document.title).toBe('Reward schemes - PPS+, PROP and SOLO · OpenPool');
    expect(description()).toBe(
      'How each reward scheme pays, what it costs, and which one suits steady income, lower fees or the whole block.',
    );
    expect(meta('og:type')).toBe('article');
    expect(meta('og:url')).toBe(`${SITE_URL}/articles/reward-schemes`);
    expect(jsonLd().map((entry) => entry['@type'])).toEqual(['Article', 'BreadcrumbList']);
    // Alternates only in the languages the article exists in.
    const answer = await serve([articleRoute], '/articles/reward-schemes', { slug: 'reward-schemes' }, stubApi({}));
    expect((answer.data as { seo: { alternates: string[] } }).seo.alternates.sort()).toEqual(['en', 'ru', 'uk']);
  });

  it('adds the questions to the FAQ’s JSON-LD', async () => {
    await open('/articles/faq');
    expect(jsonLd().map((entry) => entry['@type'])).toEqual(['Article', 'BreadcrumbList', 'FAQPage']);
  });

  it('shows a translation in its language, and English with a note where there is none', async () => {
    const russian = await open('/ru/articles/reward-schemes');
    expect(russian.querySelector('article h1')?.textContent).toBe('Схемы вознаграждения — PPS+, PROP и SOLO');
    expect(russian.querySelector('[data-testid="not-translated"]')).toBeNull();
    unmountPage();
    const persian = await open('/fa/articles/reward-schemes');
    expect(persian.querySelector('article h1')?.textContent).toBe('Reward schemes - PPS+, PROP and SOLO');
    expect(persian.querySelector('article')?.getAttribute('lang')).toBe('en');
    expect(persian.querySelector('article')?.getAttribute('dir')).toBe('ltr');
    expect(textOf(persian, 'not-translated')).toBe('هنوز ترجمه نشده است: این مقاله به انگلیسی نمایش داده می‌شود.');
    // The page's own words inside the English article run right to left, or the note's full stop led it.
    expect(persian.querySelector('[data-testid="not-translated"]')?.getAttribute('dir')).toBe('rtl');
    expect(persian.querySelector('article h1 + p')?.getAttribute('dir')).toBe('rtl');
    expect(persian.querySelector('[data-testid="breadcrumbs"] a[href="/fa/articles"]')).not.toBeNull();
    unmountPage();
    // A left-to-right page too: its 'updated' line is in the page's language, not the article's.
    const french = await open('/fr/articles/reward-schemes');
    expect(french.querySelector('article')?.getAttribute('lang')).toBe('en');
    expect(french.querySelector('article h1 + p')?.getAttribute('lang')).toBe('fr');
    expect(french.querySelector('article h1 + p')?.hasAttribute('dir')).toBe(false);
  });

  it('is 404 for a slug with no article, a support article in a language without one, or a bad slug', async () => {
    for (const slug of ['no-such-article', 'get-support-de', 'Reward_Schemes', '..']) {
      const answer = await serve([articleRoute], `/articles/${slug}`, { slug }, stubApi({}));
      expect([answer.status, answer.data], slug).toEqual([404, { reason: 'page-not-found' }]);
    }
    const page = await open('/articles/no-such-article', 'error-page');
    expect(textOf(page, 'error-status')).toBe('404');
    expect(textOf(page, 'error-reason')).toBe('This page could not be found');
    expect(document.title).toBe('404 · Page not found');
  });

  it('shows a support article in its own language whatever the page’s', async () => {
    const page = await open('/fa/articles/get-support-ru');
    expect(page.querySelector('article')?.getAttribute('lang')).toBe('ru');
    expect(page.querySelector('[data-testid="not-translated"]')).toBeNull();
  });
});
