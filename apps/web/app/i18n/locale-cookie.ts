import { LOCALE_COOKIE, type LocaleCode } from '@openpool/domain/locales';

/** `i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax` (`LOCALE_COOKIE`). */
export function localeCookie(locale: LocaleCode): string {
  return `${LOCALE_COOKIE.name}=${locale}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; Path=${LOCALE_COOKIE.path}; SameSite=${LOCALE_COOKIE.sameSite}`;
}
