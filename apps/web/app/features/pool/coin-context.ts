import type { Coin } from '@openpool/domain/coins';
import { useOutletContext } from 'react-router';

/** The coin of a `/{coin}/...` page, handed down by the coin layout's Outlet. */
export function useCoin(): Coin {
  return useOutletContext<Coin>();
}
