import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chainUnitDecimals, maxDifficulty, maxRewardUnits } from './chain-bounds.ts';
import { MINED_TICKERS } from './events.ts';
import { parsePoolConfig } from './pool-config.ts';

const POOLS = parsePoolConfig(JSON.parse(readFileSync(new URL('../../../content/pools.json', import.meta.url), 'utf8')));

describe('chain bounds', () => {
  it('bound every coin that can be mined: a coin without a row would have every block refused', () => {
    for (const coin of MINED_TICKERS) {
      expect(maxRewardUnits(coin), coin).toBeGreaterThan(0n);
      expect(maxDifficulty(coin), coin).toBeGreaterThanOrEqual(1e13);
    }
  });

  it('count rewards in the unit decimals the pool config uses for each coin', () => {
    for (const [coin, config] of [...POOLS.coins, ...POOLS.merged])
      expect(chainUnitDecimals(coin), coin).toBe(config.unitDecimals);
  });

  it('leave room above what the simulator models (real 2025 values)', () => {
    // Bitcoin: ~1.1e14 difficulty, 3.125 BTC subsidy; Ethereum Classic: 2.56 ETC.
    expect(maxDifficulty('btc')).toBeGreaterThan(1e14 * 1000);
    expect(maxRewardUnits('btc')).toBeGreaterThan(3_125_000_000n * 100n);
    expect(maxRewardUnits('etc')).toBeGreaterThan(2_560_000_000_000_000_000n * 100n);
  });
});
