import { useLingui } from '@lingui/react';
import type en from '~/locales/en.json';

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

/** `t('error.returnHome')`: every UI string goes through the catalogue by its id. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n } = useLingui();
  return (id, values) => i18n._(id, values);
}
