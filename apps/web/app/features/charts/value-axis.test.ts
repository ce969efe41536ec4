import { describe, expect, it } from 'vitest';
import { axisLabels } from './value-axis';

const EH = 1e18;

describe('axisLabels', () => {
  it('writes every tick in the unit of the largest, with the decimals its step needs', () => {
    expect(axisLabels('hashrate', [0, 0.5 * EH, 1 * EH, 1.5 * EH, 2 * EH, 2.5 * EH, 3 * EH])).toEqual([
      '0.0 EH/s',
      '0.5 EH/s',
      '1.0 EH/s',
      '1.5 EH/s',
      '2.0 EH/s',
      '2.5 EH/s',
      '3.0 EH/s',
    ]);
    expect(axisLabels('hashrate', [0, 250e15, 500e15, 750e15])).toEqual(['0 PH/s', '250 PH/s', '500 PH/s', '750 PH/s']);
    expect(axisLabels('hashrate', [0, 0.25e12, 0.5e12])).toEqual(['0 GH/s', '250 GH/s', '500 GH/s']);
  });

  it('never writes "00.00" or more than two decimals', () => {
    const labels = axisLabels('hashrate', [0, 0.125 * EH, 0.25 * EH]);
    expect(labels).toEqual(['0 PH/s', '125 PH/s', '250 PH/s']);
    for (const label of axisLabels('hashrate', [0, 1.234567e15, 2.469134e15])) expect(label).toMatch(/^\d+(\.\d{1,2})? PH\/s$/);
  });

  it('groups thousands and names difficulty by its letter, none below 1000', () => {
    expect(axisLabels('difficulty', [0, 200, 400])).toEqual(['0', '200', '400']);
    expect(axisLabels('difficulty', [0, 5e13, 1e14])).toEqual(['0 T', '50 T', '100 T']);
    expect(axisLabels('hashrate', [0, 2e24])).toEqual(['0 EH/s', '2\u202F000\u202F000 EH/s']);
  });
});
