import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRatesPayload } from './api-constants.ts';
import { ratesSchema } from './api.ts';

describe('parseRatesPayload (the browser check of the rates payload)', () => {
  it('accepts the payload and refuses garbage', () => {
    expect(parseRatesPayload({ fiat: { USD: 1 }, crypto: { BTC: 95000 }, updated_at: 1 })).toEqual({
      fiat: { USD: 1 },
      crypto: { BTC: 95000 },
      updated_at: 1,
    });
    for (const bad of [
      null,
      'x',
      {},
      { fiat: { USD: '1' }, crypto: {}, updated_at: 1 },
      { fiat: [], crypto: {}, updated_at: 1 },
      { fiat: {}, crypto: {}, updated_at: 1.5 },
    ]) {
      expect(() => parseRatesPayload(bad)).toThrow(TypeError);
    }
  });

  it('never accepts what the shared schema refuses', () => {
    const map = fc.dictionary(fc.constantFrom('USD', 'EUR', 'BTC'), fc.oneof(fc.double(), fc.string(), fc.constant(null)));
    fc.assert(
      fc.property(
        fc.record({ fiat: fc.oneof(map, fc.constant([])), crypto: map, updated_at: fc.oneof(fc.integer(), fc.double()) }),
        (value) => {
          let accepted = true;
          try {
            parseRatesPayload(value);
          } catch {
            accepted = false;
          }
          if (accepted) expect(ratesSchema.safeParse(value).success).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
