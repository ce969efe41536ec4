/**
 * The 15 interface languages. URL codes stay as the original site has them
 * (`kz`, `zh-cn`, `pt-br`); `iso` is the BCP 47 tag for Intl, `<html lang>` and hreflang.
 */

export const LOCALE_CODES = [
  'en',
  'ru',
  'uk',
  'pl',
  'fr',
  'id',
  'ko',
  'zh-cn',
  'pt-br',
  'es',
  'fa',
  'it',
  'ms',
  'tr',
  'kz',
] as const;

export type LocaleCode = (typeof LOCALE_CODES)[number];

export const DEFAULT_LOCALE: LocaleCode = 'en';

export interface Locale {
  code: LocaleCode;
  iso: string;
  /** The language's own name, shown in the language switch. */
  name: string;
  /** Short label in the switch: the code upper-cased, except uk, shown as UA. */
  label: string;
  dir: 'ltr' | 'rtl';
}

const ROWS: ReadonlyArray<readonly [LocaleCode, string, string]> = [
  ['en', 'en', 'English'],
  ['ru', 'ru', 'Русский'],
  ['uk', 'uk', 'Українська'],
  ['pl', 'pl', 'Polski'],
  ['fr', 'fr', 'Français'],
  ['id', 'id', 'Bahasa Indonesia'],
  ['ko', 'ko', '한국어'],
  ['zh-cn', 'zh-CN', '简体中文'],
  ['pt-br', 'pt-BR', 'Português (Brasil)'],
  ['es', 'es', 'Español'],
  ['fa', 'fa', 'فارسی'],
  ['it', 'it', 'Italiano'],
  ['ms', 'ms', 'Bahasa Melayu'],
  ['tr', 'tr', 'Türkçe'],
  ['kz', 'kk', 'Қазақша'],
];

export const LOCALES: readonly Locale[] = ROWS.map(([code, iso, name]) => ({
  code,
  iso,
  name,
  label: code === 'uk' ? 'UA' : code.toUpperCase(),
  dir: code === 'fa' ? 'rtl' : 'ltr',
}));

const BY_CODE = new Map<string, Locale>(LOCALES.map((locale) => [locale.code, locale]));

export function isLocaleCode(value: string): value is LocaleCode {
  return BY_CODE.has(value);
}

export function getLocale(code: LocaleCode): Locale {
  return BY_CODE.get(code)!;
}

/** The cookie that remembers a chosen language (its name is the one the original Nuxt site gave it). */
export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: '/',
  sameSite: 'Lax',
} as const;

// Browser tags that name our languages differently from our URL codes.
const TAG_ALIASES: Readonly<Record<string, LocaleCode>> = {
  kk: 'kz',
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  pt: 'pt-br',
  ua: 'uk',
  in: 'id',
};

function localeForTag(tag: string): LocaleCode | null {
  const lower = tag.toLowerCase();
  if (isLocaleCode(lower)) return lower;
  if (lower in TAG_ALIASES) return TAG_ALIASES[lower]!;
  const primary = lower.split('-')[0] ?? '';
  if (isLocaleCode(primary)) return primary;
  return TAG_ALIASES[primary] ?? null;
}

/**
 * Best of our languages for an Accept-Language header, by q-value then order; null when the
 * header names none of them or is malformed beyond use. Not Negotiator (tried): our
 * codes are not all browser tags, and a language is found by its primary tag through the
 * aliases (`pt-PT` is pt-br, `zh-TW` is zh-cn, `kk-KZ` is kz), which its matching does not do.
 */
export function negotiateLocale(header: string | null | undefined): LocaleCode | null {
  if (!header || header.length > 1000) return null;
  const candidates: Array<{ locale: LocaleCode; q: number; order: number }> = [];
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...params] = part.trim().split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    const locale = localeForTag(tag);
    if (locale && q > 0) candidates.push({ locale, q, order });
  });
  candidates.sort((a, b) => b.q - a.q || a.order - b.order);
  return candidates[0]?.locale ?? null;
}

/** Splits `/ru/btc/hashrate` into its locale and the path that follows it. */
export function splitLocalePath(pathname: string): { locale: LocaleCode; rest: string; prefixed: boolean } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocaleCode(first)) {
    return { locale: first, rest: match?.[2] ?? '/', prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname || '/', prefixed: false };
}

/** Adds the locale prefix to an internal path; English has none. */
export function localizePath(path: string, locale: LocaleCode): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return normalised;
  return normalised === '/' ? `/${locale}` : `/${locale}${normalised}`;
}

/** The same page in another language: `/ru/btc` -> `/fa/btc`, keeping query and hash. */
export function switchLocalePath(pathWithQuery: string, target: LocaleCode): string {
  const [pathname = '/', suffix = ''] = /^([^?#]*)(.*)$/.exec(pathWithQuery)?.slice(1) ?? [];
  const { rest } = splitLocalePath(pathname);
  return localizePath(rest, target) + suffix;
}
