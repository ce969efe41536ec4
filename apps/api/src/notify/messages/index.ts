/**
 * The notification texts of every locale. They live in the API (decision record 012): mails
 * and bot replies are written by the server, and the confirm and unsubscribe pages are served
 * by it, so the web app's catalogue never needs to ship them to browsers.
 */
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from '@openpool/domain/locales';
import { en } from './en.ts';

export type NotifyMessages = Record<keyof typeof en, string>;
export type MessageKey = keyof NotifyMessages;

const CATALOGUE: Record<LocaleCode, NotifyMessages> = {
  en,
  ru: en,
  uk: en,
  pl: en,
  fr: en,
  id: en,
  ko: en,
  'zh-cn': en,
  'pt-br': en,
  es: en,
  fa: en,
  it: en,
  ms: en,
  tr: en,
  kz: en,
};

export function messagesFor(locale: string): NotifyMessages {
  return CATALOGUE[isLocaleCode(locale) ? locale : DEFAULT_LOCALE];
}

/** Fills `{name}` placeholders; an unknown name stays as written, so a missing value shows. */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([a-zA-Z0-9]+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

export function translate(locale: string, key: MessageKey, values?: Readonly<Record<string, string | number>>): string {
  return formatMessage(messagesFor(locale)[key], values);
}
