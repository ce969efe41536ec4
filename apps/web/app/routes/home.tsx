import { COINS } from '@openpool/domain/coins';
import { resolveSearch, type SearchOutcome } from '@openpool/domain/address-format';
import { localizePath, splitLocalePath } from '@openpool/domain/locales';
import { data, redirect } from 'react-router';
import { appContext } from '~/platform/context';
import { findReferenceDevice } from '~/features/hardware/reference.server';
import { redirectRootToDetectedLocale } from '~/data/detect-locale.server';
import { useT } from '~/i18n/use-t';
import { AddressSearch } from '~/features/pool/address-search';
import { DailyEstimate } from '~/features/pool/daily-estimate';
import { HistoryFillingNotice } from '~/features/pool/history-notice';
import { PoolCard } from '~/features/pool/pool-card';
import { fetchPoolSummary } from '~/features/pool/pool-api.server';
import { cardSummary } from '~/features/pool/pool-stats';
import { useMinuteRefresh } from '~/features/pool/use-minute-refresh';
import { searchTarget } from '~/shared/use-open-miner-page';
import type { Route } from './+types/home';

export async function loader({ request, url, context }: Route.LoaderArgs) {
  redirectRootToDetectedLocale(request);
  const { config, api } = context.get(appContext);
  // The home page's search before hydration (or without JavaScript): the address's format picks
  // the coin; a wrong or ambiguous one is answered on the page (decision 027).
  let search: Extract<SearchOutcome, { kind: 'invalid' }> | null = null;
  if (url.searchParams.has('address')) {
    const outcome = resolveSearch(url.searchParams.get('address') ?? '', null, config.enabled);
    const { locale } = splitLocalePath(url.pathname);
    if (outcome.kind === 'open') throw redirect(`${localizePath(searchTarget(outcome, 'stats'), locale)}?source=search`);
    if (outcome.kind === 'invalid') search = outcome;
  }
  // One pool-stats call per enabled coin (decision 005), in parallel; a failing coin
  // falls back to its defaults and is reported, and the page still renders.
  const summaries = await Promise.all(config.enabled.map((ticker) => fetchPoolSummary(api, ticker)));
  const pools = summaries.map(cardSummary);
  const historyFilling = summaries.some((summary) => summary.stats?.history_filling === true);
  const { coinContent } = context.get(appContext);
  const references = Object.fromEntries(config.enabled.map((ticker) => [ticker, coinContent.coins[ticker]?.reference ?? null]));
  // The reference device's page, where the catalogue has it (decision 010).
  const { hardware } = context.get(appContext);
  const deviceHrefs = Object.fromEntries(
    config.enabled.map((ticker) => {
      const reference = references[ticker];
      return [
        ticker,
        reference ? (findReferenceDevice(hardware, reference.device, COINS[ticker].algorithm)?.href ?? null) : null,
      ];
    }),
  );
  // While a first start's history fills in, figures change by the second: not kept by the page cache.
  return data(
    { pools, labels: config.coin_labels, references, deviceHrefs, historyFilling, search },
    historyFilling || search ? { headers: { 'Cache-Control': 'no-store' } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // The unprefixed home answers by cookie and Accept-Language; caches must key on them.
  if (loaderHeaders.get('Vary')) return loaderHeaders;
  const control = loaderHeaders.get('Cache-Control');
  return { Vary: 'Cookie, Accept-Language', ...(control ? { 'Cache-Control': control } : {}) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  useMinuteRefresh();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.home.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('page.home.lead')}</p>
      <div className="mt-4 max-w-2xl">
        <AddressSearch coin={null} initial={loaderData.search} />
      </div>
      <div className="mt-4">
        <HistoryFillingNotice filling={loaderData.historyFilling} />
      </div>
      <ul
        className="coin-cards mt-2 grid grid-cols-1 gap-3 min-[560px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
        data-testid="coin-list"
      >
        {loaderData.pools.map((pool) => (
          <PoolCard
            key={pool.ticker}
            pool={pool}
            label={loaderData.labels[pool.ticker]}
            estimate={
              pool.stats && loaderData.references[pool.ticker] ? (
                <DailyEstimate
                  stats={pool.stats}
                  reference={loaderData.references[pool.ticker]!}
                  ticker={pool.ticker}
                  deviceHref={loaderData.deviceHrefs[pool.ticker]}
                />
              ) : null
            }
          />
        ))}
      </ul>
    </>
  );
}
