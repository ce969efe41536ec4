import { sitePaths } from '@openpool/domain/paths';
import { formatHashrate, formatInteger, formatPercentOf, truncateMiddle } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { useCoin } from '~/features/pool/coin-context';
import { fetchTopMiners } from '~/features/pool/pool-api.server';
import { lookup, valueOr } from '~/data/api-lookup.server';
import { Ltr } from '~/shared/ltr';
import { named } from '~/data/route-middleware.server';
import type { Route } from './+types/top-miners';
import { ScrollTable } from '~/shared/scroll-table';

export const middleware = named('top-miners');

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const miners = await lookup(`top miners ${params.coin}`, () => fetchTopMiners(api, params.coin), {
    missing: 'unavailable',
  });
  // Like the charts: the page stands (200) and says the list is unavailable (decision 007).
  return { miners: valueOr(miners, null) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const { miners } = loaderData;
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="mb-4 text-xl font-bold tracking-tight sm:text-2xl">{t('page.coin.topMiners', { name: coin.name })}</h1>
      {miners === null ? (
        <p className="text-ink-muted">{t('topMiners.unavailable')}</p>
      ) : miners.length === 0 ? (
        <p className="text-ink-muted">{t('common.nothingFound')}</p>
      ) : (
        <ScrollTable label={t('page.coin.topMiners', { name: coin.name })}>
          {/* Headings may wrap (in balanced lines: 'Hashrate' over '(24 h)') and figures may not: on a
              375 px phone the hashrate stands whole before the scroll fade, which falls on the next column. */}
          <table className="w-full text-sm tabular-nums [&_td]:whitespace-nowrap" data-testid="top-miners">
            <thead>
              <tr className="text-xs text-balance text-ink-muted">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t('topMiners.rank')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t('topMiners.address')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('topMiners.hashrate')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('topMiners.workers')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('topMiners.share')}
                </th>
              </tr>
            </thead>
            <tbody>
              {miners.map((miner) => (
                <tr key={miner.address} className="border-t border-line">
                  <td className="py-2 pe-3">
                    <Ltr>{formatInteger(miner.rank)}</Ltr>
                  </td>
                  <td className="py-2 pe-3">
                    <LocaleLink
                      to={sitePaths.miner(coin.ticker, 'stats', miner.address)}
                      className="font-mono text-accent hover:underline"
                      title={miner.address}
                      dir="ltr"
                    >
                      {truncateMiddle(miner.address)}
                    </LocaleLink>
                  </td>
                  <td className="py-2 pe-3 text-end">
                    <Ltr>{formatHashrate(miner.hashrate)}</Ltr>
                  </td>
                  <td className="py-2 pe-3 text-end">
                    <Ltr>{formatInteger(miner.workers)}</Ltr>
                  </td>
                  <td className="py-2 text-end">
                    <Ltr>{formatPercentOf('share', miner.share)}</Ltr>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}
