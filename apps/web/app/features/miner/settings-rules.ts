import { decimal, ipv4, minValue, required, type RuleMessage } from '@openpool/domain/validation';

export interface SettingsInput {
  payoutThreshold: string;
  ip: string;
}

export type SettingsProblems = Partial<Record<keyof SettingsInput, RuleMessage>>;

/**
 * The rules the API applies to a settings change (apps/api/src/settings/routes.ts), run in the
 * browser first: the same shared rules, in the same order, so the messages match.
 * `thresholdField` is the field's name inside the decimal message ('payout threshold').
 */
export function checkSettings(input: SettingsInput, minPayout: number, thresholdField: string): SettingsProblems {
  const problems: SettingsProblems = {};
  const threshold =
    required(input.payoutThreshold) ??
    decimal(input.payoutThreshold, { field: thresholdField }) ??
    minValue(input.payoutThreshold, minPayout);
  if (threshold) problems.payoutThreshold = threshold;
  const ip = required(input.ip) ?? ipv4(input.ip);
  if (ip) problems.ip = ip;
  return problems;
}
