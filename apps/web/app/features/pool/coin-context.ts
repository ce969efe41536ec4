import type { CoinInfo } from '@openpool/domain/coin-content';
import type { Coin } from '@openpool/domain/coins';
import { useOutletContext } from 'react-router';
import type { PoolSummary } from './pool-stats';

/** The coin of a `/{coin}/...` page, handed down by the coin layout's Outlet. */
export function useCoin(): Coin {
  return useOutletContext<{ coin: Coin }>().coin;
}

/** The coin's pool stats, loaded once by the coin layout (decision 005). */
export function usePool(): PoolSummary {
  return useOutletContext<{ pool: PoolSummary }>().pool;
}

/** The operator's content about the coin (content/coins.json), when there is an entry. */
export function useCoinInfo(): CoinInfo | null {
  return useOutletContext<{ info: CoinInfo | null }>().info;
}
