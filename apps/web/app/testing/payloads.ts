/**
 * The pool API's payloads for route tests, one factory each (style.md: `createMiner(overrides)`):
 * realistic figures of a busy pool, parsed by the payload's own schema (packages/domain/src/api.ts),
 * so a factory that drifts from what the API sends fails where it is built.
 */
import {
  apiLimitsSchema,
  mergedListSchema,
  minerStatsSchema,
  poolStatsSchema,
  ratesSchema,
  topMinersSchema,
  type ApiLimits,
  type MergedList,
  type MinerStats,
  type PoolStats,
  type Rates,
} from '@openpool/domain/api';
import { minerPageSchema, type MinerPage } from '@openpool/domain/miner-page';

export const NOW_S = Math.floor(Date.now() / 1000);

/** `GET /{coin}/api/v1/pool/stats`, with figures of a busy pool; parsed, so it stays on its schema. */
export function createPoolStats(ticker: string, overrides: Partial<PoolStats> = {}): PoolStats {
  return poolStatsSchema.parse({
    ticker,
    name: ticker.toUpperCase(),
    algorithm: 'scrypt',
    fee: 0.02,
    fee_type: 'PPS+',
    fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
    schemes: ['pps', 'prop', 'solo'],
    hashrate: 2.88e15,
    hashrate_6h: 2.8e15,
    hashrate_24h: 2.7e15,
    hashrate_by_scheme: { pps: 2.88e15 },
    miners: 1_234,
    workers: 5_678,
    net_hashrate: 1.6e18,
    net_difficulty: 4.5e7,
    block_reward: '6.25',
    height: 2_845_123,
    directMining: false,
    effort: 0.326,
    blocks_24h: 42,
    last_blocks_found: [
      {
        date: NOW_S - 3_600,
        height: 2_845_120,
        hash: 'ab'.repeat(32),
        reward: '6.25',
        scheme: 'pps',
        effort: 0.8,
        status: 'confirmed',
        confirmations: 120,
        required_confirmations: 100,
        merged_from: null,
      },
    ],
    merged: [],
    payout: { schedule: 'hourly', min: '0.01', default_threshold: '0.1' },
    servers: { urls: [`${ticker}-eu.pool.test:3333`], ssl_urls: [`${ticker}-eu.pool.test:3334`] },
    updated_at: NOW_S,
    history_filling: false,
    ...overrides,
  });
}

type MergedCoin = MergedList['results'][number];

/** One merge-mined coin of `GET /api/v1/merged`. */
export function createMergedCoin(overrides: Partial<MergedCoin> & Pick<MergedCoin, 'ticker'>): MergedCoin {
  return mergedListSchema.shape.results.element.parse({
    name: overrides.ticker.toUpperCase(),
    parents: ['ltc'],
    fee: 0.01,
    min_payout: '10',
    payout_schedule: 'daily',
    blocks_24h: 1_440,
    last_block_found: NOW_S - 60,
    net_hashrate: 1.1e15,
    net_difficulty: 2e7,
    block_reward: '10000',
    height: 5_600_000,
    updated_at: NOW_S,
    ...overrides,
  });
}

/** `GET /api/v1/limits`: the public API's quotas. */
export function createApiLimits(overrides: Partial<ApiLimits> = {}): ApiLimits {
  return apiLimitsSchema.parse({
    policies: [
      { name: 'default', quota: 300, window_seconds: 60, applies_to: 'all' },
      { name: 'export', quota: 10, window_seconds: 3_600, applies_to: 'export' },
    ],
    client: 'an IPv4 address or an IPv6 /64',
    cache_seconds: { pool: 30, miner: 30, rates: 300 },
    ...overrides,
  });
}

type TopMiner = ReturnType<typeof topMinersSchema.parse>['results'][number];

/** One row of `GET /{coin}/api/v1/top-miners`. */
export function createTopMiner(overrides: Partial<TopMiner> = {}): TopMiner {
  return topMinersSchema.shape.results.element.parse({
    rank: 1,
    address: 'ltc1qtopminer000000000000000000000000000000',
    hashrate: 2.3e12,
    share: 0.0427,
    workers: 42,
    first_seen: NOW_S - 86_400 * 30,
    ...overrides,
  });
}

/** `GET /api/v1/rates`: USD prices per ticker and units of each currency per USD. */
export function createRates(overrides: Partial<Rates> = {}): Rates {
  return ratesSchema.parse({
    fiat: { USD: 1, EUR: 0.92 },
    crypto: { BTC: 95_000, LTC: 80 },
    updated_at: NOW_S,
    ...overrides,
  });
}

const noShares = { valid: 0, stale: 0, invalid: 0, stale_rate: null, invalid_rate: null };
const emptyQuality = { '1h': noShares, '24h': noShares };

/** `GET /{coin}/api/v1/miner/stats/{address}`: a miner with one PPS+ worker online; parsed, so it stays on its schema. */
export function createMinerStats(coin: string, address: string, overrides: Partial<MinerStats> = {}): MinerStats {
  return minerStatsSchema.parse({
    coin,
    address,
    hashrate_10m: 2.5e9,
    hashrate_6h: 2.4e9,
    hashrate_24h: 2.3e9,
    shares_24h: { valid: 900, stale: 5, invalid: 1 },
    reward_7d: '0.7',
    reward_30d: '3',
    balance: '0.05',
    unconfirmed_balance: '0.01',
    total_paid: '1.5',
    payout_threshold: '0.1',
    min_payout: '0.01',
    workers_online: 1,
    workers_offline: 0,
    schemes: ['pps'],
    solo_effort: null,
    blocks: 0,
    first_seen: NOW_S - 86_400 * 3,
    last_share: NOW_S - 60,
    merged: [],
    ...overrides,
  });
}

/**
 * `GET /{coin}/api/v1/miner/page/{address}` (decision 034): the miner page's one read. `stats`
 * and the rest default to a miner with one PPS+ worker online; parsed, so it stays on its schema.
 */
export function createMinerPage(coin: string, address: string, overrides: Partial<MinerPage> = {}): MinerPage {
  return minerPageSchema.parse({
    stats: createMinerStats(coin, address),
    chart: { range: '24h', step: 600, points: [{ t: NOW_S - 600, hashrate: 2.5e9, valid: 10, stale: 0, invalid: 0 }] },
    workers: [
      {
        worker: 'rig01',
        scheme: 'pps',
        status: 'online',
        hashrate_10m: 2.5e9,
        avg_hashrate_3h: 2.4e9,
        avg_hashrate_24h: 2.3e9,
        valid: 900,
        stale: 5,
        invalid: 1,
        last_share: (NOW_S - 60) * 1000,
      },
    ],
    rewards: [],
    alerts: { email: null, telegram_chats: 0, telegram_bot: null, telegram_link: null },
    quality: { pool: emptyQuality, miner: emptyQuality, stale_hint_workers: [] },
    best: null,
    reported: null,
    ...overrides,
  });
}
