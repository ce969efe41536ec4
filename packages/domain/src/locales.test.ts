import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALE_CODES,
  LOCALE_COOKIE,
  LOCALES,
  getLocale,
  isLocaleCode,
  localizePath,
  negotiateLocale,
  splitLocalePath,
  switchLocalePath,
  type LocaleCode,
} from './locales.ts';

const SPEC_CODES = ['en', 'ru', 'uk', 'pl', 'fr', 'id', 'ko', 'zh-cn', 'pt-br', 'es', 'fa', 'it', 'ms', 'tr', 'kz'];

const localeCode = fc.constantFrom<LocaleCode>(...LOCALE_CODES);
// Path segments that can never be a locale code: every code starts with a letter other than 'x'.
const plainSegment = fc.stringMatching(/^x[a-z0-9-]{0,10}$/);
const plainPath = fc.array(plainSegment, { minLength: 0, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);

describe('locale list', () => {
  it('has the 15 codes of the spec, in order', () => {
    expect([...LOCALE_CODES]).toEqual(SPEC_CODES);
    expect(LOCALES.map((locale) => locale.code)).toEqual(SPEC_CODES);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('labels each language by its upper-cased code, except uk as UA', () => {
    expect(Object.fromEntries(LOCALES.map((locale) => [locale.code, locale.label]))).toEqual({
      en: 'EN',
      ru: 'RU',
      uk: 'UA',
      pl: 'PL',
      fr: 'FR',
      id: 'ID',
      ko: 'KO',
      'zh-cn': 'ZH-CN',
      'pt-br': 'PT-BR',
      es: 'ES',
      fa: 'FA',
      it: 'IT',
      ms: 'MS',
      tr: 'TR',
      kz: 'KZ',
    });
  });

  it('writes fa right to left and every other language left to right', () => {
    for (const locale of LOCALES) {
      expect(locale.dir, locale.code).toBe(locale.code === 'fa' ? 'rtl' : 'ltr');
    }
  });

  it('maps URL codes to BCP 47 tags', () => {
    expect(getLocale('kz').iso).toBe('kk');
    expect(getLocale('zh-cn').iso).toBe('zh-CN');
    expect(getLocale('pt-br').iso).toBe('pt-BR');
    expect(getLocale('en').iso).toBe('en');
    expect(getLocale('uk').iso).toBe('uk');
    for (const locale of LOCALES) {
      expect(() => new Intl.Locale(locale.iso)).not.toThrow();
      expect(locale.name).toMatch(/\S/);
    }
  });

  it('names each language in itself', () => {
    expect(getLocale('en').name).toBe('English');
    expect(getLocale('ru').name).toBe('Русский');
    expect(getLocale('fa').name).toBe('فارسی');
  });

  it('isLocaleCode accepts URL codes only', () => {
    for (const code of SPEC_CODES) expect(isLocaleCode(code)).toBe(true);
    for (const value of ['', 'EN', 'de', 'kk', 'zh-CN', 'zh', 'pt', 'ua', 'toString', '__proto__']) {
      expect(isLocaleCode(value), value).toBe(false);
    }
  });
});

describe('LOCALE_COOKIE', () => {
  it('is i18n_redirected for 365 days on / with SameSite Lax', () => {
    expect(LOCALE_COOKIE).toEqual({
      name: 'i18n_redirected',
      maxAgeSeconds: 31_536_000,
      path: '/',
      sameSite: 'Lax',
    });
  });
});

describe('negotiateLocale', () => {
  it.each([
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-CA, fr;q=0.9', 'fr'],
    ['uk-UA', 'uk'],
    ['ua', 'uk'],
    ['fa-IR', 'fa'],
    ['ko-KR', 'ko'],
    ['in', 'id'],
    ['id-ID', 'id'],
    ['ms-MY', 'ms'],
    ['tr-TR', 'tr'],
    ['it-CH', 'it'],
    ['es-419', 'es'],
    ['pl', 'pl'],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('maps browser tags to our URL codes', () => {
    expect(negotiateLocale('zh-CN')).toBe('zh-cn');
    expect(negotiateLocale('zh')).toBe('zh-cn');
    expect(negotiateLocale('zh-Hans')).toBe('zh-cn');
    expect(negotiateLocale('zh-SG')).toBe('zh-cn');
    expect(negotiateLocale('zh-TW')).toBe('zh-cn'); // by primary tag
    expect(negotiateLocale('zh-Hant-TW')).toBe('zh-cn');
    expect(negotiateLocale('pt-BR')).toBe('pt-br');
    expect(negotiateLocale('pt-PT')).toBe('pt-br');
    expect(negotiateLocale('pt')).toBe('pt-br');
    expect(negotiateLocale('kk')).toBe('kz');
    expect(negotiateLocale('kk-KZ')).toBe('kz');
    expect(negotiateLocale('KZ')).toBe('kz');
  });

  it('accepts every BCP 47 tag of our locales', () => {
    for (const locale of LOCALES) {
      expect(negotiateLocale(locale.iso), locale.iso).toBe(locale.code);
      expect(negotiateLocale(locale.code), locale.code).toBe(locale.code);
    }
  });

  it('prefers the higher q-value, then the earlier entry', () => {
    expect(negotiateLocale('fr;q=0.5, ru;q=0.8')).toBe('ru');
    expect(negotiateLocale('fr, ru')).toBe('fr');
    expect(negotiateLocale('ru, fr')).toBe('ru');
    expect(negotiateLocale('fr;q=0.8, ru;q=0.8')).toBe('fr');
    expect(negotiateLocale('fr;q=0.8, ru')).toBe('ru');
    expect(negotiateLocale('de, fr;q=0.1')).toBe('fr');
    expect(negotiateLocale('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7,ru;q=0.6')).toBe('en');
    expect(negotiateLocale('ru;q=0.001, ko;q=0.002')).toBe('ko');
    expect(negotiateLocale('es;q=1.000, it;q=1')).toBe('es');
  });

  it('skips languages with q=0', () => {
    expect(negotiateLocale('ru;q=0')).toBeNull();
    expect(negotiateLocale('ru;q=0.000, fr;q=0.1')).toBe('fr');
    expect(negotiateLocale('en;q=0, *;q=0.5')).toBeNull();
  });

  it('tolerates spaces and other parameters', () => {
    expect(negotiateLocale('  ru ;q=0.9 , fr ; q=0.5')).toBe('ru');
    expect(negotiateLocale('ru;level=1')).toBe('ru');
    expect(negotiateLocale('de,,, ,ru')).toBe('ru');
  });

  it.each([null, undefined, '', ' ', ',', ';', '*', 'de', 'de-DE, ja;q=0.8', 'x-klingon', 'en_US', 'en-', '-en', '1234'])(
    'returns null for %j, which names none of our languages',
    (header) => {
      expect(negotiateLocale(header)).toBeNull();
    },
  );

  it('ignores malformed entries and q-values', () => {
    expect(negotiateLocale('fr;q=abc')).toBeNull();
    expect(negotiateLocale('fr;q=abc, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('fr;q=2, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('fr;q=1.5, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('fr;q=-1, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('fr;q=0.1234, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('fr;q=, ru;q=0.1')).toBe('ru');
    expect(negotiateLocale('<script>, ru')).toBe('ru');
    expect(negotiateLocale('ru<script>')).toBeNull();
    expect(negotiateLocale('verylongtag, ru;q=0.5')).toBe('ru');
    expect(negotiateLocale('\u0000\u0001garbage\uffff')).toBeNull();
  });

  it('returns null for huge headers rather than working through them', () => {
    expect(negotiateLocale(`ru,${'a'.repeat(100_000)}`)).toBeNull();
    expect(negotiateLocale('ru,'.repeat(10_000))).toBeNull();
  });

  it('never throws and returns null or one of our codes for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (header) => {
        const result = negotiateLocale(header);
        expect(result === null || isLocaleCode(result)).toBe(true);
      }),
    );
  });

  it('never throws on header-shaped strings and honours the highest q', () => {
    const entry = fc.record({
      tag: fc.constantFrom('en', 'ru', 'de', 'fr-CA', 'zh-TW', 'pt-PT', 'kk', 'ja', 'xx', '*'),
      q: fc.constantFrom('', ';q=1', ';q=0.9', ';q=0.5', ';q=0.1', ';q=0', ';q=abc'),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        const header = entries.map((e) => `${e.tag}${e.q}`).join(', ');
        const result = negotiateLocale(header);
        const qOf = (q: string): number => (q === '' ? 1 : q === ';q=abc' ? 0 : Number(q.slice(3)));
        const mapped: Record<string, LocaleCode | undefined> = {
          en: 'en',
          ru: 'ru',
          'fr-CA': 'fr',
          'zh-TW': 'zh-cn',
          'pt-PT': 'pt-br',
          kk: 'kz',
        };
        const usable = entries
          .map((e) => ({ locale: mapped[e.tag], q: qOf(e.q) }))
          .filter((c): c is { locale: LocaleCode; q: number } => c.locale !== undefined && c.q > 0);
        const best = usable.reduce<{ locale: LocaleCode; q: number } | null>(
          (acc, c) => (acc === null || c.q > acc.q ? c : acc),
          null,
        );
        expect(result).toBe(best?.locale ?? null);
      }),
    );
  });
});

describe('splitLocalePath', () => {
  it.each([
    ['/ru/btc', { locale: 'ru', rest: '/btc', prefixed: true }],
    ['/ru/btc/hashrate', { locale: 'ru', rest: '/btc/hashrate', prefixed: true }],
    ['/ru', { locale: 'ru', rest: '/', prefixed: true }],
    ['/ru/', { locale: 'ru', rest: '/', prefixed: true }],
    ['/en/x', { locale: 'en', rest: '/x', prefixed: true }],
    ['/en', { locale: 'en', rest: '/', prefixed: true }],
    ['/zh-cn/btc', { locale: 'zh-cn', rest: '/btc', prefixed: true }],
    ['/pt-br/ltc/miner/abc', { locale: 'pt-br', rest: '/ltc/miner/abc', prefixed: true }],
    ['/kz/btc', { locale: 'kz', rest: '/btc', prefixed: true }],
    ['/de/btc', { locale: 'en', rest: '/de/btc', prefixed: false }],
    ['/btc', { locale: 'en', rest: '/btc', prefixed: false }],
    ['/', { locale: 'en', rest: '/', prefixed: false }],
    ['', { locale: 'en', rest: '/', prefixed: false }],
    ['/RU/btc', { locale: 'en', rest: '/RU/btc', prefixed: false }],
    ['/kk/btc', { locale: 'en', rest: '/kk/btc', prefixed: false }],
    ['/zh-CN/btc', { locale: 'en', rest: '/zh-CN/btc', prefixed: false }],
    ['/russia/btc', { locale: 'en', rest: '/russia/btc', prefixed: false }],
    ['/ukraine', { locale: 'en', rest: '/ukraine', prefixed: false }],
  ])('%j -> %j', (path, expected) => {
    expect(splitLocalePath(path)).toEqual(expected);
  });
});

describe('localizePath', () => {
  it('adds no prefix for English', () => {
    expect(localizePath('/btc', 'en')).toBe('/btc');
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('btc', 'en')).toBe('/btc');
    expect(localizePath('', 'en')).toBe('/');
  });

  it('prefixes every other language', () => {
    expect(localizePath('/btc', 'ru')).toBe('/ru/btc');
    expect(localizePath('/btc/miner/abc', 'zh-cn')).toBe('/zh-cn/btc/miner/abc');
    expect(localizePath('btc', 'fa')).toBe('/fa/btc');
    expect(localizePath('/', 'ru')).toBe('/ru');
    expect(localizePath('', 'kz')).toBe('/kz');
  });

  it('round-trips with splitLocalePath', () => {
    fc.assert(
      fc.property(plainPath, localeCode, (path, locale) => {
        const localized = localizePath(path, locale);
        expect(splitLocalePath(localized)).toEqual({ locale, rest: path, prefixed: locale !== 'en' });
      }),
    );
  });
});

describe('switchLocalePath', () => {
  it.each([
    ['/ru/btc', 'fa', '/fa/btc'],
    ['/ru/btc', 'en', '/btc'],
    ['/btc', 'ru', '/ru/btc'],
    ['/btc', 'en', '/btc'],
    ['/', 'ru', '/ru'],
    ['/ru', 'en', '/'],
    ['/ru', 'uk', '/uk'],
    ['/ru/btc?x=1#top', 'fa', '/fa/btc?x=1#top'],
    ['/ru/btc?x=1&y=/ru/z#h', 'en', '/btc?x=1&y=/ru/z#h'],
    ['/btc#/ru/section', 'pl', '/pl/btc#/ru/section'],
    ['/ru?tab=1', 'en', '/?tab=1'],
    ['/?tab=1', 'ko', '/ko?tab=1'],
    ['/en/btc/blocks?page=2', 'pt-br', '/pt-br/btc/blocks?page=2'],
    ['/de/btc', 'ru', '/ru/de/btc'],
    ['?x=1', 'ru', '/ru?x=1'],
  ])('%j to %s -> %j', (path, target, expected) => {
    expect(switchLocalePath(path, target as LocaleCode)).toBe(expected);
  });

  it('keeps the rest of the path, the query and the hash for any pair of languages', () => {
    fc.assert(
      fc.property(
        plainPath,
        fc.constantFrom('', '?a=1', '?next=/ru/x&b=2', '#h', '?q=1#frag'),
        localeCode,
        localeCode,
        (path, suffix, from, to) => {
          const start = localizePath(path, from) + suffix;
          const switched = switchLocalePath(start, to);
          expect(switched).toBe(localizePath(path, to) + suffix);
          expect(switchLocalePath(switched, from)).toBe(start);
        },
      ),
    );
  });
});
