/**
 * A device's profitability: the visitor's power cost and price (a GET form without JavaScript,
 * applied at every keystroke with it), what payback is based on, the best coin and every coin
 * it cannot be priced for, said as such rather than left out (`DeviceProfit`); and a row per
 * coin it mines, the full width of the page (`DeviceProfitTable`).
 */
import { bestCoin } from '@openpool/domain/hardware-profit';
import { powerCostForInput } from '@openpool/domain/power-cost';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import type { DevicePageData } from './device-page-data';
import { PowerCostInput } from './power-cost-input';
import { PriceInput } from './price-input';
import type { MarketProfit } from './profit';
import { isolate, ProfitTable } from './profit-table';

export type PriceBasis = 'typed' | 'offer' | 'launch' | null;

const BASIS = { typed: 'hw.priceBasis.typed', offer: 'hw.priceBasis.offer', launch: 'hw.priceBasis.launch' } as const;

export function DeviceProfit({
  data,
  profits,
  money,
  powerCost,
  price,
}: {
  data: DevicePageData;
  profits: readonly MarketProfit[];
  money: { code: string; perUsd: number; format: (amount: number) => string };
  powerCost: { value: number; fiat: Readonly<Record<string, number>>; onChange: (value: string) => void };
  price: { basis: PriceBasis; typed: number | null; known: number | null; onChange: (amount: number | null) => void };
}) {
  const t = useT();
  const best = bestCoin(profits);
  const unavailable = data.coins.filter((coin) => !profits.some((row) => row.coin.ticker === coin.ticker));
  return (
    <div className="min-w-0 rounded-xl border border-line bg-surface-raised p-4">
      <form method="get" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <PowerCostInput value={powerCost.value} currency={money.code} fiat={powerCost.fiat} onChange={powerCost.onChange} />
        <PriceInput
          value={price.typed}
          currency={money.code}
          placeholder={price.known === null ? '' : String(Math.round(price.known))}
          onChange={price.onChange}
        />
        <noscript>
          <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink">
            {t('hw.filters.apply')}
          </button>
        </noscript>
      </form>
      <p className="mt-2 text-xs text-ink-muted" data-testid="price-basis">
        {price.basis === null ? t('hw.priceBasis.none') : t(BASIS[price.basis])}
      </p>
      {best ? (
        <p className="mt-3 rounded-lg bg-surface p-3 text-sm" data-testid="best-coin">
          {t('hw.best', { coin: best.coin.name })}{' '}
          <LocaleLink
            to={`/${best.coin.ticker}`}
            className="font-semibold text-accent hover:underline"
            data-testid="start-mining"
          >
            {t('hw.startMining', { coin: best.coin.ticker.toUpperCase() })}
          </LocaleLink>
        </p>
      ) : null}
      {unavailable.length > 0 || data.withoutFigure.length > 0 ? (
        <div className="mt-4 border-t border-line pt-3 text-sm" data-testid="coins-without-figures">
          <h3 className="font-medium">{t('hw.notMined.title')}</h3>
          <ul className="mt-1 grid gap-1 text-ink-muted">
            {unavailable.map((coin) => (
              <li key={coin.ticker} data-testid={`not-mined-${coin.ticker}`}>
                {t('hw.notMined.unavailable', { coin: `${coin.name} (${coin.ticker.toUpperCase()})` })}
              </li>
            ))}
            {data.withoutFigure.map((coin) => (
              <li key={coin.ticker} data-testid={`not-mined-${coin.ticker}`}>
                {t(coin.published ? 'hw.notMined.noFigure' : 'hw.notMined.unpublished', {
                  coin: `${coin.name} (${coin.ticker.toUpperCase()})`,
                  algorithm: coin.algorithm,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function DeviceProfitTable({
  data,
  profits,
  money,
  powerCost,
  priced,
  time,
}: {
  data: DevicePageData;
  profits: readonly MarketProfit[];
  money: { code: string; format: (amount: number) => string };
  powerCost: number;
  priced: boolean;
  time: Intl.DateTimeFormat;
}) {
  const t = useT();
  return (
    <section className="mt-6 rounded-xl border border-line bg-surface-raised p-4" aria-labelledby="profit-title">
      <h2 id="profit-title" className="text-lg font-semibold">
        {t('hw.profitability')}
      </h2>
      {profits.length === 0 ? (
        <p className="mt-3 text-ink-muted" data-testid="no-profit">
          {t('hw.noFigures')}
        </p>
      ) : (
        <ProfitTable profits={profits} figures={data.device.algorithms} format={money.format} time={time} priced={priced} />
      )}
      {profits.length > 0 && priced ? (
        <p className="mt-3 text-xs text-ink-muted" data-testid="payback-note">
          {t('hw.paybackNote')}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-ink-muted">
        {t('hw.assumptions', { cost: isolate(`${powerCostForInput(powerCost)} ${money.code}/kWh`) })}
        {data.market.rates_at !== null
          ? ` ${t('hw.pricesAt', { time: time.format(new Date(data.market.rates_at * 1000)) })}`
          : ''}
      </p>
    </section>
  );
}
