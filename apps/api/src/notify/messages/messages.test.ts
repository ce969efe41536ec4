import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@openpool/domain/locales';
import { en } from './en.ts';
import { formatMessage, messagesFor, translate } from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// Words that stay the same in some languages (units, the command syntax).
const SAME_ALLOWED = new Set([
  'botStatusHashrate',
  'botStatusBalance',
  'botHours',
  'botDays',
  'txLabel',
  'offlineTitle',
  'botStatusWorkers',
]);

describe('notification texts', () => {
  it.each(LOCALE_CODES.filter((code) => code !== 'en'))(
    '%s has every text, with the placeholders of English, translated',
    (code) => {
      const messages = messagesFor(code);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const own = messages[key as keyof typeof en];
        expect(placeholders(own), `${code}.${key}`).toEqual(placeholders(text));
        if (!SAME_ALLOWED.has(key)) expect(own, `${code}.${key} is still English`).not.toBe(text);
        // The bot's command words stay as the parser reads them.
        for (const command of text.match(/\/[a-z]+/g) ?? []) expect(own, `${code}.${key}`).toContain(command);
      }
    },
  );

  it('fills placeholders and leaves unknown ones visible; an unknown locale falls back to English', () => {
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(translate('xx', 'offlineTitle', { count: 3 })).toBe('Workers offline: 3');
    expect(translate('ru', 'offlineTitle', { count: 3 })).toBe('Воркеры офлайн: 3');
  });
});
