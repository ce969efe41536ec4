import type { CoinInfo } from '@openpool/domain/coin-content';
import { COINS, type Coin, type CoinTicker } from '@openpool/domain/coins';
import { resolveSearch, type SearchOutcome } from '@openpool/domain/address-format';
import { localizePath, splitLocalePath } from '@openpool/domain/locales';
import { data, Outlet, redirect } from 'react-router';
import { appContext } from '~/platform/context';
import { CoinTabs } from '~/features/pool/coin-tabs';
import { HistoryFillingNotice } from '~/features/pool/history-notice';
import { PoolHeader } from '~/features/pool/pool-header';
import { fetchPoolSummary } from '~/features/pool/pool-api.server';
import type { PoolSummary } from '~/features/pool/pool-stats';
import { useMinuteRefresh } from '~/features/pool/use-minute-refresh';
import { named } from '~/data/route-middleware.server';
import { searchTarget } from '~/shared/use-open-miner-page';
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
  // A wrong address stays on the page, the search box saying what is wrong (decision 027).
  let search: Extract<SearchOutcome, { kind: 'invalid' }> | null = null;
  if (url.searchParams.has('address')) {
    const { config } = context.get(appContext);
    const outcome = resolveSearch(url.searchParams.get('address') ?? '', coin.ticker, config.enabled);
    const { locale } = splitLocalePath(url.pathname);
    if (outcome.kind === 'invalid') search = outcome;
    else
      throw redirect(
        outcome.kind === 'open' ? `${localizePath(searchTarget(outcome, 'stats'), locale)}?source=search` : url.pathname,
      );
  }
  const { api, coinContent } = context.get(appContext);
  const pool = await fetchPoolSummary(api, coin.ticker);
  // While a first start's history fills in, figures change by the second: not kept by the page cache.
  return data(
    { coin, pool, info: coinContent.coins[coin.ticker] ?? null, search },
    pool.stats?.history_filling || search ? { headers: { 'Cache-Control': 'no-store' } } : undefined,
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
      <PoolHeader coin={loaderData.coin} pool={loaderData.pool} search={loaderData.search} />
      <HistoryFillingNotice filling={loaderData.pool.stats?.history_filling === true} />
      <CoinTabs coin={loaderData.coin} />
      <Outlet context={context} />
    </>
  );
}
