/**
 * The site's one number format. Every figure the site shows goes through here, so the
 * server render and the browser agree to the character, and the same figure reads the same on
 * every page and in every language (decision 002, addendum): a '.' before decimals,
 * thousands grouped by a narrow no-break space (U+202F), Latin digits. Words around a figure
 * (dates, durations, 'minutes ago') are the language's, through `./intl.ts`.
 */
import { numberFormat } from './intl.ts';
import { amountDecimals } from './coins.ts';

/** The site's steps of 1000 for hashrates and difficulties: '' below a thousand, then K, M, G, T, P, E. */
export const SI_PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * The step of 1000 a figure is written in (an index into `SI_PREFIXES`), the one rule of the
 * site's hashrates, difficulties, chart axes and J/TH. With `decimals`, the figure is rounded
 * as it will be shown first, so 999.996 at two decimals is '1.00 K', never '1000.00'.
 */
export function thousandsStep(value: number, decimals?: number): number {
  let scaled = Math.abs(value);
  let step = 0;
  const reaches = (figure: number) => (decimals === undefined ? figure : Number(figure.toFixed(decimals))) >= 1000;
  while (step < SI_PREFIXES.length - 1 && reaches(scaled)) {
    scaled /= 1000;
    step += 1;
  }
  return step;
}

/** 'H/s', 'KH/s' ... 'EH/s' for a step of `thousandsStep`. */
export function hashrateUnit(step: number): string {
  return `${SI_PREFIXES[step] ?? ''}H/s`;
}

/**
 * Two decimals without exponent notation, however large the number. `toFixed` rounds the same
 * way for the positive figures shown here and is several times cheaper (a big miner's page
 * formats hundreds); only from 1e21 on does it switch to exponent notation.
 */
function twoDecimals(value: number): string {
  if (Math.abs(value) < 1e21) return groupDecimal(value.toFixed(2));
  return groupDecimal(
    numberFormat('en-US', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
  );
}

/** '-1234.50' -> '-1 234.50': groups the integer digits of a plain decimal text. */
function groupDecimal(text: string): string {
  const negative = text.startsWith('-');
  const [intPart = '0', fracPart] = (negative ? text.slice(1) : text).split('.');
  const grouped = groupThousands(intPart) + (fracPart === undefined ? '' : `.${fracPart}`);
  return negative ? `-${grouped}` : grouped;
}

function isEmptyNumber(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value) || value <= 0;
}

/** '1.23 TH/s'; nothing, zero, negative or not a number shows as '0 H/s'. */
export function formatHashrate(hashesPerSecond: number | null | undefined): string {
  if (isEmptyNumber(hashesPerSecond)) return '0 H/s';
  const step = thousandsStep(hashesPerSecond, 2);
  return `${twoDecimals(hashesPerSecond / 1000 ** step)} ${hashrateUnit(step)}`;
}

/** '12.35 T'; the same steps as hashrate, without a unit below 1000. */
export function formatDifficulty(difficulty: number | null | undefined): string {
  if (isEmptyNumber(difficulty)) return '0';
  const step = thousandsStep(difficulty, 2);
  const value = twoDecimals(difficulty / 1000 ** step);
  return step > 0 ? `${value} ${SI_PREFIXES[step]}` : value;
}

/**
 * The thousands separator of every figure in every language (grouped with
 * spaces): the narrow no-break space, so a figure never wraps inside and the bidirectional
 * algorithm keeps '10 922.337935' one number in right-to-left text (U+202F is a common
 * separator between digits, where a plain space is a neutral that splits the number in two).
 */
export const GROUP_SEPARATOR = '\u202F';

/** Groups the integer digits by threes: '1234567' -> '1 234 567' (narrow no-break spaces). */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}

/** A whole number such as a count of miners or a block height: 1234567 -> '1 234 567'; nothing -> '0'. */
export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  return formatNumber(Math.round(value), 0);
}

/**
 * A plain figure with at most `maxDecimals` decimals, trailing zeros dropped: (1234.5, 2) ->
 * '1 234.5', (3, 2) -> '3'. For figures without a fixed precision (counts in a sentence).
 */
export function formatNumber(value: number | null | undefined, maxDecimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  // From 1e21 on `toFixed` writes an exponent, but every double that large is whole: BigInt spells it.
  const fixed = Math.abs(value) < 1e21 ? value.toFixed(maxDecimals) : BigInt(value).toString();
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return groupDecimal(trimmed === '-0' ? '0' : trimmed);
}

/**
 * A fraction as a percentage with up to `maxDecimals` decimals: 0.04271 -> '4.27%', with 1:
 * '4.3%'. The same in every language (fraction times 100 with a percent
 * sign); null (no figure) is '—'.
 */
export function formatPercent(fraction: number | null | undefined, maxDecimals = 2): string {
  if (fraction === null || fraction === undefined) return '—';
  const percent = Number.isFinite(fraction) ? fraction * 100 : 0;
  const text = formatNumber(percent, maxDecimals);
  // Never a false 0 %: a solo effort of 0.00004 % after a week is not nothing (decision 024).
  return `${text === '0' && percent !== 0 && Number.isFinite(percent) ? smallFigure(percent) : text}%`;
}

/**
 * One precision per kind of percentage (decision 024), fixed so a column reads alike ('113.0%'
 * above '159.6%', not '113%'): efforts and luck 1 decimal; rates (stale, invalid), shares of the
 * pool and trends 2.
 */
export const PERCENT_DECIMALS = { effort: 1, rate: 2, share: 2, trend: 2 } as const;
export type PercentKind = keyof typeof PERCENT_DECIMALS;

/** A fraction as a percentage of its kind's fixed precision; a non-zero value that would read 0 keeps two significant digits. */
export function formatPercentOf(kind: PercentKind, fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined) return '—';
  const scaled = Number.isFinite(fraction) ? fraction * 100 : 0;
  const percent = Number.isFinite(scaled) ? scaled : 0;
  const decimals = PERCENT_DECIMALS[kind];
  const fixed = Math.abs(percent) < 1e21 ? percent.toFixed(decimals) : BigInt(Math.round(percent)).toString();
  if (Number(fixed) === 0 && percent !== 0) return `${smallFigure(percent)}%`;
  return `${groupDecimal(fixed === `-${(0).toFixed(decimals)}` ? fixed.slice(1) : fixed)}%`;
}

/** A value too small for its precision, with two significant digits: 0.0000412 -> '0.000041'. */
function smallFigure(value: number): string {
  const text = Math.abs(value).toPrecision(2);
  // toPrecision writes an exponent below 1e-6: spell the zeros out.
  const plain = /e/i.test(text) ? Math.abs(value).toFixed(Math.min(20, 1 - Math.floor(Math.log10(Math.abs(value))))) : text;
  return `${value < 0 ? '-' : ''}${plain.includes('.') ? plain.replace(/0+$/, '').replace(/\.$/, '') : plain}`;
}

const DECIMAL_STRING = /^([-+]?)(\d*)(?:\.(\d*))?$/;

/**
 * Rounds a decimal string half away from zero to `decimals` places without going through
 * floating point, so amounts of money never pick up binary noise.
 */
export function roundDecimalString(value: string, decimals: number): string | null {
  const match = DECIMAL_STRING.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = (whole || '0') + fraction.padEnd(decimals + 1, '0').slice(0, decimals + 1);
  let units = BigInt(digits.slice(0, -1) || '0');
  if (Number(digits.at(-1)) >= 5) units += 1n;
  const text = units.toString().padStart(decimals + 1, '0');
  const intPart = text.slice(0, text.length - decimals);
  const fracPart = decimals > 0 ? `.${text.slice(text.length - decimals)}` : '';
  const isZero = units === 0n;
  return `${sign === '-' && !isZero ? '-' : ''}${intPart}${fracPart}`;
}

/**
 * An amount in coin units with the coin's decimals (nexa 2, btc 8, others 6) and thousands
 * grouped by spaces: formatAmount('1234.5', 'ltc') -> '1 234.500000'.
 */
export function formatAmount(amount: string | number | bigint, ticker: string): string {
  const decimals = amountDecimals(ticker);
  const text = typeof amount === 'number' ? amountNumberToString(amount) : String(amount);
  const rounded = roundDecimalString(text, decimals) ?? roundDecimalString('0', decimals)!;
  return groupDecimal(rounded);
}

/** An amount with its ticker, as every page shows one: ('10922.3379351', 'doge') -> '10 922.337935 DOGE'. */
export function formatCoinAmount(amount: string | number | bigint, ticker: string): string {
  return `${formatAmount(amount, ticker)} ${ticker.toUpperCase()}`;
}

function amountNumberToString(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  // toFixed(20) keeps the digits a float really has; past 1e21 it would switch to exponent
  // notation, but every double that large is a whole number, which BigInt spells exactly.
  return Math.abs(amount) < 1e21 ? amount.toFixed(20) : BigInt(amount).toString();
}

/** 'bc1qxy...hx0wlh': keeps `head` and `tail` characters and joins them with '...'. */
export function truncateMiddle(text: string, head = 6, tail = 6): string {
  const chars = Array.from(text);
  if (chars.length <= head + tail + 3) return text;
  return `${chars.slice(0, head).join('')}...${chars.slice(chars.length - tail).join('')}`;
}

/** A fee given as a fraction, shown as a percentage: 0.009 -> '0.9%'; no fee known reads '0%'. */
export function formatFee(fraction: number | null | undefined): string {
  // A configured fee, not a measurement: two decimals at most, as the operator wrote it.
  const value = fraction ?? 0;
  return `${formatNumber(Number.isFinite(value) ? value * 100 : 0, 2)}%`;
}

// With the smallest unit each shows: `resolvedOptions()` builds a new object on every call, and a
// device list formats three amounts per row inside the frame that answers a filter (decision 010).
const moneyFormatters = new Map<string, { formatter: Intl.NumberFormat; unit: number }>();

/**
 * Money in en-US style with the narrow symbol, its thousands grouped like
 * every other figure: formatMoney(1234.5, 'EUR') -> '€1 234.50'.
 */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let money = moneyFormatters.get(code);
  if (!money) {
    let formatter: Intl.NumberFormat;
    try {
      formatter = numberFormat('en-US', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      });
    } catch {
      // A malformed code (from a stale local storage value, say) falls back to a plain figure.
      formatter = numberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
    }
    money = { formatter, unit: 10 ** -(formatter.resolvedOptions().maximumFractionDigits ?? 2) };
    moneyFormatters.set(code, money);
  }
  const { formatter, unit } = money;
  const value = Number.isFinite(amount) ? amount : 0;
  // Never a false $0.00 (decision 024): an amount below the currency's smallest shown unit reads
  // '< $0.01' ('> -$0.01' below zero), so 3.97 KLS a day is not shown as worth nothing.
  if (value !== 0 && Math.abs(value) < unit / 2) {
    const bound = formatter.format(value > 0 ? unit : -unit).replaceAll(',', GROUP_SEPARATOR);
    // Held to the figure by the same narrow no-break space that groups digits.
    return `${value > 0 ? '<' : '>'}${GROUP_SEPARATOR}${bound}`;
  }
  return formatter.format(value).replaceAll(',', GROUP_SEPARATOR);
}
