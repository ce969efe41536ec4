/**
 * One Lingui instance per locale, created when its catalogue has loaded. Loading is async
 * (a chunk per locale); everything that renders reads the loaded instance synchronously, so
 * the server loads every catalogue at start-up and the browser loads the page's before it
 * hydrates and the next page's before it navigates.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, getLocale, isLocaleCode, type LocaleCode } from '@openpool/domain/locales';
import { catalogueLoaders } from 'virtual:openpool-catalogues';

const loaded = new Map<LocaleCode, I18n>();
const pending = new Map<LocaleCode, Promise<I18n>>();

export function loadCatalogue(locale: LocaleCode): Promise<I18n> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    const loader = catalogueLoaders[locale] ?? catalogueLoaders[DEFAULT_LOCALE]!;
    promise = loader().then(({ default: messages }) => {
      const i18n = setupI18n({ locale, locales: [getLocale(locale).iso], messages: { [locale]: messages } });
      loaded.set(locale, i18n);
      pending.delete(locale);
      return i18n;
    });
    pending.set(locale, promise);
    // A failed chunk may be retried on the next navigation.
    promise.catch(() => pending.delete(locale));
  }
  return promise;
}

export async function loadAllCatalogues(): Promise<void> {
  await Promise.all(Object.keys(catalogueLoaders).filter(isLocaleCode).map(loadCatalogue));
}

/** The loaded instance for a locale, else English if that is loaded, else none. */
export function getLoadedI18n(locale: LocaleCode): I18n | undefined {
  return loaded.get(locale) ?? loaded.get(DEFAULT_LOCALE);
}
