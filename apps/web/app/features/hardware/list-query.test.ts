import { DEFAULT_POWER_PRICE, MAX_POWER_COST_USD, parsePowerPriceParam, type PowerPrice } from '@openpool/domain/power-cost';
import { SORT_KEYS, type DeviceFilters } from '@openpool/domain/hardware-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanListQuery, listSearch, parseFilters } from './catalogue';

const filtersArbitrary: fc.Arbitrary<DeviceFilters> = fc.record({
  algorithm: fc.option(fc.constantFrom('fishhash', 'kheavyhash', 'etchash', 'sha256d'), { nil: null }),
  coin: fc.option(fc.constantFrom('iron', 'kas', 'btc', 'nexa'), { nil: null }),
  vendor: fc.option(fc.constantFrom('nvidia', 'amd', 'bitmain'), { nil: null }),
  noise: fc.option(fc.integer({ min: 1, max: 140 }), { nil: null }),
  q: fc.constantFrom('', 'rtx 4090', 'Antminer S21', 'rx 7800 xt'),
  sort: fc.constantFrom(...SORT_KEYS),
});

/** Power costs a visitor can type, in USD or roubles: the default, round figures and any other in range. */
const powerCostArbitrary: fc.Arbitrary<PowerPrice> = fc.oneof(
  fc.constantFrom(
    DEFAULT_POWER_PRICE,
    { amount: 0.1, currency: 'USD' },
    { amount: 0, currency: 'USD' },
    { amount: 6.5, currency: 'RUB' },
  ),
  fc.record({
    amount: fc.double({ min: 0, max: MAX_POWER_COST_USD, noNaN: true, noDefaultInfinity: true }),
    currency: fc.constantFrom('USD', 'RUB', 'EUR'),
  }),
);

describe('a list’s filters in the URL', () => {
  it('round-trips every filter state through the query, with no empty or default parameter', () => {
    fc.assert(
      fc.property(filtersArbitrary, fc.option(powerCostArbitrary, { nil: null }), (filters, powerCost) => {
        const search = listSearch(filters, powerCost);
        expect(parseFilters(search)).toEqual(filters);
        // The power cost comes back too, a missing one meaning the default.
        expect(parsePowerPriceParam(search.get('power_cost')) ?? DEFAULT_POWER_PRICE).toEqual(powerCost ?? DEFAULT_POWER_PRICE);
        for (const [name, value] of search) {
          expect(value, name).not.toBe('');
          if (name === 'sort') expect(value).not.toBe('profit');
          if (name === 'power_cost') expect(value).not.toBe('0.04');
        }
        expect(cleanListQuery(search)).toBeNull();
      }),
    );
  });

  it('writes nothing at all for the defaults', () => {
    expect(listSearch(parseFilters(new URLSearchParams()), DEFAULT_POWER_PRICE).toString()).toBe('');
  });

  it('cleans what the GET form sends without JavaScript, keeping other parameters', () => {
    const sent = 'algorithm=fishhash&coin=&vendor=&q=&sort=profit&power_cost=0.04&utm_source=mail';
    expect(cleanListQuery(new URLSearchParams(sent))).toBe('algorithm=fishhash&utm_source=mail');
    expect(cleanListQuery(new URLSearchParams('algorithm=&coin=&vendor=&q=&sort=profit&power_cost=0.04'))).toBe('');
    expect(cleanListQuery(new URLSearchParams('q=+rtx+&sort=price&power_cost=0,1'))).toBe('q=rtx&sort=price&power_cost=0.1');
    expect(cleanListQuery(new URLSearchParams('coin=kas&sort=hashrate'))).toBeNull();
    // A price in another currency keeps its currency.
    expect(cleanListQuery(new URLSearchParams('power_cost=6,5+rub'))).toBe('power_cost=6.5+RUB');
  });
});
