import { existsSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_CODES } from '@openpool/domain/locales';
import type * as Catalogues from './catalogues';

type CataloguesModule = typeof Catalogues;

/** A fresh copy of the module, so each test starts with nothing loaded. */
async function freshModule(): Promise<CataloguesModule> {
  vi.resetModules();
  return import('./catalogues');
}

function catalogueText(code: string, key: string): string | undefined {
  const file = new URL(`../locales/${code}.json`, import.meta.url);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | undefined>)[key];
}

let catalogues: CataloguesModule;

beforeEach(async () => {
  catalogues = await freshModule();
});

describe('loadCatalogue', () => {
  it('gives Persian the page-not-found text, English where Persian lacks it', async () => {
    const i18n = await catalogues.loadCatalogue('fa');
    expect(i18n.locale).toBe('fa');
    const expected = catalogueText('fa', 'error.pageNotFound') ?? catalogueText('en', 'error.pageNotFound');
    expect(expected).toBeTruthy();
    expect(i18n._('error.pageNotFound')).toBe(expected);
    expect(i18n._('error.pageNotFound')).not.toBe('error.pageNotFound');
  });

  it('formats English messages, placeholders and plurals', async () => {
    const i18n = await catalogues.loadCatalogue('en');
    expect(i18n.locale).toBe('en');
    expect(i18n._('error.pageNotFound')).toBe('Page not found');
    expect(i18n._('error.title', { status: 404 })).toBe('Error 404');
    expect(i18n._('page.home.intro', { count: 1 })).toBe('Pool statistics for every coin we mine: 1 coin.');
    expect(i18n._('page.home.intro', { count: 2 })).toBe('Pool statistics for every coin we mine: 2 coins.');
    expect(i18n._('page.home.intro', { count: 25 })).toBe('Pool statistics for every coin we mine: 25 coins.');
  });

  it('says one period, not "1 periods", on the Verify page', async () => {
    const i18n = await catalogues.loadCatalogue('en');
    expect(i18n._('verify.agree', { count: 1 })).toMatch(/^All agree: 1 period checked;/);
    expect(i18n._('verify.agree', { count: 3 })).toMatch(/^All agree: 3 periods checked;/);
    const fr = await catalogues.loadCatalogue('fr');
    expect(fr._('verify.agree', { count: 1 })).toContain('1 période vérifiée');
  });

  it('sets up the locale with its BCP 47 tag', async () => {
    const i18n = await catalogues.loadCatalogue('zh-cn');
    expect(i18n.locale).toBe('zh-cn');
    expect(i18n.locales).toEqual(['zh-CN']);
  });

  it('shares one translator between concurrent callers and returns it later', async () => {
    const [first, second] = await Promise.all([catalogues.loadCatalogue('it'), catalogues.loadCatalogue('it')]);
    expect(second).toBe(first);
    await expect(catalogues.loadCatalogue('it')).resolves.toBe(first);
  });

  it('makes a separate instance per locale', async () => {
    const [en, ru] = await Promise.all([catalogues.loadCatalogue('en'), catalogues.loadCatalogue('ru')]);
    expect(ru).not.toBe(en);
    expect(ru.locale).toBe('ru');
    expect(en.locale).toBe('en');
  });
});

describe('parts', () => {
  it('loads only the parts asked for, the site part always, and adds the others later', async () => {
    const i18n = await catalogues.loadCatalogue('en', ['coin']);
    expect(i18n._('error.pageNotFound')).toBe('Page not found');
    expect(i18n._('pool.servers.title')).not.toBe('pool.servers.title');
    expect(i18n.has('miner.workers.title')).toBe(false);
    await catalogues.loadCatalogue('en', ['miner']);
    expect(i18n.has('miner.workers.title')).toBe(true);
    expect(i18n.has('settings.threshold')).toBe(false);
    await catalogues.loadCatalogue('en', ['account']);
    expect(i18n.has('settings.threshold')).toBe(true);
  });
});

describe('getLoadedI18n', () => {
  it('has nothing before any catalogue has loaded', () => {
    expect(catalogues.getLoadedI18n('en')).toBeUndefined();
    expect(catalogues.getLoadedI18n('ru')).toBeUndefined();
  });

  it('has nothing for a locale while its load is pending', () => {
    const pending = catalogues.loadCatalogue('ru');
    expect(catalogues.getLoadedI18n('ru')).toBeUndefined();
    return pending;
  });

  it('falls back to English for an unloaded locale once English is loaded', async () => {
    const en = await catalogues.loadCatalogue('en');
    expect(catalogues.getLoadedI18n('en')).toBe(en);
    expect(catalogues.getLoadedI18n('ru')).toBe(en);
  });

  it('does not fall back from an unloaded locale to another loaded one', async () => {
    await catalogues.loadCatalogue('fr');
    expect(catalogues.getLoadedI18n('ru')).toBeUndefined();
  });

  it('returns the locale once it is loaded', async () => {
    await catalogues.loadCatalogue('en');
    const ru = await catalogues.loadCatalogue('ru');
    expect(catalogues.getLoadedI18n('ru')).toBe(ru);
  });
});

describe('the minimum-value message (not "This field field must be 0.001 or more")', () => {
  it.each(LOCALE_CODES)('%s names the minimum and repeats no word', async (code) => {
    const i18n = await catalogues.loadCatalogue(code, ['miner']);
    const text = i18n._('validation.min_value', { min: '0.001' });
    expect(text).not.toBe('validation.min_value');
    expect(text).toContain('0.001');
    // The same word twice in a row, in any script.
    expect(text).not.toMatch(/(?<![\p{L}\p{N}])([\p{L}\p{N}]+)\s+\1(?![\p{L}\p{N}])/iu);
    if (code === 'en') expect(text).toBe('This field must be 0.001 or more.');
  });
});

describe('loadAllCatalogues', () => {
  it('loads every catalogue file, English included', async () => {
    const { catalogueLoaders } = await import('virtual:openpool-catalogues');
    await catalogues.loadAllCatalogues();
    expect(Object.keys(catalogueLoaders)).toContain('en');
    for (const code of Object.keys(catalogueLoaders)) {
      expect(catalogues.getLoadedI18n(code as 'en')?.locale, code).toBe(code);
    }
  });
});

describe('a failed catalogue chunk', () => {
  it('is loaded again on the next call', async () => {
    let calls = 0;
    vi.doMock('virtual:openpool-catalogues', () => ({
      catalogueLoaders: {
        en: {
          site: () => {
            calls += 1;
            return calls === 1
              ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
              : Promise.resolve({ default: { hello: ['Hello'] } });
          },
          pages: () => Promise.resolve({ default: { 'kb.x': ['Article'] } }),
          hardware: () => Promise.resolve({ default: { 'hw.x': ['Device'] } }),
          layout: () => Promise.resolve({ default: { 'tabs.x': ['Tab'] } }),
          coin: () => Promise.resolve({ default: { 'pool.x': ['Pool'] } }),
          miner: () => Promise.resolve({ default: { 'miner.x': ['Miner'] } }),
          extra: () => Promise.resolve({ default: { 'apiPage.x': ['API'] } }),
          account: () => Promise.resolve({ default: { 'settings.x': ['Settings'] } }),
          guide: () => Promise.resolve({ default: { 'guide.x': ['Guide'] } }),
          panel: () => Promise.resolve({ default: { 'best.x': ['Best'] } }),
          device: () => Promise.resolve({ default: { 'hw.spec.x': ['Spec'] } }),
          calc: () => Promise.resolve({ default: { 'calc.x': ['Calc'] } }),
          head: () => Promise.resolve({ default: { 'meta.x': ['Head'] } }),
        },
      },
    }));
    try {
      const mocked = await freshModule();
      await expect(mocked.loadCatalogue('en')).rejects.toThrow('Failed to fetch dynamically imported module');
      expect(mocked.getLoadedI18n('en')).toBeUndefined();
      const i18n = await mocked.loadCatalogue('en', ['site']);
      expect(i18n._('hello')).toBe('Hello');
      expect(calls).toBe(2);
    } finally {
      vi.doUnmock('virtual:openpool-catalogues');
    }
  });
});
