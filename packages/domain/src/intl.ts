/**
 * Intl formatters, built once per locale and options and then reused. Building one is costly
 * (ICU data lookup, option resolution): `toLocaleString` with options and `new Intl.*` inside a
 * render built a fresh formatter for every figure, and formatting was the largest single cost of
 * rendering a miner page on the server (issue 16: about 5 ms of 21 ms per render). The set of
 * keys is small and fixed by the code (15 locales times a few option sets), so the cache needs
 * no bound.
 */
type Options = Record<string, string | number | boolean | undefined>;

const cache = new Map<string, unknown>();

function cached<T>(kind: string, locales: string | readonly string[], options: Options | undefined, make: () => T): T {
  const key = `${kind}|${String(locales)}|${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locales: string | readonly string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('n', locales, options as Options, () => new Intl.NumberFormat(locales as string[], options));
}

export function dateTimeFormat(locales: string | readonly string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('d', locales, options as Options, () => new Intl.DateTimeFormat(locales as string[], options));
}

export function relativeTimeFormat(
  locales: string | readonly string[],
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('r', locales, options as Options, () => new Intl.RelativeTimeFormat(locales as string[], options));
}

export function pluralRules(locales: string | readonly string[], options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached('p', locales, options as Options, () => new Intl.PluralRules(locales as string[], options));
}
