/**
 * One translator per locale, filled part by part (message-parts.ts) as pages need them.
 * Loading is async (a chunk per language and part); everything that renders reads the loaded
 * translator synchronously, so the server loads every catalogue at start-up and the browser
 * loads the page's parts before it hydrates and the next page's before it navigates.
 */
import { DEFAULT_LOCALE, getLocale, isLocaleCode, type LocaleCode } from '@openpool/domain/locales';
import { catalogueLoaders } from 'virtual:openpool-catalogues';
import { MESSAGE_PARTS, type MessagePart } from './message-parts';
import { Translator } from './translator';

const translators = new Map<LocaleCode, Translator>();
/** A part's load, by `${locale}/${part}`: shared by concurrent callers, forgotten when it fails. */
const parts = new Map<string, Promise<void>>();
/** Parts loaded, by `${locale}/${part}`. */
const loadedParts = new Set<string>();
/** Locales a `loadCatalogue` call has completed for (the site part at least): only those render. */
const ready = new Set<LocaleCode>();

function translatorFor(locale: LocaleCode): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = new Translator(locale, [getLocale(locale).iso]);
    translators.set(locale, translator);
  }
  return translator;
}

function loadPart(locale: LocaleCode, part: MessagePart): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = parts.get(key);
  if (!promise) {
    const loaders = catalogueLoaders[locale] ?? catalogueLoaders[DEFAULT_LOCALE]!;
    promise = loaders[part]().then(({ default: messages }) => {
      translatorFor(locale).load(messages);
      loadedParts.add(key);
    });
    parts.set(key, promise);
    // A failed chunk may be retried on the next navigation.
    promise.catch(() => parts.delete(key));
  }
  return promise;
}

/** Loads the parts (all of them unless named) of a locale's catalogue; the site part always. */
export async function loadCatalogue(locale: LocaleCode, needed: readonly MessagePart[] = MESSAGE_PARTS): Promise<Translator> {
  const wanted = needed.includes('site') ? needed : ['site' as const, ...needed];
  await Promise.all(wanted.map((part) => loadPart(locale, part)));
  ready.add(locale);
  return translatorFor(locale);
}

export async function loadAllCatalogues(): Promise<void> {
  await Promise.all(
    Object.keys(catalogueLoaders)
      .filter(isLocaleCode)
      .map((code) => loadCatalogue(code)),
  );
}

/** Whether a part of a locale's catalogue is in (the server has them all from its start). */
export function hasPart(locale: LocaleCode, part: MessagePart): boolean {
  return loadedParts.has(`${locale}/${part}`);
}

/** The loaded translator for a locale, else English if that is loaded, else none. */
export function getLoadedI18n(locale: LocaleCode): Translator | undefined {
  if (ready.has(locale)) return translators.get(locale);
  return ready.has(DEFAULT_LOCALE) ? translators.get(DEFAULT_LOCALE) : undefined;
}
