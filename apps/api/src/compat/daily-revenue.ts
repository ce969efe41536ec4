/** Coins a day the pool pays for a hashrate: the one formula (packages/domain/profitability). */
import type { RewardScheme } from '@openpool/domain/address';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { fromUnits } from '@openpool/domain/pool-config';
import { dailyRewardUnits, revenueScheme } from '@openpool/domain/profitability';
import type { ApiContext } from '../context.ts';
import type { NetworkSample } from '../stats/network-sample.ts';

export function dailyRevenue(
  ctx: ApiContext,
  coin: CoinTicker,
  hashrate: number,
  net: NetworkSample | null,
  prices: Record<string, number>,
) {
  const config = ctx.pool.coins.get(coin);
  // Quoted at the scheme the site quotes too.
  const scheme = revenueScheme(config.schemes) as RewardScheme;
  const revenue = net
    ? dailyRewardUnits({
        hashrate,
        algorithm: COINS[coin].algorithm,
        networkDifficulty: net.difficulty,
        blockReward: BigInt(net.reward),
        feePpm: config.feePpm[scheme] ?? 0,
      })
    : 0n;
  const price = prices[coin.toUpperCase()];
  const coins = fromUnits(revenue, config.unitDecimals);
  return { coin, hashrate, revenue: coins, revenue_usd: price === undefined ? null : Number(coins) * price };
}
