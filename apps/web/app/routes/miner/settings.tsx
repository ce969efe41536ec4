import { useState } from 'react';
import { appContext } from '~/platform/context';
import { useT } from '~/i18n/use-t';
import { fetchSettings } from '~/features/miner/miner-api.server';
import { SettingsForm, type Outcome } from '~/features/miner/settings-form';
import { lookupRedirect } from '~/features/miner/settings-payouts-lookup';
import { MinerAddressBar } from '~/features/miner/miner-address-bar';
import { SettingsPayoutsSearch } from '~/features/miner/settings-payouts-search';
import { WatcherLinks } from '~/features/miner/watcher-links';
import { useCoin } from '~/features/pool/coin-context';
import { lookup, pageData } from '~/data/api-lookup.server';
import type { Route } from './+types/settings';

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const search = lookupRedirect(url, params.coin, 'settings');
  if (search) throw search;
  const address = params.address;
  if (!address) return { address: null };
  const { api } = context.get(appContext);
  // The settings say themselves whether they can change yet (`active`: the pool has seen a
  // share from the address); an address never seen still has the pool's defaults.
  const settings = await lookup(`settings ${params.coin}`, () => fetchSettings(api, params.coin, address));
  // A malformed address is nothing found (404); anything else is an outage (503).
  if (settings.kind !== 'found') return pageData({ kind: settings.kind, address, settings: null });
  return pageData({ kind: settings.kind, address, settings: settings.value });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  // The outcome of the last apply, for the address it was for.
  const [result, setResult] = useState<{ address: string; outcome: Outcome } | null>(null);
  if (loaderData.address === null) {
    return (
      <section className="rounded-xl border border-line bg-surface-raised p-4">
        <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.settings')}</h1>
        <SettingsPayoutsSearch coin={coin.ticker} page="settings" intro={t('settings.searchIntro')} />
      </section>
    );
  }
  const { address, settings } = loaderData;
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.settings')}</h1>
      <MinerAddressBar coin={coin.ticker} address={address} current="settings" />
      {settings === null ? (
        <p className="text-ink-muted">{loaderData.kind === 'not-found' ? t('common.nothingFound') : t('settings.unavailable')}</p>
      ) : (
        <>
          {!settings.active && (
            <p className="mb-4 rounded-lg border border-line p-3 text-sm" role="note" data-testid="settings-inactive">
              {t('settings.inactive')}
            </p>
          )}
          <SettingsForm
            // New values (the read after an apply, the minute refresh) start the form again; the
            // outcome of the apply lives here, so it stays on screen.
            key={[
              address,
              settings.payout_threshold,
              settings.email_set,
              settings.email_confirmed,
              settings.notify_offline,
              settings.notify_payouts,
              settings.offline_after_min,
              settings.hashrate_drop_pct,
            ].join('|')}
            coin={coin}
            address={address}
            settings={settings}
            active={settings.active}
            outcome={result?.address === address ? result.outcome : null}
            onOutcome={(outcome) => setResult({ address, outcome })}
          />
          {settings.active ? <WatcherLinks coin={coin.ticker} address={address} /> : null}
        </>
      )}
    </section>
  );
}

/** Settings just changed must show at once: never from a shared cache (nor the page micro-cache). */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}
