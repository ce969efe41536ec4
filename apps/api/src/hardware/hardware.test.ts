/** The hardware routes: filters, paging, bad input, 404s, and profit from the one formula. Real PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, POOL_CONFIG, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let h: Harness;

interface Profit {
  coin: string;
  scheme: string;
  coins_per_day: string;
  revenue: number | null;
  electricity: number;
  profit: number | null;
  payback_days: number | null;
  break_even_power_cost: number | null;
}
interface ListBody {
  results: Array<{
    slug: string;
    name: string;
    vendor: string;
    algorithms: { algorithm: string }[];
    noise_db: number | null;
    best: Profit | null;
  }>;
  total: number;
}

beforeAll(async () => {
  h = await createHarness(NOW);
  // Real chains' figures (the samples are held to each chain's bounds, decision 018).
  const network = (seq: number, coin: string, difficulty: number, reward: string, height: number, hashrate: number) =>
    ({ type: 'network', seq, coin, difficulty, hashrate, height, reward, at: NOW - 30_000 }) as IngestEvent;
  const result = await h.ingest('hardware', [
    network(1, 'btc', 1.2e14, '312500000', 900_000, 8e20),
    network(2, 'ltc', 8e7, '625000000', 2_900_000, 2e15),
    // Dogecoin, merge-mined by ltc's work: 10,000 DOGE a block, a block a minute.
    network(3, 'doge', 2e7, '1000000000000', 5_400_000, (2e7 * 2 ** 32) / 60),
  ]);
  expect(result.statusCode).toBe(200);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('GET /api/v1/hardware/{type}', () => {
  it('filters by algorithm, vendor, noise and text, and pages with a total', async () => {
    const scrypt = (await h.get<ListBody>('/api/v1/hardware/asic?algorithm=scrypt&page_size=100')).body;
    expect(scrypt.total).toBeGreaterThan(5);
    expect(scrypt.results.every((device) => device.algorithms.some((entry) => entry.algorithm === 'scrypt'))).toBe(true);
    const quiet = (await h.get<ListBody>('/api/v1/hardware/asic?noise=50&page_size=100')).body;
    expect(quiet.results.every((device) => device.noise_db !== null && device.noise_db <= 50)).toBe(true);
    const text = (await h.get<ListBody>('/api/v1/hardware/asic?q=antminer%20l9')).body;
    expect(text.results.map((device) => device.name)).toEqual(['Antminer L9']);
    const page = (await h.get<ListBody>('/api/v1/hardware/gpu?vendor=amd&page=2&page_size=5')).body;
    expect(page.results).toHaveLength(5);
    expect(page.total).toBeGreaterThan(10);
    expect(page.results.every((device) => device.vendor === 'amd')).toBe(true);
  });

  it("sorts by profit with each device's best coin, computed by the one formula", async () => {
    const list = (await h.get<ListBody>('/api/v1/hardware/asic?coin=btc&sort=profit&page_size=100')).body;
    const profits = list.results.map((device) => device.best?.profit ?? -Infinity);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
    const s21 = list.results.find((device) => device.slug === 'antminer-s21-pro');
    const revenue = (await h.get<{ revenue: string }>('/api/v2/daily-revenue/BTC?hashrate=234000000000000')).body.revenue;
    expect(s21?.best).toMatchObject({ coin: 'btc', scheme: 'pps', coins_per_day: revenue });
  });

  it('refuses bad values with 400 naming the field, and an unknown type with 404', async () => {
    for (const [query, field] of [
      ['algorithm=sha3', 'algorithm'],
      ['coin=doge', 'coin'],
      ['vendor=nobody', 'vendor'],
      ['noise=loud', 'noise'],
      ['sort=cheapest', 'sort'],
      ['power_cost=-1', 'power_cost'],
      ['power_cost=50', 'power_cost'],
      ['currency=XYZ', 'currency'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
    ]) {
      const response = await h.get<{ message: string }>(`/api/v1/hardware/asic?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body.message, query).toContain(field);
    }
    expect((await h.get('/api/v1/hardware/fpga')).statusCode).toBe(404);
  });

  it('answers with an ETag and 304 on a match', async () => {
    const first = await h.app.inject({ method: 'GET', url: '/api/v1/hardware/cpu' });
    const again = await h.app.inject({
      method: 'GET',
      url: '/api/v1/hardware/cpu',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/v1/hardware/{type}/{vendor}/{slug}', () => {
  it('has specs, sellers and profitability in the requested currency at the power cost', async () => {
    const usd = (
      await h.get<{ name: string; sellers: { exclusive: boolean }[]; profitability: Profit[]; currency: string }>(
        '/api/v1/hardware/asic/bitmain/antminer-s21-pro',
      )
    ).body;
    expect(usd.name).toBe('Antminer S21 Pro');
    expect(usd.sellers.some((seller) => seller.exclusive)).toBe(true);
    const btc = usd.profitability.find((row) => row.coin === 'btc')!;
    expect(btc.electricity).toBeCloseTo(3.51 * 24 * 0.04, 9);
    const eur = (
      await h.get<{ profitability: Profit[]; currency: string }>(
        '/api/v1/hardware/asic/bitmain/antminer-s21-pro?currency=eur&power_cost=0.1',
      )
    ).body;
    expect(eur.currency).toBe('EUR');
    const btcEur = eur.profitability.find((row) => row.coin === 'btc')!;
    expect(btcEur.coins_per_day).toBe(btc.coins_per_day);
    expect(btcEur.electricity).toBeCloseTo(3.51 * 24 * 0.1, 9);
    if (btc.revenue !== null && btcEur.revenue !== null) expect(btcEur.revenue).not.toBe(btc.revenue);
  });

  it('takes the default power cost as 0.04 USD converted, so currencies differ only by the rate', async () => {
    const rates = (await h.get<{ fiat: Record<string, number> }>('/api/v1/rates')).body.fiat;
    const at = async (currency: string) =>
      (
        await h.get<{ profitability: Profit[]; power_cost: number }>(
          `/api/v1/hardware/asic/bitmain/antminer-s21-pro?currency=${currency}`,
        )
      ).body;
    const usd = await at('USD');
    for (const currency of ['RUB', 'EUR']) {
      const rate = rates[currency]!;
      const other = await at(currency);
      expect(other.power_cost).toBeCloseTo(0.04 * rate, 9);
      for (const row of usd.profitability) {
        const same = other.profitability.find((entry) => entry.coin === row.coin)!;
        expect(same.electricity).toBeCloseTo(row.electricity * rate, 6);
        if (row.profit !== null) expect(same.profit!).toBeCloseTo(row.profit * rate, 6);
        if (row.break_even_power_cost !== null)
          expect(same.break_even_power_cost!).toBeCloseTo(row.break_even_power_cost * rate, 6);
        if (row.payback_days !== null) expect(same.payback_days!).toBeCloseTo(row.payback_days, 6);
      }
    }
    // The bound is 10 USD worth in any currency: 300 RUB/kWh passes, 11 USD does not.
    expect((await h.get(`/api/v1/hardware/asic/bitmain/antminer-s21-pro?currency=RUB&power_cost=300`)).statusCode).toBe(200);
    const high = await h.get<{ message: string }>(`/api/v1/hardware/asic/bitmain/antminer-s21-pro?power_cost=11`);
    expect(high.statusCode).toBe(400);
    expect(high.body.message).toMatch(/power_cost: at most 10 USD worth per kWh/);
  });

  it('adds the coins the same hashes merge-mine to the parent coin, in the device and in the list', async () => {
    const device = (
      await h.get<{ profitability: (Profit & { merged: { coin: string; coins_per_day: string; revenue: number | null }[] })[] }>(
        '/api/v1/hardware/asic/bitmain/antminer-l9',
      )
    ).body;
    const ltc = device.profitability.find((row) => row.coin === 'ltc')!;
    const fee = POOL_CONFIG.merged.get('doge')!.feePpm / 1_000_000;
    // 16 GH/s x 86,400 s x 10,000 DOGE / (20 M x 2^32) x (1 - fee).
    const doge = ((16e9 * 86_400 * 10_000) / (2e7 * 2 ** 32)) * (1 - fee);
    expect(ltc.merged.map((child) => child.coin)).toEqual(['doge']);
    expect(Number(ltc.merged[0]!.coins_per_day)).toBeCloseTo(doge, 5);
    if (ltc.revenue !== null && ltc.merged[0]!.revenue !== null)
      expect(ltc.profit!).toBeCloseTo(ltc.revenue - ltc.electricity, 9);
    const list = (await h.get<ListBody>('/api/v1/hardware/asic?q=antminer%20l9')).body;
    expect(list.results[0]!.best?.profit).toBeCloseTo(ltc.profit!, 9);
  });

  it('is 404 for an unknown device and for a device under the wrong type', async () => {
    expect((await h.get('/api/v1/hardware/asic/bitmain/no-such-miner')).statusCode).toBe(404);
    expect((await h.get('/api/v1/hardware/gpu/bitmain/antminer-s21-pro')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/hardware/vendors/{vendor}', () => {
  it('names the country and lists the devices; unknown is 404', async () => {
    const amd = (await h.get<{ vendor: { country: string }; devices: { type: string }[] }>('/api/v1/hardware/vendors/amd')).body;
    expect(amd.vendor.country).toBe('US');
    expect(new Set(amd.devices.map((device) => device.type))).toEqual(new Set(['gpu', 'cpu']));
    expect((await h.get('/api/v1/hardware/vendors/nobody')).statusCode).toBe(404);
  });

  it('is documented in the OpenAPI document', async () => {
    const paths = Object.keys((await h.get<{ paths: Record<string, unknown> }>('/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/hardware/{type}',
        '/api/v1/hardware/{type}/{vendor}/{slug}',
        '/api/v1/hardware/vendors/{vendor}',
      ]),
    );
  });
});
