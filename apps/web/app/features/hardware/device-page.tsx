/**
 * One device's page: specifications, profitability per coin at the visitor's power cost, the
 * calculator and the sellers. Each section is a module of its own; this one reads the URL and
 * the visitor's settings and hands every section the same figures.
 */
import type { Device, Manufacturer, Offer } from '@openpool/domain/hardware';
import { bestCoin, parsePowerCost } from '@openpool/domain/hardware-profit';
import { dateTimeFormat } from '@openpool/domain/intl';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';
import { Calculator } from './calculator';
import { TYPE_TITLE } from './device-list';
import { DeviceSellers } from './device-sellers';
import { DeviceSpecs } from './device-specs';
import { PowerCostInput } from './power-cost-input';
import { marketProfits, type Market } from './profit';
import { isolate, ProfitTable } from './profit-table';
import { useMoney } from './use-money';
import { usePowerCost } from './use-power-cost';

export interface DevicePageData {
  device: Device;
  vendor: Manufacturer;
  offers: readonly Offer[];
  /** Cheapest offer in stock, else the launch price (USD). */
  priceUsd: number | null;
  market: Market;
}

export function DevicePage({ data }: { data: DevicePageData }) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney(data.market);
  const [searchParams] = useSearchParams();
  const [powerCost, setPowerCost] = usePowerCost(parsePowerCost(searchParams.get('power_cost')));
  const { device, vendor } = data;
  const profits = marketProfits(device.algorithms, data.market, {
    powerCost,
    perUsd: money.perUsd,
    devicePriceUsd: data.priceUsd,
  });
  const best = bestCoin(profits);
  const time = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const calculatorCoin = best?.coin ?? profits[0]?.coin ?? null;
  const calculatorFigure = device.algorithms.find((entry) => entry.algorithm === calculatorCoin?.algorithm);

  return (
    <article>
      <nav className="text-sm text-ink-muted" aria-label={t('nav.hardware')}>
        <LocaleLink to={`/device/${device.type}`} className="text-accent hover:underline">
          {t(TYPE_TITLE[device.type])}
        </LocaleLink>
        {' / '}
        <LocaleLink to={`/device/${device.type}/${vendor.slug}`} className="text-accent hover:underline">
          {vendor.name}
        </LocaleLink>
      </nav>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="device-name">
        {device.name}
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <DeviceSpecs device={device} vendor={vendor} money={money} />

        <section className="min-w-0 rounded-xl border border-line bg-surface-raised p-4" aria-labelledby="profit-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="profit-title" className="text-lg font-semibold">
              {t('hw.profitability')}
            </h2>
            <PowerCostInput value={powerCost} currency={money.code} onChange={setPowerCost} />
          </div>
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
          {profits.length === 0 ? (
            <p className="mt-3 text-ink-muted" data-testid="no-profit">
              {t('hw.noFigures')}
            </p>
          ) : (
            <ProfitTable
              profits={profits}
              format={money.format}
              time={time}
              locale={locale.iso}
              priced={data.priceUsd !== null}
            />
          )}
          <p className="mt-3 text-xs text-ink-muted">
            {t('hw.assumptions', { cost: isolate(`${powerCost} ${money.code}/kWh`) })}
            {data.market.rates_at !== null
              ? ` ${t('hw.pricesAt', { time: time.format(new Date(data.market.rates_at * 1000)) })}`
              : ''}
          </p>
        </section>
      </div>

      {calculatorCoin && calculatorFigure ? (
        <div className="mt-6">
          <Calculator
            key={calculatorCoin.ticker}
            coins={profits.map((row) => row.coin)}
            initial={{ ticker: calculatorCoin.ticker, hashrate: calculatorFigure.hashrate, power: calculatorFigure.power }}
            powerCost={powerCost}
            onPowerCost={setPowerCost}
            currency={money.code}
            perUsd={money.perUsd}
            format={money.format}
            withPowerCost={false}
          />
        </div>
      ) : null}

      <DeviceSellers offers={data.offers} money={money} />
    </article>
  );
}
