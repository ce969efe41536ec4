/**
 * Intl formatters, built once per locale and options and then reused. Building one is costly
 * (ICU data lookup, option resolution): `toLocaleString` with options and `new Intl.*` inside a
 * render built a fresh formatter for every figure, and formatting was the largest single cost of
 * rendering a miner page on the server (about 5 ms of 21 ms per render). The set of
 * keys is small and fixed by the code (15 locales times a few option sets), so the cache needs
 * no bound.
 */
type Options = Record<string, string | number | boolean | undefined>;

/**
 * Every formatter writes Latin digits, in every language (decision 002, addendum): Persian
 * would otherwise give '۳۲٫۶٪' and '۸۲ دستگاه' beside '2.88 EH/s' and the hashes on one page.
 * Dates keep their language's words and calendar; only the digits are fixed.
 */
export function withLatinDigits(locales: string | readonly string[]): string[] {
  return (typeof locales === 'string' ? [locales] : [...locales]).map((tag) => (tag.includes('-u-') ? tag : `${tag}-u-nu-latn`));
}

const cache = new Map<string, unknown>();

function cached<T>(
  kind: string,
  locales: string | readonly string[],
  options: Options | undefined,
  make: (tags: string[]) => T,
): T {
  const key = `${kind}|${String(locales)}|${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(withLatinDigits(locales));
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locales: string | readonly string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('n', locales, options as Options, (tags) => new Intl.NumberFormat(tags, options));
}

export function dateTimeFormat(locales: string | readonly string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('d', locales, options as Options, (tags) => new Intl.DateTimeFormat(tags, options));
}

export function relativeTimeFormat(
  locales: string | readonly string[],
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('r', locales, options as Options, (tags) => new Intl.RelativeTimeFormat(tags, options));
}

export function pluralRules(locales: string | readonly string[], options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached('p', locales, options as Options, (tags) => new Intl.PluralRules(tags, options));
}
