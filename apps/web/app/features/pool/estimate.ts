import type { PoolStats } from '@openpool/domain/api';
import { dailyCoins } from '@openpool/domain/profitability';

/**
 * Coins a day the pool pays for `hashrate` (H/s): the one formula of packages/domain
 * (`dailyCoins`), at the fee of the scheme the API's daily revenue quotes (PPS+ where
 * offered), so a home card and `GET /api/v2/daily-revenue` say the same. Null when the
 * network figures are missing.
 */
export type EstimateInputs = Pick<PoolStats, 'net_difficulty' | 'block_reward' | 'fees' | 'schemes' | 'algorithm'>;

export function estimateDailyCoins(stats: EstimateInputs, hashrate: number): number | null {
  if (!(hashrate > 0)) return null;
  const coins = dailyCoins(stats, hashrate);
  return coins !== null && coins > 0 ? coins : null;
}
