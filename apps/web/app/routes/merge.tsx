import { AUX_COINS, COINS, isCoinTicker, type CoinTicker, type MergedTicker } from '@openpool/domain/coins';
import { formatCoinAmount, formatFee, formatHashrate, formatInteger } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { fetchMerged, type MergedRow } from '~/features/about/about-api.server';
import { Unavailable } from '~/features/about/pool-figures';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { lookup, valueOr } from '~/data/api-lookup.server';
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
        // Each coin's own figures (decision 020), never its parent pool's.
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
      {/* On a phone each coin is a card with a line per figure (`.device-list`, app.css), no table to scroll sideways. */}
      <div className="device-list mt-6 md:overflow-x-auto md:rounded-lg md:border md:border-line">
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
                <th scope="row" className="px-3 py-2 text-start font-medium max-md:col-span-full max-md:p-0">
                  {coin.ownPool ? (
                    <LocaleLink to={`/${coin.ticker}`} className="text-accent hover:underline">
                      {coin.name}
                    </LocaleLink>
                  ) : (
                    coin.name
                  )}{' '}
                  <span className="text-ink-muted">({coin.ticker.toUpperCase()})</span>
                </th>
                <td className="px-3 py-2" data-label={t('mergePage.parent')}>
                  <LocaleLink to={`/${coin.parent.ticker}`} className="text-accent hover:underline">
                    {coin.parent.name}
                  </LocaleLink>
                </td>
                <MergedFigures figures={coin.figures} />
                <td className="px-3 py-2" data-label={t('mergePage.schedule')}>
                  <span>{t('mergePage.daily')}</span>
                </td>
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
  const labels = { blocks: t('aboutPool.blocks24h'), network: t('pool.card.network'), min: t('mergePage.minPayout') };
  if (!figures)
    return (
      <>
        <td className={cell} data-label={labels.blocks}>
          —
        </td>
        <td className={cell} data-label={labels.network}>
          —
        </td>
        <td className={cell} data-label={labels.min}>
          —
        </td>
      </>
    );
  return (
    <>
      <td className={cell} data-testid="merge-blocks" data-label={labels.blocks}>
        <Ltr>{formatInteger(figures.blocks_24h)}</Ltr>
      </td>
      <td className={cell} data-testid="merge-net-hashrate" data-label={labels.network}>
        {figures.net_hashrate > 0 ? <Ltr>{formatHashrate(figures.net_hashrate)}</Ltr> : t('common.notEnoughData')}
      </td>
      <td className={cell} data-testid="merge-min-payout" data-label={labels.min}>
        {/* One element: on a phone's card the cell's parts are the line's grid items. */}
        <span>
          <Ltr>{formatCoinAmount(figures.min_payout, figures.ticker)}</Ltr>
          <span className="block text-xs text-ink-muted">{t('mergePage.fee', { fee: formatFee(figures.fee) })}</span>
        </span>
      </td>
    </>
  );
}
