import { describe, expect, it } from 'vitest';
import type { Device } from './hardware.ts';
import {
  DEFAULT_POWER_COST,
  deviceProfits,
  effectivePriceUsd,
  rankDevice,
  sortDevices,
  type ProfitCoin,
  type RankedDevice,
} from './hardware-profit.ts';
import type { SortKey } from './hardware-query.ts';

type ListDevice = Pick<Device, 'name' | 'release' | 'algorithms'>;

function createDevice(overrides: Partial<ListDevice> = {}): ListDevice {
  return {
    name: 'Miner',
    release: '2024-01',
    algorithms: [{ algorithm: 'sha256d', hashrate: 100e12, power: 3000 }],
    ...overrides,
  } as ListDevice;
}

const coins: ProfitCoin[] = [
  { ticker: 'btc', algorithm: 'sha256d', price_usd: 100 },
  { ticker: 'bch', algorithm: 'sha256d', price_usd: 10 },
  { ticker: 'ltc', algorithm: 'scrypt', price_usd: 50 },
];
// One coin a day per TH/s for every coin: profit then follows the coin's price and the power.
const perTh = (_coin: ProfitCoin, hashrate: number) => hashrate / 1e12;
const money = { powerCost: 0.1, perUsd: 1, devicePriceUsd: 3000 };

describe('power cost', () => {
  // Parsing and bounds are power-cost.ts's one rule (power-cost.test.ts).
  it('defaults to 0.04 (USD)', () => {
    expect(DEFAULT_POWER_COST).toBe(0.04);
  });
});

describe('effective price', () => {
  it('is the cheapest offer in stock, else the launch price, else unknown', () => {
    const offers = [
      { price_usd: 900, stock: 'preorder' as const },
      { price_usd: 1200, stock: 'in_stock' as const },
      { price_usd: 1100, stock: 'in_stock' as const },
    ];
    expect(effectivePriceUsd({ price_usd: 1500 }, offers)).toBe(1100);
    expect(effectivePriceUsd({ price_usd: 499 }, [{ price_usd: 300, stock: 'out_of_stock' }])).toBe(499);
    expect(effectivePriceUsd({ price_usd: null }, undefined)).toBeNull();
  });
});

describe('device profits', () => {
  it('prices every coin the device has a figure for, most profitable first, in the display currency', () => {
    const rows = deviceProfits(createDevice().algorithms, coins, money, perTh);
    expect(rows.map((row) => row.coin.ticker)).toEqual(['btc', 'bch']);
    // 100 coins a day at 100 USD; 3000 W x 24 h = 72 kWh at 0.1.
    expect(rows[0]).toMatchObject({ coinsPerDay: 100, revenue: 10_000, electricity: 7.2, profit: 10_000 - 7.2 });
    expect(rows[0]!.paybackDays).toBeCloseTo(3000 / (10_000 - 7.2), 9);
    const eur = deviceProfits(createDevice().algorithms, coins, { ...money, perUsd: 0.5 }, perTh);
    expect(eur[0]).toMatchObject({ revenue: 5000, electricity: 7.2 });
  });

  it('leaves out coins without network figures and has no payback without a price', () => {
    const rows = deviceProfits(createDevice().algorithms, coins, { ...money, devicePriceUsd: null }, (coin, hashrate) =>
      coin.ticker === 'btc' ? null : perTh(coin, hashrate),
    );
    expect(rows.map((row) => row.coin.ticker)).toEqual(['bch']);
    expect(rows[0]!.paybackDays).toBeNull();
  });
});

describe('ranking a list', () => {
  const dual = createDevice({
    name: 'Dual',
    algorithms: [
      { algorithm: 'sha256d', hashrate: 1e12, power: 100, source: 'https://a.example', as_of: '2026-01-01' },
      { algorithm: 'scrypt', hashrate: 50e12, power: 100, source: 'https://a.example', as_of: '2026-01-01' },
    ] as Device['algorithms'],
  });

  it("takes the best coin among those the filters allow, and shows that algorithm's figure", () => {
    const open = rankDevice(dual, coins, { algorithm: null, coin: null }, money, perTh);
    expect(open.best?.coin.ticker).toBe('ltc');
    expect(open.figure.algorithm).toBe('scrypt');
    const sha = rankDevice(dual, coins, { algorithm: 'sha256d', coin: null }, money, perTh);
    expect(sha.best?.coin.ticker).toBe('btc');
    expect(sha.figure.algorithm).toBe('sha256d');
    const bch = rankDevice(dual, coins, { algorithm: null, coin: 'bch' }, money, perTh);
    expect(bch.best?.coin.ticker).toBe('bch');
  });

  it('sorts by each key best first, unknown values last, ties by name', () => {
    const row = (name: string, release: string, hashrate: number, power: number, priceUsd: number | null) =>
      rankDevice(
        createDevice({ name, release, algorithms: [{ algorithm: 'sha256d', hashrate, power }] as Device['algorithms'] }),
        coins,
        { algorithm: null, coin: null },
        { ...money, devicePriceUsd: priceUsd },
        perTh,
      );
    const rows: RankedDevice<ListDevice>[] = [
      row('A', '2022-05', 100e12, 3000, null),
      row('B', '2024-01', 200e12, 3500, 5000),
      row('C', '2023-07', 50e12, 1000, 1000),
    ];
    const order = (sort: SortKey) => sortDevices([...rows], sort).map((entry) => entry.device.name);
    expect(order('profit')).toEqual(['B', 'A', 'C']);
    expect(order('hashrate')).toEqual(['B', 'A', 'C']);
    expect(order('efficiency')).toEqual(['B', 'C', 'A']);
    expect(order('price')).toEqual(['C', 'B', 'A']);
    expect(order('payback')).toEqual(['C', 'B', 'A']);
    expect(order('release')).toEqual(['B', 'C', 'A']);
    const unpriced = rows.map((entry) => ({ ...entry, priceUsd: null }));
    expect(sortDevices(unpriced, 'price').map((entry) => entry.device.name)).toEqual(['A', 'B', 'C']);
  });
});

describe('merge-mined income', () => {
  it('adds the coins the same work merge-mines to revenue, profit, payback and break-even, power counted once', () => {
    const device = [{ algorithm: 'sha256d', hashrate: 200e12, power: 3500 }];
    const btc = { ticker: 'btc', algorithm: 'sha256d', price_usd: 95_000, merged: [{ ticker: 'fb', price_usd: 2.5 }] };
    const perDay = () => 0.0002;
    const mergedPerDay = (coin: { ticker: string }) => (coin.ticker === 'fb' ? 4 : null);
    const money = { powerCost: 0.04, perUsd: 1, devicePriceUsd: 4000 };
    const alone = deviceProfits(device, [btc], money, perDay)[0]!;
    const together = deviceProfits(device, [btc], money, perDay, mergedPerDay)[0]!;
    expect(alone.merged).toEqual([]);
    expect(together.merged).toEqual([{ ticker: 'fb', coinsPerDay: 4, revenue: 10 }]);
    // 0.0002 BTC x 95,000 = 19 USD, plus 4 FB x 2.5 = 10 USD; electricity 3.5 kW x 24 h x 0.04 = 3.36 USD, once.
    expect(together.revenue).toBeCloseTo(29, 9);
    expect(together.electricity).toBeCloseTo(alone.electricity, 12);
    expect(together.profit).toBeCloseTo(29 - 3.36, 9);
    expect(together.paybackDays).toBeCloseTo(4000 / (29 - 3.36), 9);
    expect(together.breakEvenPowerCost).toBeCloseTo(29 / (3.5 * 24), 9);
  });
});
