/**
 * The notification texts of every locale. They live in the API (decision record 012): mails
 * and bot replies are written by the server, and the confirm and unsubscribe pages are served
 * by it, so the web app's catalogue never needs to ship them to browsers.
 */
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from '@openpool/domain/locales';
import { en } from './en.ts';
import { ru } from './ru.ts';
import { uk } from './uk.ts';
import { pl } from './pl.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { ko } from './ko.ts';
import { zhcn } from './zh-cn.ts';
import { ptbr } from './pt-br.ts';
import { es } from './es.ts';
import { fa } from './fa.ts';
import { it } from './it.ts';
import { ms } from './ms.ts';
import { tr } from './tr.ts';
import { kz } from './kz.ts';

import type { NotifyMessages } from './types.ts';

export type { NotifyMessages } from './types.ts';
export type MessageKey = keyof NotifyMessages;

const CATALOGUE: Record<LocaleCode, NotifyMessages> = {
  en,
  ru,
  uk,
  pl,
  fr,
  id,
  ko,
  'zh-cn': zhcn,
  'pt-br': ptbr,
  es,
  fa,
  it,
  ms,
  tr,
  kz,
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
