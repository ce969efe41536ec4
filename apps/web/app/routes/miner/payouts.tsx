import { sitePaths } from '@openpool/domain/paths';
import { appContext } from '~/platform/context';
import { useT } from '~/i18n/use-t';
import { loadPayouts } from '~/features/miner/payouts-loader.server';
import { PayoutsView } from '~/features/miner/payouts-view';
import { lookupRedirect } from '~/features/miner/settings-payouts-lookup';
import { MinerAddressBar } from '~/features/miner/miner-address-bar';
import { ExportDialog } from '~/features/miner/export-dialog';
import { SettingsPayoutsSearch } from '~/features/miner/settings-payouts-search';
import { useCoin } from '~/features/pool/coin-context';
import { pageData } from '~/data/api-lookup.server';
import type { Route } from './+types/payouts';

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const search = lookupRedirect(url, params.coin, 'payouts');
  if (search) throw search;
  const address = params.address;
  if (!address) return { address: null };
  const { api, coinContent } = context.get(appContext);
  const coin = params.coin as Parameters<typeof loadPayouts>[2];
  const { page, explorers } = await loadPayouts(api, coinContent, coin, address, url);
  // A malformed or unknown address shows 'nothing found' (404); an outage says so (503).
  if (page.kind !== 'found') return pageData({ kind: page.kind, address, payouts: null, explorers });
  return pageData({ kind: page.kind, address, payouts: page.value, explorers });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  if (loaderData.address === null) {
    return (
      <section className="rounded-xl border border-line bg-surface-raised p-4">
        <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
        <SettingsPayoutsSearch coin={coin.ticker} page="payouts" intro={t('payouts.searchIntro')} />
      </section>
    );
  }
  const { address, payouts, explorers } = loaderData;
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
        {loaderData.kind === 'found' ? <ExportDialog coin={coin.ticker} address={address} /> : null}
      </div>
      <MinerAddressBar coin={coin.ticker} address={address} current="payouts" />
      {loaderData.kind === 'not-found' ? (
        <p className="text-ink-muted" data-testid="payouts-empty">
          {t('common.nothingFound')}
        </p>
      ) : payouts === null ? (
        <p className="text-ink-muted">{t('payouts.unavailable')}</p>
      ) : (
        <PayoutsView payouts={payouts} explorers={explorers} base={sitePaths.miner(coin.ticker, 'payouts', address)} />
      )}
    </section>
  );
}
