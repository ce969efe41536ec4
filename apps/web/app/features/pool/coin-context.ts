import type { Coin } from '@openpool/domain/coins';
import { useOutletContext } from 'react-router';
import type { PoolSummary } from './pool-stats';

/** The coin of a `/{coin}/...` page, handed down by the coin layout's Outlet. */
export function useCoin(): Coin {
  return useOutletContext<{ coin: Coin }>().coin;
}

/** The coin's pool stats, loaded once by the coin layout (spec section 7). */
export function usePool(): PoolSummary {
  return useOutletContext<{ pool: PoolSummary }>().pool;
}
