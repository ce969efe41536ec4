import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '~/platform/api-client';
import { fetchPoolSummary } from './pool-api.server';
import { cardSummary, parsePoolStats, poolDefaults } from './pool-stats';

const stats = {
  ticker: 'ltc',
  name: 'LTC',
  algorithm: 'scrypt',
  fee: 0.02,
  fee_type: 'PPS+',
  fees: { pps: 0.02, prop: 0.01 },
  schemes: ['pps', 'prop'],
  hashrate: 1,
  hashrate_6h: 1,
  hashrate_24h: 1,
  hashrate_by_scheme: {},
  miners: 3,
  workers: 5,
  net_hashrate: 10,
  net_difficulty: 2,
  block_reward: '6.25',
  height: 10,
  directMining: true,
  effort: null,
  blocks_24h: 0,
  last_blocks_found: [],
  merged: ['doge'],
  payout: { schedule: 'hourly', min: '0.01', default_threshold: '0.1' },
  servers: { urls: [], ssl_urls: [] },
  updated_at: 1,
};

function client(answer: () => Promise<unknown>): ApiClient {
  return { baseUrl: 'http://api', request: vi.fn(answer) as ApiClient['request'] };
}

describe('pool stats', () => {
  it('keeps only the card figures for the home page, and the null of a failed call', () => {
    const card = cardSummary({ ticker: 'ltc', name: 'LTC', stats: parsePoolStats(stats) });
    expect(Object.keys(card.stats ?? {}).sort()).toEqual(
      ['algorithm', 'block_reward', 'fee', 'fees', 'hashrate', 'miners', 'net_difficulty', 'net_hashrate', 'schemes'].sort(),
    );
    expect(card.stats).toMatchObject({ hashrate: 1, miners: 3, fees: { pps: 0.02, prop: 0.01 }, block_reward: '6.25' });
    expect(cardSummary(poolDefaults('kas'))).toEqual({ ticker: 'kas', name: 'KAS', stats: null });
  });

  it('uses only the first element when fee or fee_type arrive as lists', () => {
    expect(parsePoolStats({ ...stats, fee: [0.015, 0.02], fee_type: ['PROP', 'PPS+'] })).toMatchObject({
      fee: 0.015,
      fee_type: 'PROP',
    });
  });

  it('falls back to the ticker and upper-case name, and reports the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const summary = await fetchPoolSummary(
      client(() => Promise.reject(new ApiError(503, {}, 'x'))),
      'kas',
    );
    expect(summary).toEqual(poolDefaults('kas'));
    expect(summary.name).toBe('KAS');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('treats a malformed answer as a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      (
        await fetchPoolSummary(
          client(() => Promise.resolve({ nope: 1 })),
          'btc',
        )
      ).stats,
    ).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('passes the parsed stats through', async () => {
    const summary = await fetchPoolSummary(
      client(() => Promise.resolve(stats)),
      'ltc',
    );
    expect(summary.stats?.miners).toBe(3);
  });
});
