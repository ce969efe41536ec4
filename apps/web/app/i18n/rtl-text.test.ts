import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@openpool/domain/locales';

/**
 * Latin words inside right-to-left messages (decision 027). Two Latin names joined by the
 * Persian comma run together as one left-to-right piece: '(PPS+، PROP و SOLO)' read
 * 'PROP، PPS+ و SOLO' from the right, and '10M، 30M، 3H' backwards. Each name of such a list sits
 * in its own isolate (U+2068 … U+2069), so the list runs in the page's direction. A Latin word
 * that starts with a dot ('.worker', '.bat') sits in a left-to-right isolate (U+2066 … U+2069),
 * or its dot lands on the word's right ('worker.'). A Latin word that ends in a '+' ('PPS+')
 * sits in an isolate too: at the end of a message, or before Persian, the '+' took the page's
 * direction and stood on the word's left ('کارمزدهای بلاک +PPS' on the verify page).
 */
const JOINED_LATIN = /[A-Za-z0-9+%)]، [A-Za-z0-9(]/;
const DOT_LED_WORD = /(^|[^\u2066])\.[A-Za-z]+/;
const PLUS_ENDED_WORD = /[A-Za-z]\+(?!\u2069)(?![A-Za-z0-9])/;
const PERSIAN = /[\u0600-\u06FF]/;

const rtl = LOCALES.filter((locale) => locale.dir === 'rtl');

describe('right-to-left catalogues', () => {
  it('has at least one right-to-left locale to check', () => {
    expect(rtl.map((locale) => locale.code)).toContain('fa');
  });

  for (const locale of rtl) {
    it(`${locale.code}: Latin lists and dot-led words are isolated`, () => {
      const messages = JSON.parse(readFileSync(new URL(`../locales/${locale.code}.json`, import.meta.url), 'utf8')) as Record<
        string,
        string
      >;
      const joined = Object.entries(messages).filter(([, text]) => JOINED_LATIN.test(text));
      expect(joined.map(([key, text]) => `${key}: ${JOINED_LATIN.exec(text)![0]}`)).toEqual([]);
      // A URL or a file name inside a word ('shop.bitmain.com', 'a.b') is not a dot-led word.
      const dotLed = Object.entries(messages).filter(([, text]) => {
        const match = DOT_LED_WORD.exec(text);
        return match !== null && (match.index === 0 || /[\s(«]$/.test(text.slice(0, match.index + match[1]!.length)));
      });
      expect(dotLed.map(([key]) => key)).toEqual([]);
      // A message that is all Latin ('PPS+' alone) is isolated where it is placed (scheme-label.ts).
      const plusEnded = Object.entries(messages).filter(([, text]) => PERSIAN.test(text) && PLUS_ENDED_WORD.test(text));
      expect(plusEnded.map(([key]) => key)).toEqual([]);
    });
  }
});
