import { renderRuleMessage } from '@openpool/domain/validation';
import { describe, expect, it } from 'vitest';
import { checkNumber, type NumberRule } from './calculator-input';

const hashrate: NumberRule = { field: 'Hashrate', min: 0 };
const message = (text: string, rule = hashrate) => {
  const { problem } = checkNumber(text, rule);
  return problem ? renderRuleMessage(problem) : null;
};

describe('checkNumber (the calculator validates like the settings form)', () => {
  it("asks for an empty field with the spec's text instead of reading it as 0", () => {
    expect(message('')).toBe('This field is required.');
    expect(message('   ')).toBe('This field is required.');
  });

  it('names the field of a figure that is no number', () => {
    expect(message('abc')).toBe('The Hashrate field must contain only decimal values');
    expect(message('1.2.3')).toBe('The Hashrate field must contain only decimal values');
    expect(message('0x10')).toBe('The Hashrate field must contain only decimal values');
  });

  it('keeps figures within their bounds', () => {
    expect(message('-1')).toBe('This field must be 0 or more.');
    expect(message('11', { field: 'Power cost', min: 0, max: 10 })).toBe('This field must be 10 or less.');
  });

  it('gives the figure of a valid field, a comma read as the decimal point', () => {
    expect(checkNumber('234', hashrate)).toEqual({ problem: null, value: 234 });
    expect(checkNumber(' 0,12 ', hashrate)).toEqual({ problem: null, value: 0.12 });
    expect(checkNumber('0', hashrate)).toEqual({ problem: null, value: 0 });
  });
});
