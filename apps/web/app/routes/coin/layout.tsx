import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { Outlet } from 'react-router';
import { CoinTabs } from '~/features/pool/coin-tabs';
import { named } from '~/shared/route-middleware';
import type { Route } from './+types/layout';

export const middleware = named('coin');

export function loader({ params }: Route.LoaderArgs) {
  // The coin middleware has already refused tickers outside enabled and private_enabled.
  return COINS[params.coin as CoinTicker];
}

export default function CoinLayout({ loaderData: coin }: Route.ComponentProps) {
  return (
    <>
      <CoinTabs coin={coin} />
      <Outlet context={coin} />
    </>
  );
}
