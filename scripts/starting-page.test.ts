import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../packages/domain/src/locales.ts';
import { buildEstimate, STARTING_TEXT, startingLocale, startingPage } from './starting-page.mjs';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe("npm start's starting page (decision 030)", () => {
  it('has its sentences in every language of the site: one with the seconds, one with no figure', () => {
    for (const code of LOCALE_CODES) {
      const text = (STARTING_TEXT as Record<string, [string, string, string]>)[code];
      expect(text, code).toBeDefined();
      expect(text![1], code).toContain('{n}');
      expect(text![2], code).toBeTruthy();
      expect(text![2], code).not.toMatch(/\{n\}|\d/);
    }
  });

  it('gives no figure before a build was measured, and the last build’s seconds after', () => {
    for (const kept of [undefined, '', 'garbage', '0', '-5']) expect(buildEstimate(kept), String(kept)).toBeNull();
    expect(buildEstimate('42\n')).toBe(42);
    const page = startingPage(request('/'), null);
    expect(page.html).toContain('The site is being prepared; this page refreshes by itself once it is ready.');
    expect(page.html).not.toMatch(/<p>[^<]*\d/);
    // Retry-After needs a number: how often the page asks again, not an estimate.
    expect([page.seconds, page.retryAfter]).toEqual([null, 2]);
    expect(startingPage(request('/ru/'), null).html).toContain('Сайт готовится; страница обновится сама');
    expect(startingPage(request('/'), 23).retryAfter).toBe(23);
  });

  it('speaks the language the site would: URL prefix, then cookie, then Accept-Language, then English', () => {
    expect(startingLocale('/ru/btc', 'i18n_redirected=fr', 'de')).toBe('ru');
    expect(startingLocale('/btc', 'a=1; i18n_redirected=fr', 'ru')).toBe('fr');
    expect(startingLocale('/', undefined, 'kk-KZ,en;q=0.5')).toBe('kz');
    expect(startingLocale('/', 'i18n_redirected=xx', 'ja')).toBe('en');
    expect(startingLocale(undefined, undefined, undefined)).toBe('en');
  });

  it('says how long, in the right direction, with a script its CSP hash allows', () => {
    const page = startingPage(request('/fa/', {}), 42);
    expect(page.html).toContain('<html lang="fa" dir="rtl">');
    expect(page.html).toContain('42');
    const script = /<script>(.*)<\/script>/.exec(page.html)![1]!;
    expect(page.scriptHash).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`);
    expect(startingPage(request('/'), 7).html).toContain('Ready in about 7 s');
  });
});
