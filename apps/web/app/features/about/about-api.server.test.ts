import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '~/platform/api-client';
import { fetchPools } from './about-api.server';

function pool(ticker: string, overrides: Record<string, unknown> = {}) {
  return {
    ticker,
    name: ticker.toUpperCase(),
    algorithm: 'scrypt',
    fee: 0.02,
    fee_type: 'PPS+',
    fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
    schemes: ['pps', 'prop', 'solo'],
    hashrate: 10,
    hashrate_6h: 10,
    hashrate_24h: 10,
    hashrate_by_scheme: {},
    miners: 3,
    workers: 7,
    net_hashrate: 100,
    net_difficulty: 1,
    block_reward: '6.25',
    height: 1,
    directMining: false,
    effort: null,
    blocks_24h: 2,
    last_blocks_found: [],
    merged: [],
    payout: { schedule: 'hourly', min: '0.01', default_threshold: '0.1' },
    servers: { urls: [], ssl_urls: [] },
    updated_at: 1,
    ...overrides,
  };
}

const clientFor = (body: unknown, status = 200) =>
  createApiClient({ baseUrl: 'http://api.test', fetch: async () => Response.json(body, { status }) });

describe('fetchPools', () => {
  it('keeps the enabled pools in the site order and adds up the live totals', async () => {
    const client = clientFor({
      results: [pool('ltc', { merged: ['doge'] }), pool('btc', { miners: 10, blocks_24h: 0 }), pool('sdr')],
    });
    const result = await fetchPools(client, ['btc', 'ltc']);
    expect(result?.rows.map((row) => row.ticker)).toEqual(['btc', 'ltc']);
    expect(result?.totals).toEqual({ pools: 2, miners: 13, workers: 14, blocks24h: 2 });
    expect(result?.rows[1]?.schemes).toEqual([
      { scheme: 'pps', fee: 0.02 },
      { scheme: 'prop', fee: 0.01 },
      { scheme: 'solo', fee: 0.015 },
    ]);
  });

  it('throws when the API fails or answers garbage', async () => {
    await expect(fetchPools(clientFor({ error: 'down' }, 503), ['btc'])).rejects.toBeInstanceOf(ApiError);
    await expect(fetchPools(clientFor({ results: [{ ticker: 'btc' }] }), ['btc'])).rejects.toThrow();
  });
});
