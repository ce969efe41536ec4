import { describe, expect, it } from 'vitest';
import { detectRootLocale, redirectRootToDetectedLocale } from './detect-locale.server';

function request(path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, 'https://openpool.example'), { headers });
}

function thrownBy(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('detectRootLocale', () => {
  it('is English with neither cookie nor Accept-Language', () => {
    expect(detectRootLocale(request('/'))).toBe('en');
  });

  it('takes the saved cookie over Accept-Language', () => {
    expect(detectRootLocale(request('/', { cookie: 'i18n_redirected=ru', 'accept-language': 'fr-FR,fr;q=0.9' }))).toBe('ru');
    expect(detectRootLocale(request('/', { cookie: 'a=1; i18n_redirected=en', 'accept-language': 'ru' }))).toBe('en');
  });

  it('uses Accept-Language without a cookie', () => {
    expect(detectRootLocale(request('/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }))).toBe('fr');
    expect(detectRootLocale(request('/', { 'accept-language': 'zh-CN,zh;q=0.9' }))).toBe('zh-cn');
  });

  it('ignores a cookie value that is not a locale', () => {
    expect(detectRootLocale(request('/', { cookie: 'i18n_redirected=xx', 'accept-language': 'pl' }))).toBe('pl');
    expect(detectRootLocale(request('/', { cookie: 'i18n_redirected=RU', 'accept-language': 'pl' }))).toBe('pl');
    expect(detectRootLocale(request('/', { cookie: 'i18n_redirected=%zz', 'accept-language': 'pl' }))).toBe('pl');
    expect(detectRootLocale(request('/', { cookie: 'i18n_redirected=xx' }))).toBe('en');
  });

  it('falls back to English for a malformed or unknown Accept-Language', () => {
    expect(detectRootLocale(request('/', { 'accept-language': ';;;@@@,,==' }))).toBe('en');
    expect(detectRootLocale(request('/', { 'accept-language': 'de-DE,de;q=0.9' }))).toBe('en');
    expect(detectRootLocale(request('/', { 'accept-language': 'ru;q=0' }))).toBe('en');
  });
});

describe('redirectRootToDetectedLocale', () => {
  it('redirects / to the detected language with 302, remembering it', () => {
    const thrown = thrownBy(() => redirectRootToDetectedLocale(request('/', { 'accept-language': 'ru-RU,ru;q=0.9' })));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/ru');
    expect(response.headers.get('Set-Cookie')).toBe('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(response.headers.get('Vary')).toBe('Cookie, Accept-Language');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('keeps the query string', () => {
    const response = thrownBy(() =>
      redirectRootToDetectedLocale(request('/?ref=abc&utm_source=x', { cookie: 'i18n_redirected=ru' })),
    ) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/ru?ref=abc&utm_source=x');
  });

  it('redirects by the saved cookie', () => {
    const response = thrownBy(() =>
      redirectRootToDetectedLocale(request('/', { cookie: 'i18n_redirected=pt-br', 'accept-language': 'en' })),
    ) as Response;
    expect(response.headers.get('Location')).toBe('/pt-br');
    expect(response.headers.get('Set-Cookie')).toBe('i18n_redirected=pt-br; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('does nothing when the detected language is English', () => {
    expect(redirectRootToDetectedLocale(request('/'))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/', { 'accept-language': 'en-US,en;q=0.9' }))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/', { cookie: 'i18n_redirected=en', 'accept-language': 'ru' }))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/?ref=1', { 'accept-language': 'de' }))).toBeUndefined();
  });

  it('does nothing off the root path', () => {
    const ru = { cookie: 'i18n_redirected=ru', 'accept-language': 'ru' };
    expect(redirectRootToDetectedLocale(request('/btc', ru))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/ru', ru))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/fr/', ru))).toBeUndefined();
    expect(redirectRootToDetectedLocale(request('/about?x=1', ru))).toBeUndefined();
  });
});
