import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { isWatcherToken } from '@openpool/domain/routes';
import { data, Outlet, useLocation } from 'react-router';
import { sitePaths } from '@openpool/domain/paths';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { appContext } from '~/platform/context';
import { fetchWatchTarget } from '~/features/miner/miner-api.server';
import { WatcherBanner } from '~/features/miner/watcher-banner';
import { fetchPoolSummary } from '~/features/pool/pool-api.server';
import { lookup } from '~/data/api-lookup.server';
import { pageNotFound } from '~/platform/http-errors';
import type { Route } from './+types/layout';

/**
 * `/watch/{token}`: a watcher link (decision 023). The miner's pages, read-only, without the
 * address search or settings, with no worker IP and no e-mail anywhere (the alerts line, which
 * says which alerts are set, is left out). Never cached by anyone: a revoked link is a 404 at once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // A token that cannot be one is no link (the API would refuse a 3,000-character one unread).
  if (!isWatcherToken(params.token)) pageNotFound();
  const { api, coinContent } = context.get(appContext);
  const target = await lookup('watcher link', () => fetchWatchTarget(api, params.token));
  if (target.kind === 'not-found') pageNotFound();
  if (target.kind !== 'found') throw data('unavailable', { status: 503 });
  const { coin: ticker, address, label, expires_at } = target.value;
  const coin = COINS[ticker as CoinTicker];
  if (!coin) pageNotFound();
  const pool = await fetchPoolSummary(api, coin.ticker);
  return data(
    { coin, pool, info: coinContent.coins[coin.ticker] ?? null, watcher: { token: params.token, address, label, expires_at } },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function WatchLayout({ loaderData }: Route.ComponentProps) {
  const { watcher, coin } = loaderData;
  return (
    <>
      <WatcherBanner label={watcher.label} address={watcher.address} coin={coin.ticker} expiresAt={watcher.expires_at} />
      <WatchTabs token={watcher.token} />
      <Outlet context={loaderData} />
    </>
  );
}

/** The watcher link's two pages: the miner's stats and its payouts in every coin. */
function WatchTabs({ token }: { token: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const onPayouts = pathname.endsWith(sitePaths.watchPayouts(token));
  const tab = (current: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-medium ${current ? 'bg-accent/10 text-accent' : 'text-ink-muted hover:text-accent'}`;
  return (
    <nav className="mb-4 flex gap-2" aria-label={t('watcher.pages')} data-testid="watcher-tabs">
      <LocaleLink to={sitePaths.watch(token)} className={tab(!onPayouts)} aria-current={onPayouts ? undefined : 'page'}>
        {t('page.miner.stats')}
      </LocaleLink>
      <LocaleLink to={sitePaths.watchPayouts(token)} className={tab(onPayouts)} aria-current={onPayouts ? 'page' : undefined}>
        {t('page.miner.payouts')}
      </LocaleLink>
    </nav>
  );
}
