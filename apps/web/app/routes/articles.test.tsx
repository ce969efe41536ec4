// @vitest-environment happy-dom
/**
 * `/articles` on its real loader and component (route-kit.tsx): the knowledge base by category
 * in the page's language (English standing in, marked so), the support article of that language,
 * search with the query in the URL, and the page's title and description. The articles are
 * built into the app (content/articles): the page calls no API and so has no outage to show.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { description, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as articlesRoute from './articles';
import * as localeRoute from './locale';

afterEach(unmountPage);

const routes = [route('articles', articlesRoute), route(':lang', localeRoute, [route('articles', articlesRoute)])];
const categories = (page: HTMLElement) =>
  [...page.querySelectorAll('[data-testid^="kb-"]')].map((group) => group.getAttribute('data-testid'));
const titlesIn = (page: HTMLElement, testId: string) =>
  [...page.querySelectorAll(`[data-testid="${testId}"] li a`)].map((a) => a.textContent);

describe('articles route', () => {
  it('lists every article by category, each linked, with the support article apart', async () => {
    const api = stubApi({});
    const page = await renderPage(routes, '/articles', { api, until: 'kb-faq' });
    expect(page.querySelector('h1')?.textContent).toBe('Knowledge Base');
    expect(categories(page)).toEqual(['kb-faq', 'kb-connection', 'kb-mining', 'kb-hardware', 'kb-payouts', 'kb-security']);
    expect(titlesIn(page, 'kb-faq')).toEqual(['Frequently asked questions']);
    expect(titlesIn(page, 'kb-security')).toEqual([
      'How settings are protected without an account',
      'Keeping your wallet safe',
      'Recognising phishing',
    ]);
    expect(page.querySelector('a[href="/articles/reward-schemes"]')?.textContent).toBe('Reward schemes - PPS+, PROP and SOLO');
    expect(page.querySelector('[data-testid="support-link"]')?.getAttribute('href')).toBe('/articles/get-support-en');
    expect(page.textContent).not.toContain('(in English)');
    expect(api.paths).toEqual([]);
  });

  it('titles and describes the page for search engines', async () => {
    await renderPage(routes, '/articles', { api: stubApi({}), until: 'kb-faq' });
    expect(document.title).toBe('Knowledge Base · OpenPool');
    expect(description()).toBe('Answers about mining with OpenPool: connecting, payouts, reward schemes, hardware and security.');
  });

  it('finds articles by the words of the query, and says Nothing found when none has them all', async () => {
    const page = await renderPage(routes, '/articles?q=phishing', { api: stubApi({}), until: 'article-search' });
    expect(page.querySelector('h2')?.textContent).toBe('Results for “phishing”');
    expect([...page.querySelectorAll('li a')][0]?.textContent).toBe('Recognising phishing');
    expect(page.querySelector('[data-testid="kb-faq"]')).toBeNull();
    expect(page.querySelector<HTMLInputElement>('input[name="q"]')?.value).toBe('phishing');
    unmountPage();
    const none = await renderPage(routes, '/articles?q=zzqx+phishing', { api: stubApi({}), until: 'nothing-found' });
    expect(textOf(none, 'nothing-found')).toBe('Nothing found');
    expect(none.querySelector('a[href="/articles"]')?.textContent).toBe('All articles');
  });

  it('keeps a query to 100 characters, trimmed', async () => {
    const long = `  ${'a'.repeat(150)}  `;
    const answer = await serve([articlesRoute], `/articles?q=${encodeURIComponent(long)}`, {}, stubApi({}));
    expect((answer.data as { query: string }).query).toBe('a'.repeat(100));
  });

  it('in Russian: translated titles, the Russian support article, the Russian title', async () => {
    const page = await renderPage(routes, '/ru/articles', { api: stubApi({}), until: 'kb-faq' });
    expect(page.querySelector('h1')?.textContent).toBe('База знаний');
    expect(page.querySelector('a[href="/ru/articles/reward-schemes"]')?.textContent).toBe(
      'Схемы вознаграждения — PPS+, PROP и SOLO',
    );
    expect(page.querySelector('[data-testid="support-link"]')?.getAttribute('href')).toBe('/ru/articles/get-support-ru');
    expect(document.title).toBe('База знаний · OpenPool');
  });

  it('in Persian: English stands in where no translation exists, and says so', async () => {
    const page = await renderPage(routes, '/fa/articles', { api: stubApi({}), until: 'kb-mining' });
    const english = page.querySelector('a[href="/fa/articles/reward-schemes"]');
    expect(english?.textContent).toBe('Reward schemes - PPS+, PROP and SOLO');
    expect(english?.getAttribute('lang')).toBe('en');
    expect(english?.nextElementSibling?.textContent).toBe('(به انگلیسی)');
    expect(page.querySelector('a[href="/fa/articles/faq"]')?.getAttribute('lang')).toBeNull();
    expect(page.querySelector('[data-testid="support-link"]')?.getAttribute('href')).toBe('/fa/articles/get-support-en');
  });
});
