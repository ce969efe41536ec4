import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../packages/domain/src/locales.ts';
import { STARTING_TEXT, startingLocale, startingPage } from './starting-page.mjs';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe("npm start's starting page (decision 030)", () => {
  it('has its two sentences in every language of the site, each with the seconds', () => {
    for (const code of LOCALE_CODES) {
      const text = (STARTING_TEXT as Record<string, [string, string]>)[code];
      expect(text, code).toBeDefined();
      expect(text![1], code).toContain('{n}');
    }
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
