import { numberFormat } from '@openpool/domain/intl';
import { AUX_COINS, COINS, type CoinTicker, type MergedTicker } from '@openpool/domain/coins';
import { formatHashrate } from '@openpool/domain/format';
import { appContext } from '~/context';
import { fetchPools } from '~/features/about/about-api.server';
import { Unavailable } from '~/features/about/pool-figures';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';
import { lookup, valueOr } from '~/shared/api-lookup.server';
import type { Route } from './+types/merge';

const nameOf = (ticker: MergedTicker) =>
  ticker in AUX_COINS ? AUX_COINS[ticker as keyof typeof AUX_COINS].name : COINS[ticker as CoinTicker].name;

export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(appContext);
  const parents = (Object.values(COINS) as Array<(typeof COINS)[CoinTicker]>).filter((coin) => coin.mergedCoins.length > 0);
  // What merge mining is and which coins it covers stands without the live parent figures.
  const pools = valueOr(await lookup('merge: pool list', () => fetchPools(api, config.enabled)), null);
  return {
    live: pools !== null,
    parents: parents.map((parent) => {
      const row = pools?.rows.find((r) => r.ticker === parent.ticker);
      return {
        ticker: parent.ticker,
        name: parent.name,
        merged: parent.mergedCoins.map((child) => ({ ticker: child, name: nameOf(child) })),
        hashrate: row?.hashrate ?? null,
        miners: row?.miners ?? null,
      };
    }),
  };
}

/** `/merge`: what merge mining is, which coins we merge-mine, how they are paid, live parent figures. */
export default function Merge({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const number = numberFormat(useLocale().iso);
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.merge.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('mergePage.lead')}</p>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('mergePage.paid')}</p>
      {loaderData.live ? null : <Unavailable />}
      <div className="mt-6 overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm" data-testid="merge-table">
          <thead className="bg-surface-raised text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('mergePage.coin')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('mergePage.parent')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('mergePage.schedule')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('mergePage.parentLive')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.parents.flatMap((parent) =>
              parent.merged.map((child) => (
                <tr key={child.ticker} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    {child.name} ({child.ticker.toUpperCase()})
                  </th>
                  <td className="px-3 py-2">
                    <LocaleLink to={`/${parent.ticker}`} className="text-accent hover:underline">
                      {parent.name}
                    </LocaleLink>
                  </td>
                  <td className="px-3 py-2">{t('mergePage.daily')}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {parent.hashrate === null
                      ? '—'
                      : `${formatHashrate(parent.hashrate)} · ${t('aboutPool.miners')}: ${number.format(parent.miners ?? 0)}`}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-4">
        <LocaleLink to="/articles/merge-mining-explained" className="text-accent hover:underline">
          {t('mergePage.details')}
        </LocaleLink>
      </p>
    </section>
  );
}
