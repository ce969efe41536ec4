/**
 * Shared form rules. A rule returns null when the value passes, or a
 * message: an i18n id with its English text and values, so the web app can translate it and
 * the API can answer with the same words.
 */

export interface RuleMessage {
  id: string;
  message: string;
  values: Record<string, string | number>;
}

export type RuleResult = RuleMessage | null;

function fail(id: string, message: string, values: Record<string, string | number> = {}): RuleMessage {
  return { id, message, values };
}

/** Interpolates `{name}` placeholders; used for the English text and by tests. */
export function renderRuleMessage(result: RuleMessage): string {
  return result.message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in result.values ? String(result.values[key]) : whole,
  );
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function required(value: unknown): RuleResult {
  return isBlank(value) ? fail('validation.required', 'This field is required.') : null;
}

export interface DecimalOptions {
  /** Field name used in the message. */
  field?: string;
  /** How many decimals are allowed; undefined allows any number. */
  decimals?: number;
  /** Decimal separator; default '.'. */
  separator?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Optional sign, digits, optional fraction after the separator, optional exponent. */
export function decimal(value: unknown, options: DecimalOptions = {}): RuleResult {
  const { field = 'This', decimals, separator = '.' } = options;
  const error = fail('validation.decimal', 'The {field} field must contain only decimal values', { field });
  if (typeof value !== 'string' && typeof value !== 'number') return error;
  const text = String(value);
  if (text === '') return error;
  const sep = escapeRegExp(separator);
  const places = decimals === undefined ? '*' : `{0,${decimals}}`;
  // Either digits with an optional fraction, or a bare fraction ('.5'); never a lone sign
  // or a lone separator. With no decimals allowed there is no bare fraction at all.
  const bareFraction = decimals === 0 ? '' : `|${sep}\\d${decimals === undefined ? '+' : `{1,${decimals}}`}`;
  const pattern = new RegExp(`^[-+]?(?:\\d+(?:${sep}\\d${places})?${bareFraction})(?:[eE][-+]?\\d+)?$`);
  return pattern.test(text) ? null : error;
}

export function numeric(value: unknown, options: { field?: string } = {}): RuleResult {
  const { field = 'This' } = options;
  const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
  return typeof text === 'string' && /^\d+$/.test(text)
    ? null
    : fail('validation.numeric', 'The {field} field may only contain numeric characters', { field });
}

/** Four numbers 0-255 joined by dots; a leading zero ('01') is refused as ambiguous. */
export function ipv4(value: unknown): RuleResult {
  const error = fail('validation.ipv4', 'Invalid IP address.');
  if (typeof value !== 'string') return error;
  const parts = value.split('.');
  if (parts.length !== 4) return error;
  const valid = parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
  return valid ? null : error;
}

/**
 * At least `min`. The spec's text, 'This field field must be {min} or more.', repeats a word
 * (the original names the field 'This field' in a template that adds 'field' again): miners
 * read it on every threshold below the minimum, so it reads 'This field must be {min} or
 * more.' here and in every catalogue.
 */
export function minValue(value: unknown, min: number): RuleResult {
  const error = fail('validation.min_value', 'This field must be {min} or more.', { min });
  if (typeof value !== 'string' && typeof value !== 'number') return error;
  const text = String(value).trim();
  // Plain decimal notation only: Number() would also take '0x10' or 'Infinity'.
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) return error;
  const number = Number(text);
  return Number.isFinite(number) && number >= min ? null : error;
}

/** At most `max`: 'This field must be {max} or more.'s counterpart, in the same plain notation. */
export function maxValue(value: unknown, max: number): RuleResult {
  const error = fail('validation.max_value', 'This field must be {max} or less.', { max });
  if (typeof value !== 'string' && typeof value !== 'number') return error;
  const text = String(value).trim();
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) return error;
  const number = Number(text);
  return Number.isFinite(number) && number <= max ? null : error;
}

/** Digits with an optional fraction: no sign, exponent, hexadecimal, spaces, or nothing at all. */
const PLAIN_NUMBER = /^\d{1,30}(?:\.\d{1,30})?$/;

/**
 * The one rule for a number the API reads from text (decision 008): `hashrate=` is not 0, `0x10`
 * is not 16, `1e3` is not 1000, and nothing beyond `max` passes. Null when it does not.
 */
export function parsePlainNumber(text: string, options: { min?: number; max: number; integer?: boolean }): number | null {
  if (!PLAIN_NUMBER.test(text)) return null;
  if (options.integer && text.includes('.')) return null;
  const value = Number(text);
  return value >= (options.min ?? 0) && value <= options.max ? value : null;
}
