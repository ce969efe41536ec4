import { createContext, use, type ReactNode } from 'react';
import type en from '~/locales/en.json';
import type { MessageValues, Translator } from './translator';

export type MessageId = keyof typeof en;
export type { MessageValues };

const I18nContext = createContext<Translator | null>(null);

/** Gives the page its language's translator (root.tsx; tests wrap what they render in it). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/** `t('error.returnHome')`: every UI string goes through the catalogue by its id. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const i18n = use(I18nContext);
  return (id, values) => {
    // No catalogue could be loaded for the page: rather than show message ids, fail, so the
    // error page's guard shows its built-in English words (layout/error-page.tsx).
    if (!i18n) throw new Error(`no catalogue loaded for message ${id}`);
    return i18n._(id, values);
  };
}
