/**
 * Renders the messages our build compiled (vite-plugins/compiled-catalogs.ts, with Lingui's ICU
 * compiler): plain text, `{name}` arguments and `{n, plural, ...}` with `#`. That is all the
 * catalogues use, and the build refuses any other ICU format, so the browser needs no i18n library
 * (decision record 006).
 */
import { formatNumber } from '@openpool/domain/format';
import { pluralRules } from '@openpool/domain/intl';
import { isLocaleCode, getLocale } from '@openpool/domain/locales';
export type CompiledToken = string | readonly [name: string] | readonly [name: string, 'plural', PluralCases];
export type CompiledMessage = readonly CompiledToken[];
/** Plural categories (`one`, `few`, `other`...) and exact values (`0` for `=0`) to their text. */
export type PluralCases = Readonly<Record<string, CompiledMessage | undefined>>;
export type Messages = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number>;

/** First strong isolate and pop directional isolate (Unicode bidi). */
const FSI = '\u2068';
const PDI = '\u2069';
const HAS_DIGIT = /\d/;

export class Translator {
  private readonly messages: Messages = {};
  /** Right-to-left text (fa): a figure inside a sentence keeps its own direction (decision 002, addendum). */
  private readonly rtl: boolean;
  readonly locale: string;
  readonly locales: readonly string[];

  /** `locale` is the site's code (`zh-cn`), `locales` the BCP 47 tags Intl uses (`zh-CN`). */
  constructor(locale: string, locales: readonly string[]) {
    this.locale = locale;
    this.locales = locales;
    this.rtl = isLocaleCode(locale) && getLocale(locale).dir === 'rtl';
  }

  /**
   * The plural rules are made on the first plural message, not with the translator: a page's
   * first Intl object of any kind pays for starting ICU (about 38 ms on this machine, measured
   * in Node; 90-150 ms of a phone's main thread at 4x, in one piece), and making it here put that
   * cost in front of hydration even on a page that says no count in words.
   */
  private pluralCategory(n: number): string {
    return pluralRules(this.locales as string[]).select(n);
  }

  /**
   * A value as the sentence shows it. Numbers are written like every figure of the site (the
   * domain's formatter: '2 500', never '2,500' in one language and '2 500' in another). In
   * right-to-left text a value with a digit is a first-strong isolate: '10 922.337935 DOGE' and
   * '2.88 EH/s' stay left to right, while '5 دقیقه پیش' keeps its own direction, and neither
   * reorders the words around it.
   */
  private figure(value: string | number): string {
    const text = typeof value === 'number' ? formatNumber(value, 3) : value;
    // A value its caller isolated already (an address in a page title) gets no second pair.
    const isolated = text.startsWith(FSI) && text.endsWith(PDI);
    return this.rtl && HAS_DIGIT.test(text) && !isolated ? `${FSI}${text}${PDI}` : text;
  }

  /** Adds a part of the catalogue; ids already present are replaced. */
  load(messages: Messages): void {
    Object.assign(this.messages, messages);
  }

  has(id: string): boolean {
    return Object.hasOwn(this.messages, id);
  }

  /** The message in this language; an id the loaded parts lack comes back as itself. */
  _(id: string, values: MessageValues = {}): string {
    const message = this.messages[id];
    return message ? this.render(message, values, null) : id;
  }

  private render(message: CompiledMessage, values: MessageValues, count: number | null): string {
    let out = '';
    for (const token of message) {
      if (typeof token === 'string') {
        // The compiler gives a plural's `#` a token of its own; a quoted '#' next to other text
        // stays inside that text (alone, it is a bare '#' token and shows the count, as in Lingui).
        out += count !== null && token === '#' ? this.figure(count) : token;
        continue;
      }
      const [name, format, cases] = token;
      const value = values[name];
      if (format !== 'plural' || cases === undefined) {
        out += value === undefined ? '' : this.figure(value);
        continue;
      }
      const n = Number(value);
      const chosen = cases[String(n)] ?? cases[this.pluralCategory(n)] ?? cases.other ?? [];
      out += this.render(chosen, values, n);
    }
    return out;
  }
}
