/**
 * One catalogue ranked by both apps (decision 010, "One home for hardware profit"): the API's
 * `GET /api/v1/hardware/{type}` and the site's list (`rankList`, fed the market the site's
 * loader builds from this API's pool stats and rates) must give the same devices in the same
 * order with the same best coin, for every sort key and a few filters. Real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolStatsSchema, ratesSchema } from '@openpool/domain/api';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { deviceKey } from '@openpool/domain/hardware';
import { effectivePriceUsd } from '@openpool/domain/hardware-profit';
import { SORT_KEYS } from '@openpool/domain/hardware-query';
import type { IngestEvent } from '@openpool/domain/events';
import { hashesPerDifficulty } from '@openpool/domain/mining';
import type { CoinMarket } from '../../../web/app/features/hardware/profit.ts';
import { rankList } from '../../../web/app/features/hardware/rank-devices.ts';
import { parseFilters } from '../../../web/app/features/hardware/catalogue.ts';
import { createHarness, HARDWARE, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const SINCE_2025_S = (NOW - Date.UTC(2025, 0, 1)) / 1000;

// [coin, network difficulty, block reward in smallest units, block time s, height on 2025-01-01]
const NETWORKS: ReadonlyArray<readonly [CoinTicker, number, string, number, number]> = [
  ['btc', 1.2e14, '312500000', 600, 877_250],
  ['ltc', 8e7, '625000000', 150, 2_820_000],
  ['kas', 2.3e8, '4000000000', 1, 100_000_000],
  ['etc', 2.6e15, '2560000000000000000', 13, 21_400_000],
  ['rvn', 1.1e5, '125000000000', 60, 3_600_000],
  ['erg', 1.5e15, '6000000000', 120, 1_420_000],
  ['cfx', 4e12, '750000000000000000', 0.5, 112_000_000],
  ['alph', 5.6e7, '500000000000000000', 16, 4_400_000],
  ['iron', 2.8e5, '1950000000', 60, 905_000],
  ['nexa', 1.7e6, '1000000000', 120, 560_000],
  ['xmr', 6e11, '600000000000', 120, 3_310_000],
];

let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW);
  const events = NETWORKS.map(
    ([coin, difficulty, reward, blockTime, anchor], index) =>
      ({
        type: 'network',
        seq: index + 1,
        coin,
        difficulty,
        hashrate: (difficulty * hashesPerDifficulty(COINS[coin].algorithm)) / blockTime,
        height: anchor + Math.floor(SINCE_2025_S / blockTime),
        reward,
        at: NOW - 30_000,
      }) as IngestEvent,
  );
  const result = await h.ingest('parity', events);
  expect(result.body).toMatchObject({});
  expect(result.statusCode).toBe(200);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

/** The market the site's loader builds (hardware-api.server.ts): pool stats and USD prices from this API. */
async function siteMarket(coins: readonly CoinTicker[]): Promise<CoinMarket[]> {
  const rates = ratesSchema.parse((await h.get('/api/v1/rates')).body);
  const markets: CoinMarket[] = [];
  for (const ticker of coins) {
    const response = await h.get(`/${ticker}/api/v1/pool/stats`);
    if (response.statusCode !== 200) continue;
    const stats = poolStatsSchema.parse(response.body);
    const price = rates.crypto[ticker.toUpperCase()];
    markets.push({
      ticker,
      name: COINS[ticker].name,
      algorithm: stats.algorithm,
      net_difficulty: stats.net_difficulty,
      block_reward: stats.block_reward,
      schemes: stats.schemes,
      fees: stats.fees,
      price_usd: price !== undefined && price > 0 ? price : null,
      updated_at: stats.updated_at,
      trend: null,
    });
  }
  return markets;
}

interface ApiRow {
  slug: string;
  vendor: string;
  best: { coin: string } | null;
}

async function apiList(type: string, query: string): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (let page = 1; ; page += 1) {
    const response = await h.get<{ results: ApiRow[]; total: number }>(
      `/api/v1/hardware/${type}?${query}&page=${page}&page_size=100`,
    );
    expect(response.statusCode, query).toBe(200);
    rows.push(...response.body.results);
    if (rows.length >= response.body.total) return rows;
  }
}

describe('a catalogue ranked by the API and by the site', () => {
  const vendorName = new Map(HARDWARE.manufacturers.map((maker) => [maker.slug, maker.name]));
  const prices = Object.fromEntries(
    HARDWARE.devices.map((device) => [deviceKey(device), effectivePriceUsd(device, HARDWARE.offers.get(deviceKey(device)))]),
  );

  it.each(['gpu', 'asic'])(
    'gives the %s list in the same order with the same best coin, for every sort and filter',
    async (type) => {
      const enabled = NETWORKS.map(([coin]) => coin);
      const market = { coins: await siteMarket(enabled) };
      expect(market.coins.length).toBe(enabled.length);
      const devices = HARDWARE.devices.filter((device) => device.type === type);
      const filterSets =
        type === 'gpu'
          ? ['', 'algorithm=kawpow', 'algorithm=fishhash', 'coin=kas', 'coin=nexa', 'vendor=amd', 'q=rtx']
          : ['', 'algorithm=scrypt'];
      for (const filter of filterSets) {
        for (const sort of SORT_KEYS) {
          const query = `${filter}&sort=${sort}&power_cost=0.1`;
          const site = rankList({ devices, prices, vendorName, market }, parseFilters(new URLSearchParams(query)), {
            powerCost: 0.1,
            perUsd: 1,
          }).map((row) => ({ key: deviceKey(row.device), best: row.best?.coin.ticker ?? null }));
          const api = (await apiList(type, query)).map((row) => ({
            key: `${type}/${row.vendor}/${row.slug}`,
            best: row.best?.coin ?? null,
          }));
          expect(site.length, query).toBeGreaterThan(0);
          expect(api, query).toEqual(site);
        }
      }
    },
  );
});
