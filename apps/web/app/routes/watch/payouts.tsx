import { isWatcherToken } from '@openpool/domain/routes';
import { sitePaths } from '@openpool/domain/paths';
import type { CoinTicker } from '@openpool/domain/coins';
import { useOutletContext } from 'react-router';
import { appContext } from '~/platform/context';
import { useT } from '~/i18n/use-t';
import { fetchWatchTarget } from '~/features/miner/miner-api.server';
import { loadPayouts } from '~/features/miner/payouts-loader.server';
import { PayoutsView } from '~/features/miner/payouts-view';
import { lookup, pageData } from '~/data/api-lookup.server';
import { pageNotFound } from '~/platform/http-errors';
import type { Route } from './+types/payouts';

/** A watcher link's payouts (decision 023): every coin's payouts and totals, read-only, no settings. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!isWatcherToken(params.token)) pageNotFound();
  const { api, coinContent } = context.get(appContext);
  const target = await lookup('watcher payouts', () => fetchWatchTarget(api, params.token));
  if (target.kind !== 'found') return pageData({ kind: target.kind, payouts: null, explorers: {} });
  const { page, explorers } = await loadPayouts(api, coinContent, target.value.coin as CoinTicker, target.value.address, url);
  if (page.kind !== 'found') return pageData({ kind: page.kind, payouts: null, explorers });
  return pageData({ kind: page.kind, payouts: page.value, explorers });
}

export default function WatchPayouts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { watcher } = useOutletContext<{ watcher: { token: string } }>();
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4" data-testid="watcher-payouts">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
      {loaderData.payouts === null ? (
        <p className="mt-3 text-ink-muted">{t('payouts.unavailable')}</p>
      ) : (
        <PayoutsView payouts={loaderData.payouts} explorers={loaderData.explorers} base={sitePaths.watchPayouts(watcher.token)} />
      )}
    </section>
  );
}
