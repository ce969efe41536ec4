/**
 * The calculator's fields checked with the shared form rules, as the settings
 * form is (decision 020): an empty field is 'This field is required.', 'abc' is 'The
 * Hashrate field must contain only decimal values', a negative figure is below the minimum.
 * Until every field passes the calculator shows no figures: an empty hashrate used to read as
 * 0 H/s, $0.00 of revenue and a loss. A comma is taken for the decimal point ('0,12'), as the
 * power-cost field always did.
 */
import { decimal, maxValue, minValue, required, type RuleMessage } from '@openpool/domain/validation';

export interface NumberRule {
  /** The field's name in the page's language, for the decimal rule's message. */
  field: string;
  min: number;
  max?: number;
}

/** The first rule a typed figure breaks, or null; the figure itself when it passes. */
export function checkNumber(
  text: string,
  rule: NumberRule,
): { problem: RuleMessage; value: null } | { problem: null; value: number } {
  const plain = text.trim().replace(',', '.');
  const problem =
    required(plain) ??
    decimal(plain, { field: rule.field }) ??
    minValue(plain, rule.min) ??
    (rule.max === undefined ? null : maxValue(plain, rule.max));
  return problem ? { problem, value: null } : { problem: null, value: Number(plain) };
}
