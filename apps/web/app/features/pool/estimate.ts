import type { PoolStats } from '@openpool/domain/api';
import { hashesPerDifficulty } from '@openpool/domain/mining';

/**
 * Coins a day the pool pays for `hashrate` (H/s): the expected share of network blocks,
 * hashrate x 86400 / (network difficulty x hashes per difficulty 1), times the block reward,
 * after the fee of the pool's main scheme. Null when the network figures are missing.
 */
export type EstimateInputs = Pick<PoolStats, 'net_difficulty' | 'block_reward' | 'fee' | 'algorithm'>;

export function estimateDailyCoins(stats: EstimateInputs, hashrate: number): number | null {
  const reward = Number(stats.block_reward);
  if (!(stats.net_difficulty > 0) || !(reward > 0) || !(hashrate > 0)) return null;
  const blocksPerDay = (hashrate * 86_400) / (stats.net_difficulty * hashesPerDifficulty(stats.algorithm));
  return blocksPerDay * reward * (1 - stats.fee);
}
