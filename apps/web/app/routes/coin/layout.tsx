import { sitePaths } from '@openpool/domain/paths';
import type { CoinInfo } from '@openpool/domain/coin-content';
import { COINS, type Coin, type CoinTicker } from '@openpool/domain/coins';
import { normaliseSearchAddress } from '@openpool/domain/address';
import { localizePath, splitLocalePath } from '@openpool/domain/locales';
import { data, Outlet, redirect } from 'react-router';
import { appContext } from '~/platform/context';
import { CoinTabs } from '~/features/pool/coin-tabs';
import { HistoryFillingNotice } from '~/features/pool/history-notice';
import { PoolHeader } from '~/features/pool/pool-header';
import { fetchPoolSummary } from '~/features/pool/pool-api.server';
import type { PoolSummary } from '~/features/pool/pool-stats';
import { useMinuteRefresh } from '~/features/pool/use-minute-refresh';
import { named } from '~/shared/route-middleware';
import type { Route } from './+types/layout';

export const middleware = named('coin');

export interface CoinOutletContext {
  coin: Coin;
  pool: PoolSummary;
  info: CoinInfo | null;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // The coin middleware has already refused tickers outside enabled and private_enabled.
  const coin = COINS[params.coin as CoinTicker];
  // The search form submitted before the page's JavaScript ran (or without it) arrives as
  // `?address=`: the same rules as in the browser, minus remembering the address. (`url` is the
  // page's, without the `.data` of a client-side request, so the redirect goes to a page.)
  if (url.searchParams.has('address')) {
    const address = normaliseSearchAddress(url.searchParams.get('address') ?? '');
    const { locale } = splitLocalePath(url.pathname);
    throw redirect(
      address ? `${localizePath(sitePaths.miner(coin.ticker, 'stats', address), locale)}?source=search` : url.pathname,
    );
  }
  const { api, coinContent } = context.get(appContext);
  const pool = await fetchPoolSummary(api, coin.ticker);
  // While a first start's history fills in, figures change by the second: not kept by the page cache.
  return data(
    { coin, pool, info: coinContent.coins[coin.ticker] ?? null },
    pool.stats?.history_filling ? { headers: { 'Cache-Control': 'no-store' } } : undefined,
  );
}

/** The layout's Cache-Control reaches every coin and miner page that sets none of its own. */
export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const control = loaderHeaders.get('Cache-Control');
  if (control) headers.set('Cache-Control', control);
  return headers;
}

export default function CoinLayout({ loaderData }: Route.ComponentProps) {
  useMinuteRefresh();
  const context: CoinOutletContext = loaderData;
  return (
    <>
      <PoolHeader coin={loaderData.coin} pool={loaderData.pool} />
      <HistoryFillingNotice filling={loaderData.pool.stats?.history_filling === true} />
      <CoinTabs coin={loaderData.coin} />
      <Outlet context={context} />
    </>
  );
}
