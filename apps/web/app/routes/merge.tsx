import { AUX_COINS, COINS, isCoinTicker, type CoinTicker, type MergedTicker } from '@openpool/domain/coins';
import { formatCoinAmount, formatFee, formatHashrate, formatInteger } from '@openpool/domain/format';
import { appContext } from '~/context';
import { fetchMerged, type MergedRow } from '~/features/about/about-api.server';
import { Unavailable } from '~/features/about/pool-figures';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT } from '~/features/i18n/use-t';
import { lookup, valueOr } from '~/shared/api-lookup.server';
import { Ltr } from '~/shared/ltr';
import type { Route } from './+types/merge';

const nameOf = (ticker: MergedTicker) =>
  ticker in AUX_COINS ? AUX_COINS[ticker as keyof typeof AUX_COINS].name : COINS[ticker as CoinTicker].name;

export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(appContext);
  const parents = (Object.values(COINS) as Array<(typeof COINS)[CoinTicker]>).filter(
    (coin) => coin.mergedCoins.length > 0 && config.enabled.includes(coin.ticker),
  );
  // What merge mining is and which coins it covers stands without the live figures.
  const merged = valueOr(await lookup('merge: merged coins', () => fetchMerged(api)), null);
  return {
    live: merged !== null,
    coins: parents.flatMap((parent) =>
      parent.mergedCoins.map((child) => ({
        ticker: child,
        name: nameOf(child),
        parent: { ticker: parent.ticker, name: parent.name },
        // A merged coin with a pool of its own (fb) links to it.
        ownPool: isCoinTicker(child) && config.enabled.includes(child),
        // Each coin's own figures (issue 25, item 6), never its parent pool's.
        figures: merged?.find((row) => row.ticker === child) ?? null,
      })),
    ),
  };
}

/** `/merge`: what merge mining is, which coins we merge-mine, how they are paid, each coin's own live figures. */
export default function Merge({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const th = 'px-3 py-2 font-medium';
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.merge.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('mergePage.lead')}</p>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('mergePage.paid')}</p>
      {loaderData.live ? null : <Unavailable />}
      <div className="mt-6 overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm tabular-nums" data-testid="merge-table">
          <thead className="bg-surface-raised text-ink-muted">
            <tr>
              <th scope="col" className={`${th} text-start`}>
                {t('mergePage.coin')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('mergePage.parent')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('aboutPool.blocks24h')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('pool.card.network')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('mergePage.minPayout')}
              </th>
              <th scope="col" className={`${th} text-start`}>
                {t('mergePage.schedule')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.coins.map((coin) => (
              <tr key={coin.ticker} className="border-t border-line" data-testid={`merge-row-${coin.ticker}`}>
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {coin.ownPool ? (
                    <LocaleLink to={`/${coin.ticker}`} className="text-accent hover:underline">
                      {coin.name}
                    </LocaleLink>
                  ) : (
                    coin.name
                  )}{' '}
                  <span className="text-ink-muted">({coin.ticker.toUpperCase()})</span>
                </th>
                <td className="px-3 py-2">
                  <LocaleLink to={`/${coin.parent.ticker}`} className="text-accent hover:underline">
                    {coin.parent.name}
                  </LocaleLink>
                </td>
                <MergedFigures figures={coin.figures} />
                <td className="px-3 py-2">{t('mergePage.daily')}</td>
              </tr>
            ))}
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

/** The coin's own blocks in 24 hours, its chain's hashrate and its minimum payout with the fee. */
function MergedFigures({ figures }: { figures: MergedRow | null }) {
  const t = useT();
  const cell = 'px-3 py-2 text-end';
  if (!figures)
    return (
      <>
        <td className={cell}>—</td>
        <td className={cell}>—</td>
        <td className={cell}>—</td>
      </>
    );
  return (
    <>
      <td className={cell} data-testid="merge-blocks">
        <Ltr>{formatInteger(figures.blocks_24h)}</Ltr>
      </td>
      <td className={cell} data-testid="merge-net-hashrate">
        {figures.net_hashrate > 0 ? <Ltr>{formatHashrate(figures.net_hashrate)}</Ltr> : t('common.notEnoughData')}
      </td>
      <td className={cell} data-testid="merge-min-payout">
        <Ltr>{formatCoinAmount(figures.min_payout, figures.ticker)}</Ltr>
        <span className="block text-xs text-ink-muted">{t('mergePage.fee', { fee: formatFee(figures.fee) })}</span>
      </td>
    </>
  );
}
