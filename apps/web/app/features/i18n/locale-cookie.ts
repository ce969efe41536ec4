import { LOCALE_COOKIE, type LocaleCode } from '@openpool/domain/locales';

/** `i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax` (spec section 9). */
export function localeCookie(locale: LocaleCode): string {
  return `${LOCALE_COOKIE.name}=${locale}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; Path=${LOCALE_COOKIE.path}; SameSite=${LOCALE_COOKIE.sameSite}`;
}

/** Reads one cookie from a Cookie header; a malformed header yields nothing. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}
