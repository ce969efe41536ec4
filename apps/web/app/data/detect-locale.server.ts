/**
 * Language detection, on the root path only (decision 003): the saved cookie, else the
 * browser's Accept-Language, else English. A prefixed path never redirects.
 */
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  isLocaleCode,
  localizePath,
  negotiateLocale,
  type LocaleCode,
} from '@openpool/domain/locales';
import { redirect } from 'react-router';
import { readCookie } from '~/platform/cookies';
import { localeCookie } from '~/i18n/locale-cookie';

export function detectRootLocale(request: Request): LocaleCode {
  return rootLocaleOf(request.headers.get('cookie'), request.headers.get('accept-language'));
}

/**
 * The detection from the two headers. The page cache asks this same function whether `/`
 * is English for a visitor (it once parsed the cookie its own way, so a percent-encoded
 * `i18n_redirected` got a language that depended on the cache's state).
 */
export function rootLocaleOf(cookieHeader: string | null, acceptLanguage: string | null): LocaleCode {
  const saved = readCookie(cookieHeader, LOCALE_COOKIE.name);
  if (saved && isLocaleCode(saved)) return saved;
  return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** On `/`: redirects to the detected language's home, remembering it; English stays. */
export function redirectRootToDetectedLocale(request: Request): void {
  const url = new URL(request.url);
  if (url.pathname !== '/') return;
  const locale = detectRootLocale(request);
  if (locale === DEFAULT_LOCALE) return;
  throw redirect(localizePath('/', locale) + url.search, {
    headers: { 'Set-Cookie': localeCookie(locale), Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-store' },
  });
}
