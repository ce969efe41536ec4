import { renderRuleMessage } from '@openpool/domain/validation';
import { describe, expect, it } from 'vitest';
import { checkSettings } from './settings-rules';

const text = (input: { payoutThreshold: string; ip: string }) =>
  Object.fromEntries(
    Object.entries(checkSettings(input, 0.01, 'payout threshold')).map(([key, rule]) => [key, renderRuleMessage(rule)]),
  );

describe('checkSettings', () => {
  it('passes a decimal threshold at the minimum and an IPv4 address', () => {
    expect(text({ payoutThreshold: '0.01', ip: '10.0.0.1' })).toEqual({});
  });

  it("says the spec's messages", () => {
    expect(text({ payoutThreshold: '', ip: '' })).toEqual({
      payoutThreshold: 'This field is required.',
      ip: 'This field is required.',
    });
    expect(text({ payoutThreshold: '1,5', ip: '300.1.1.1' })).toEqual({
      payoutThreshold: 'The payout threshold field must contain only decimal values',
      ip: 'Invalid IP address.',
    });
    expect(text({ payoutThreshold: '0.001', ip: '1.2.3.4' })).toEqual({
      payoutThreshold: 'This field field must be 0.01 or more.',
    });
  });
});
