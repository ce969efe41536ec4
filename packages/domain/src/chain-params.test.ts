import { describe, expect, it } from 'vitest';
import { CHAIN_PARAMS, mergeMinableOf } from './chain-params.ts';

describe('mergeMinable', () => {
  it('is a third for Fractal Bitcoin (cadence mining) and 1 for every other chain', () => {
    for (const [coin, params] of Object.entries(CHAIN_PARAMS)) {
      expect(params.mergeMinable, coin).toBe(coin === 'fb' ? 1 / 3 : 1);
    }
  });

  it('reads by ticker, 1 for a name the table does not hold', () => {
    expect(mergeMinableOf('fb')).toBe(1 / 3);
    expect(mergeMinableOf('doge')).toBe(1);
    expect(mergeMinableOf('nope')).toBe(1);
  });
});
