/**
 * Which display currencies exist and in what order the switch lists them (USD,
 * EUR, RUB, UAH first, then the rest; default USD).
 */

export const DEFAULT_CURRENCY = 'USD';
export const CURRENCY_SHORTLIST: readonly string[] = ['USD', 'EUR', 'RUB', 'UAH'];

const CODE = /^[A-Z]{3}$/;

let intlCodes: ReadonlySet<string> | null | undefined;

/** The ISO 4217 codes this browser can format, or null when the engine cannot list them. */
function knownToIntl(): ReadonlySet<string> | null {
  if (intlCodes === undefined) {
    try {
      intlCodes = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      intlCodes = null;
    }
  }
  return intlCodes;
}

/** A three-letter upper-case code that Intl can format (when Intl can tell). */
export function isCurrencyCode(value: string): boolean {
  if (!CODE.test(value)) return false;
  return knownToIntl()?.has(value) ?? true;
}

/** The shortlist first (those the rates know), then every other code alphabetically. */
export function sortCurrencyCodes(codes: Iterable<string>): string[] {
  const available = new Set([...codes].filter(isCurrencyCode));
  const first = CURRENCY_SHORTLIST.filter((code) => available.has(code));
  const rest = [...available].filter((code) => !CURRENCY_SHORTLIST.includes(code)).sort();
  return [...first, ...rest];
}

/**
 * The currency to show for a stored choice: a stale, malformed or (once rates are known)
 * unpriced code falls back to USD, so a bad local-storage value can never break amounts.
 */
export function resolveSelectedCurrency(stored: string | null, fiat: Readonly<Record<string, number>> | null): string {
  if (!stored || !isCurrencyCode(stored)) return DEFAULT_CURRENCY;
  if (fiat && !Object.hasOwn(fiat, stored)) return DEFAULT_CURRENCY;
  return stored;
}

/** '{code} → localized name' in the page's language, or nothing where Intl.DisplayNames is missing. */
export function currencyNamer(localeIso: string): (code: string) => string | undefined {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([localeIso, 'en'], { type: 'currency', fallback: 'none' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code);
    } catch {
      return undefined;
    }
  };
}
