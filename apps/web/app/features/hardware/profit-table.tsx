/**
 * A device's profitability per coin: coins a day with the network figures behind them, money
 * a day, payback (flat and along the difficulty trend) and the break-even power cost.
 */
import { formatCoinAmount, formatDifficulty, formatFee, formatPercentOf } from '@openpool/domain/format';
import type { AlgorithmFigure } from '@openpool/domain/hardware';
import { revenueScheme } from '@openpool/domain/profitability';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { formatCoins, sourceHost } from './figures';
import type { MarketProfit } from './profit';

/**
 * A figure with its unit inside a sentence, kept left to right in right-to-left text (fa):
 * Unicode isolates, since a message's values are text, not elements.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * What the trend payback assumes, under it (decision 020): the difficulty's change a day
 * over the history it was measured on, so 'Never pays back' beside '473 days' says why; or
 * that there is too little history to tell.
 */
function TrendRate({ trend }: { trend: MarketProfit['coin']['trend'] }) {
  const t = useT();
  if (!trend || trend.daily === null) return <span className="block text-xs text-ink-muted">{t('hw.trendUnknown')}</span>;
  const change = trend.daily - 1;
  const rate = `${change > 0 ? '+' : ''}${formatPercentOf('trend', change)}`;
  return (
    <span className="block text-xs text-ink-muted" data-testid="trend-rate">
      {t('hw.trendRate', { rate, days: Math.round(trend.days) })}
    </span>
  );
}

export function ProfitTable({
  profits,
  figures,
  format,
  time,
  priced,
}: {
  profits: readonly MarketProfit[];
  /** The device's figures: each row names the algorithm and publisher of the one it uses. */
  figures: readonly Pick<AlgorithmFigure, 'algorithm' | 'source'>[];
  /** Whether the device has a price: without one, payback cannot be told. */
  priced: boolean;
  format: (amount: number) => string;
  time: Intl.DateTimeFormat;
}) {
  const t = useT();
  const money = (value: number | null) =>
    value === null ? (
      <span className="text-ink-muted">{t('hw.noPrice')}</span>
    ) : (
      <Ltr>
        <span className={value < 0 ? 'text-red-700 dark:text-red-300' : ''}>{format(value)}</span>
      </Ltr>
    );
  const days = (value: number | null, known = true) =>
    !known ? (
      '–'
    ) : value === null ? (
      <span className="text-ink-muted">{t('hw.never')}</span>
    ) : (
      t('hw.paybackDays', { n: Math.ceil(value) })
    );
  // Without any price, payback says how to get one: the price field of this page.
  const enterPrice = (
    <a href="#device-price" className="text-accent hover:underline">
      {t('hw.enterPrice')}
    </a>
  );
  const th = 'py-2 pe-3 font-medium';
  return (
    // On a phone each coin is a card with a line per figure (`.device-list` in app.css), never a table to scroll sideways.
    <div className="device-list mt-3 md:overflow-x-auto">
      <table className="w-full text-sm tabular-nums md:min-w-[40rem]" data-testid="profit-table">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className={`${th} text-start`}>
              {t('hw.col.coin')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.coinsPerDay')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.revenue')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.electricity')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.profit')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.paybackToday')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.paybackTrend')}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('hw.breakEven')}
            </th>
          </tr>
        </thead>
        <tbody>
          {profits.map((row) => {
            const scheme = revenueScheme(row.coin.schemes);
            const figure = figures.find((entry) => entry.algorithm === row.coin.algorithm);
            return (
              <tr key={row.coin.ticker} className="border-t border-line align-top" data-testid={`profit-${row.coin.ticker}`}>
                <td className="py-2 pe-3">
                  <LocaleLink to={`/${row.coin.ticker}`} className="me-2 font-medium text-accent hover:underline">
                    {row.coin.ticker.toUpperCase()}
                  </LocaleLink>
                  {row.merged.length > 0 ? (
                    // Its margin in the page's direction, its words left to right inside: a left-to-right
                    // span put its end margin on its right, so in Persian it doubled the gap after the
                    // ticker and left none before the algorithm ('scrypt ·+ DOGE').
                    <span className="me-2 font-medium" data-testid="profit-merged">
                      <bdi dir="ltr">+ {row.merged.map((child) => child.ticker.toUpperCase()).join(' + ')}</bdi>
                    </span>
                  ) : null}
                  {/* Latin words in a right-to-left page: isolated, or they ran into the ticker. One
                      block: wrapped as text, 'scrypt ·' ended a line and its source began the next. */}
                  {figure ? (
                    <span className="inline-block text-xs text-ink-muted" dir="ltr" data-testid="profit-figure">
                      {figure.algorithm} ·{' '}
                      <a href={figure.source} rel="noopener noreferrer" className="text-accent underline underline-offset-2">
                        {sourceHost(figure.source)}
                      </a>
                    </span>
                  ) : null}
                  <div className="max-w-[16rem] text-xs text-ink-muted" data-testid="profit-inputs">
                    {t('hw.inputs', {
                      difficulty: isolate(formatDifficulty(row.coin.net_difficulty)),
                      reward: isolate(formatCoinAmount(row.coin.block_reward, row.coin.ticker)),
                      fee: isolate(
                        `${scheme === 'pps' ? 'PPS+' : scheme.toUpperCase()} ${formatFee(row.coin.fees[scheme] ?? 0)}`,
                      ),
                      time: time.format(new Date(row.coin.updated_at * 1000)),
                    })}
                  </div>
                </td>
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.coinsPerDay')}>
                  <span data-testid="coins-per-day">
                    <Ltr>{formatCoins(row.coinsPerDay, row.coin.ticker)}</Ltr>
                  </span>
                  {/* The same hashes merge-mine these at no extra power (their worth is in the revenue and
                      profit): under the coin's own coins a day, in its column, as the calculator below
                      writes them, one coin a line: side by side they wrapped wherever the column ended
                      ('+ DOGE + PEP' over a lone '+ BELLS'). A phone's card gives them a line across its
                      width (`.card-line`, app.css): in the value column of a fa card '+ 114.020842 DOGE'
                      ran past the card's edge. */}
                  {row.merged.length > 0 ? (
                    <div className="card-line text-xs font-medium" data-testid="profit-merged-per-day">
                      {row.merged.map((child) => (
                        <span key={child.ticker} className="block" data-testid={`merged-per-day-${child.ticker}`}>
                          <Ltr>{`+ ${formatCoins(child.coinsPerDay, child.ticker)} ${child.ticker.toUpperCase()}`}</Ltr>
                        </span>
                      ))}
                    </div>
                  ) : null}
                </td>
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.revenue')}>
                  {money(row.revenue)}
                </td>
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.electricity')}>
                  {money(row.electricity)}
                </td>
                <td className="py-2 pe-3 text-end font-semibold" data-testid="coin-profit" data-label={t('hw.col.profit')}>
                  {money(row.profit)}
                </td>
                <td className="py-2 pe-3 text-end" data-testid="coin-payback" data-label={t('hw.col.paybackToday')}>
                  {row.revenue === null ? '–' : !priced ? enterPrice : days(row.paybackDays)}
                </td>
                <td className="py-2 pe-3 text-end" data-testid="coin-payback-trend" data-label={t('hw.col.paybackTrend')}>
                  {/* On a phone's card the figure ends the line and the trend takes the next (app.css). */}
                  <span className="card-note-line">
                    {row.revenue === null ? '–' : !priced ? enterPrice : days(row.paybackWithTrend, row.trendKnown)}
                    <TrendRate trend={row.coin.trend} />
                  </span>
                </td>
                <td className="py-2 text-end" data-label={t('hw.breakEven')}>
                  {row.breakEvenPowerCost === null ? '–' : <Ltr>{format(row.breakEvenPowerCost)}</Ltr>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {profits.some((row) => row.merged.length > 0) ? (
        <p className="mt-2 text-xs text-ink-muted" data-testid="profit-merged-note">
          {t('hw.mergedNote')}
        </p>
      ) : null}
    </div>
  );
}
