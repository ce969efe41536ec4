import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COIN_TICKERS } from './coins.ts';
import { fromUnits, parsePoolConfig, PoolConfigError, toUnits, unitDecimalsOf } from './pool-config.ts';

const POOLS_JSON = readFileSync(new URL('../../../content/pools.json', import.meta.url), 'utf8');

type Json = Record<string, unknown>;

/** A fresh copy of the real config as plain JSON, to break in one place. */
function rawConfig(): Json {
  return JSON.parse(POOLS_JSON) as Json;
}

function at(object: Json, ...keys: string[]): Json {
  let current: Json = object;
  for (const key of keys) current = current[key] as Json;
  return current;
}

/** The PoolConfigError message for a broken variant; fails the test if parsing succeeds. */
function errorFor(mutate: (config: Json) => void): string {
  const config = rawConfig();
  mutate(config);
  try {
    parsePoolConfig(config);
  } catch (error) {
    expect(error).toBeInstanceOf(PoolConfigError);
    expect((error as Error).name).toBe('PoolConfigError');
    return (error as Error).message;
  }
  throw new Error('expected parsePoolConfig to throw');
}

const config = parsePoolConfig(rawConfig());

function coinConfig(coin: (typeof COIN_TICKERS)[number]) {
  const resolved = config.coins.get(coin);
  if (!resolved) throw new Error(`no config for ${coin}`);
  return resolved;
}

describe('parsePoolConfig on content/pools.json', () => {
  it('resolves every coin of the registry', () => {
    expect([...config.coins.keys()]).toEqual([...COIN_TICKERS]);
    for (const coin of COIN_TICKERS) expect(coinConfig(coin).coin).toBe(coin);
    expect(config.balanceResetDays).toBe(90);
  });

  it('holds the btc minimum payout of "0.001" as 100 000 units at 8 decimals', () => {
    const btc = coinConfig('btc');
    expect(btc.unitDecimals).toBe(8);
    expect(btc.minPayout).toBe(100_000n);
    expect(btc.defaultThreshold).toBe(500_000n);
    expect(btc.payoutSchedule).toBe('daily');
    expect(btc.directMining).toBe(true);
    expect(btc.hashesPerDifficulty).toBe(2 ** 32);
  });

  it('never lets a Salvium payout go below 5 SAL', () => {
    const sal = coinConfig('sal');
    expect(sal.minPayout).toBe(5n * 10n ** 8n);
    expect(fromUnits(sal.minPayout, sal.unitDecimals)).toBe('5');
  });

  it('applies default fees as parts per million and as fractions', () => {
    const ltc = coinConfig('ltc');
    expect(ltc.feePpm).toEqual({ pps: 20_000, prop: 10_000, solo: 15_000 });
    expect(ltc.fees).toEqual({ pps: 0.02, prop: 0.01, solo: 0.015 });
    expect(ltc.feeType).toBe('PPS+');
    expect(ltc.payoutSchedule).toBe('hourly');
    expect(ltc.confirmations).toBe(100);
  });

  it.each(['xmr', 'zeph', 'sal'] as const)('offers no PPS on %s (RandomX, PROP pool)', (coin) => {
    const resolved = coinConfig(coin);
    expect(resolved.schemes).toEqual(['prop', 'solo']);
    expect(resolved.feeType).toBe('PROP');
    expect(resolved.unitDecimals).toBe(coin === 'sal' ? 8 : 12);
    expect(resolved.hashesPerDifficulty).toBe(1);
  });

  it('offers every scheme on the other coins', () => {
    for (const coin of COIN_TICKERS.filter((c) => !['xmr', 'zeph', 'sal'].includes(c))) {
      expect(coinConfig(coin).schemes).toEqual(['pps', 'prop', 'solo']);
    }
  });

  it('pays doge, pep and bells with ltc and fb with btc', () => {
    expect(Object.fromEntries([...config.merged].map(([coin, merged]) => [coin, merged.parents]))).toEqual({
      fb: ['btc'],
      doge: ['ltc'],
      pep: ['ltc'],
      bells: ['ltc'],
    });
    const doge = config.merged.get('doge');
    expect(doge).toMatchObject({ coin: 'doge', unitDecimals: 8, feePpm: 10_000, minPayout: 10n * 10n ** 8n, confirmations: 100 });
    expect(config.merged.get('fb')?.minPayout).toBe(10_000_000n);
  });

  it('builds stratum URLs as {coin}-{region}.{domain}:{port}, one per region', () => {
    const ltc = coinConfig('ltc');
    expect(ltc.stratumUrls).toEqual([
      'ltc-eu.openpool.example:3030',
      'ltc-ru.openpool.example:3030',
      'ltc-us.openpool.example:3030',
      'ltc-sg.openpool.example:3030',
    ]);
    expect(ltc.sslStratumUrls[0]).toBe('ltc-eu.openpool.example:3031');
    for (const coin of COIN_TICKERS) {
      const { stratumUrls, sslStratumUrls } = coinConfig(coin);
      expect(stratumUrls).toHaveLength(4);
      for (const url of [...stratumUrls, ...sslStratumUrls]) {
        expect(url).toMatch(new RegExp(`^${coin}-(eu|ru|us|sg)\\.openpool\\.example:\\d{4,5}$`));
      }
    }
  });

  it('gives every coin its own ports', () => {
    const ports = COIN_TICKERS.flatMap((coin) => [coinConfig(coin).stratumUrls[0], coinConfig(coin).sslStratumUrls[0]]).map(
      (url) => url?.split(':')[1],
    );
    expect(new Set(ports).size).toBe(COIN_TICKERS.length * 2);
  });

  it('knows the unit decimals of pool coins and merged children alike', () => {
    expect(unitDecimalsOf(config, 'btc')).toBe(8);
    expect(unitDecimalsOf(config, 'nexa')).toBe(2);
    expect(unitDecimalsOf(config, 'alph')).toBe(18);
    expect(unitDecimalsOf(config, 'doge')).toBe(8);
  });
});

describe('parsePoolConfig on a bad file', () => {
  it('names a fee of the wrong type', () => {
    expect(
      errorFor((c) => {
        at(c, 'defaults', 'fees').pps = '0.02';
      }),
    ).toContain('defaults.fees.pps');
  });

  it('names a fee above 50 %', () => {
    expect(
      errorFor((c) => {
        at(c, 'coins', 'btc').fees = { prop: 0.6 };
      }),
    ).toContain('coins.btc.fees.prop');
  });

  it('names a fee_type of the wrong type', () => {
    expect(
      errorFor((c) => {
        at(c, 'coins', 'btc').fee_type = 5;
      }),
    ).toContain('coins.btc.fee_type');
  });

  it('names an unknown coin key', () => {
    const message = errorFor((c) => {
      at(c, 'coins').foo = {};
    });
    expect(message).toContain('coins');
    expect(message).toContain('foo');
  });

  it('names an unknown field of a coin', () => {
    expect(
      errorFor((c) => {
        at(c, 'coins', 'ltc').min_payout = '1';
      }),
    ).toContain('coins.ltc');
  });

  it('names a default threshold below the minimum payout', () => {
    expect(
      errorFor((c) => {
        at(c, 'coins', 'btc', 'payout').default_threshold = '0.0001';
      }),
    ).toContain('coins.btc.payout');
  });

  it('names an amount with more decimals than the coin has', () => {
    expect(
      errorFor((c) => {
        at(c, 'coins', 'nexa', 'payout').min = '0.001';
      }),
    ).toContain('coins.nexa.payout.min');
    expect(
      errorFor((c) => {
        at(c, 'merged', 'doge').min = '0.000000001';
      }),
    ).toContain('merged.doge.min');
  });

  it('names a merge-mined child missing from merged', () => {
    expect(
      errorFor((c) => {
        delete at(c, 'merged').pep;
      }),
    ).toContain('merged.pep');
  });
});

describe('toUnits and fromUnits', () => {
  it.each([
    ['1.5', 8, 150_000_000n],
    ['0.001', 8, 100_000n],
    ['5', 8, 500_000_000n],
    ['5', 0, 5n],
    ['0.05', 2, 5n],
    ['007.50', 2, 750n],
    ['1', 18, 10n ** 18n],
  ])('toUnits(%j, %s) -> %s', (input, decimals, expected) => {
    expect(toUnits(input, decimals)).toBe(expected);
  });

  it.each([
    ['1.123', 2],
    ['0.5', 0],
    ['-1', 8],
    ['1e5', 8],
    ['', 8],
    ['.5', 8],
    ['1.', 8],
    [' 1', 8],
  ])('toUnits refuses %j at %s decimals', (input, decimals) => {
    expect(() => toUnits(input, decimals)).toThrow(PoolConfigError);
  });

  it.each([
    [150_000_000n, 8, '1.5'],
    [5n, 8, '0.00000005'],
    [0n, 8, '0'],
    [123n, 0, '123'],
    [10n ** 18n, 18, '1'],
    [-150_000_000n, 8, '-1.5'],
    [-5n, 2, '-0.05'],
  ])('fromUnits(%s, %s) -> %j', (units, decimals, expected) => {
    expect(fromUnits(units, decimals)).toBe(expected);
  });

  const decimals = fc.integer({ min: 0, max: 18 });

  it('round-trips a decimal string, dropping leading and trailing zeros', () => {
    const amount = decimals.chain((d) =>
      fc.record({
        d: fc.constant(d),
        whole: fc.stringMatching(/^\d{1,20}$/),
        fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: d }),
      }),
    );
    fc.assert(
      fc.property(amount, ({ d, whole, fraction }) => {
        const input = fraction ? `${whole}.${fraction}` : whole;
        const normalWhole = whole.replace(/^0+(?=\d)/, '');
        const normalFraction = fraction.replace(/0+$/, '');
        const expected = normalFraction ? `${normalWhole}.${normalFraction}` : normalWhole;
        expect(fromUnits(toUnits(input, d), d)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips units through a decimal string, negative ones too', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), decimals, (units, d) => {
        const text = fromUnits(units, d);
        if (units < 0n) {
          expect(text).toBe(`-${fromUnits(-units, d)}`);
        } else {
          expect(toUnits(text, d)).toBe(units);
        }
      }),
      { numRuns: 300 },
    );
  });
});
