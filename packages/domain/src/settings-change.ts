/**
 * The one check of a miner's settings change, used by the
 * settings form in the browser and by the API: the same rules in the same order, so the
 * browser shows, in the visitor's language, exactly what the API would answer.
 */
import { z } from 'zod';
import { decimal, ipv4, required, type RuleMessage } from './validation.ts';

export interface SettingsChangeInput {
  ip: string;
  payout_threshold?: string;
  email?: string;
}

export interface ThresholdBounds {
  /** The coin's minimum payout and the highest threshold, in coin units (plain decimals). */
  min: string;
  max: string;
  unitDecimals: number;
}

export type SettingsChangeField = keyof SettingsChangeInput;
export type SettingsChangeProblems = Partial<Record<SettingsChangeField, RuleMessage>>;

/**
 * The one e-mail rule. Zod's: maintained, and strict where a loose regex let
 * `"><img …>@evil.example` in; it takes a domain label of any length, so the limits of a
 * deliverable address (RFC 5321 4.5.3.1, RFC 1035 2.3.4) are added: the whole address at
 * most 254 characters, the local part at most 64, each domain label at most 63 (a
 * 180-character label was once accepted).
 */
const EMAIL = z
  .email()
  .max(254)
  .refine((address) => {
    const at = address.lastIndexOf('@');
    return (
      at <= 64 &&
      address
        .slice(at + 1)
        .split('.')
        .every((label) => label.length <= 63)
    );
  });

export function isEmailAddress(text: string): boolean {
  return EMAIL.safeParse(text).success;
}

export function checkSettingsChange(
  input: SettingsChangeInput,
  bounds: ThresholdBounds,
  thresholdField = 'payout threshold',
): SettingsChangeProblems {
  const problems: SettingsChangeProblems = {};
  const ip = required(input.ip) ?? ipv4(input.ip);
  if (ip) problems.ip = ip;
  if (input.payout_threshold !== undefined) {
    const value = input.payout_threshold.trim();
    const threshold = required(value) ?? decimal(value, { field: thresholdField }) ?? amountWithin(value, bounds);
    if (threshold) problems.payout_threshold = threshold;
  }
  if (input.email !== undefined && input.email.trim() !== '' && !isEmailAddress(input.email.trim())) {
    problems.email = { id: 'validation.email', message: 'Invalid e-mail address.', values: {} };
  }
  return problems;
}

/** Exact bounds in smallest units: no float ever stands between a miner's text and the money. */
function amountWithin(value: string, bounds: ThresholdBounds): RuleMessage | null {
  const units = typedAmountToUnits(value, bounds.unitDecimals);
  if (units < typedAmountToUnits(bounds.min, bounds.unitDecimals))
    return { id: 'validation.min_value', message: 'This field must be {min} or more.', values: { min: bounds.min } };
  if (units > typedAmountToUnits(bounds.max, bounds.unitDecimals))
    return { id: 'validation.max_value', message: 'This field must be {max} or less.', values: { max: bounds.max } };
  return null;
}

/**
 * A decimal the shared rule accepted (sign, digits, fraction, exponent) as smallest units,
 * rounded down, computed on the digits: `1e21` is 10^21 coins, not a `toFixed` error.
 * Exponents beyond ±400 are clamped: far past any bound either way.
 */
export function typedAmountToUnits(value: string, unitDecimals: number): bigint {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Math.max(-400, Math.min(400, Number(exponentText)));
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '') || '0';
  // value = digits x 10^(exponent - fraction.length); in units, x 10^unitDecimals.
  const shift = exponent - fraction.length + unitDecimals;
  const magnitude = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits) / 10n ** BigInt(-shift);
  return sign === '-' ? -magnitude : magnitude;
}
