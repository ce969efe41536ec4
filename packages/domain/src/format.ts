/**
 * Number formatting of spec section 9. Every figure the site shows goes through here, so the
 * server render and the browser agree to the character.
 */
import { numberFormat } from './intl.ts';
import { amountDecimals } from './coins.ts';

const HASHRATE_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;
const DIFFICULTY_UNITS = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * Two decimals without exponent notation, however large the number. `toFixed` rounds the same
 * way for the positive figures shown here and is several times cheaper (a big miner's page
 * formats hundreds); only from 1e21 on does it switch to exponent notation.
 */
function twoDecimals(value: number): string {
  if (Math.abs(value) < 1e21) return value.toFixed(2);
  return numberFormat('en-US', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

function scaleBy1000(value: number, units: readonly string[]): { value: number; unit: string } {
  let scaled = value;
  let index = 0;
  // Round first so that 999.996 shows as '1.00 KH/s' rather than '1000.00 H/s'.
  while (index < units.length - 1 && Number(scaled.toFixed(2)) >= 1000) {
    scaled /= 1000;
    index += 1;
  }
  return { value: scaled, unit: units[index] ?? '' };
}

function isEmptyNumber(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value) || value <= 0;
}

/** '1.23 TH/s'; nothing, zero, negative or not a number shows as '0 H/s'. */
export function formatHashrate(hashesPerSecond: number | null | undefined): string {
  if (isEmptyNumber(hashesPerSecond)) return '0 H/s';
  const { value, unit } = scaleBy1000(hashesPerSecond, HASHRATE_UNITS);
  return `${twoDecimals(value)} ${unit}`;
}

/** '12.35 T'; the same steps as hashrate, without a unit below 1000. */
export function formatDifficulty(difficulty: number | null | undefined): string {
  if (isEmptyNumber(difficulty)) return '0';
  const { value, unit } = scaleBy1000(difficulty, DIFFICULTY_UNITS);
  return unit ? `${twoDecimals(value)} ${unit}` : twoDecimals(value);
}

/** Groups the integer digits by threes with spaces: '1234567' -> '1 234 567'. */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
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
  const negative = rounded.startsWith('-');
  const [intPart = '0', fracPart] = (negative ? rounded.slice(1) : rounded).split('.');
  const grouped = groupThousands(intPart) + (fracPart === undefined ? '' : `.${fracPart}`);
  return negative ? `-${grouped}` : grouped;
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

/** A fee given as a fraction, shown as a percentage: 0.009 -> '0.9%'. */
export function formatFee(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '0%';
  const percent = Number((fraction * 100).toFixed(2));
  return `${percent}%`;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** Money in en-US style with the narrow symbol: formatMoney(1234.5, 'EUR') -> '€1,234.50'. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let formatter = moneyFormatters.get(code);
  if (!formatter) {
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
    moneyFormatters.set(code, formatter);
  }
  return formatter.format(Number.isFinite(amount) ? amount : 0);
}
