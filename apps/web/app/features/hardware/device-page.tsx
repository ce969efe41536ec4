/**
 * One device's page: specifications, sellers, profitability per coin and the calculator. Over
 * 300 lines because its sections read one device and one market each; the pieces shared with
 * the lists (figures, profit, power cost) already live in their own modules.
 */
import { formatDifficulty, formatFee } from '@openpool/domain/format';
import type { Device, Manufacturer, Offer } from '@openpool/domain/hardware';
import { dateTimeFormat, numberFormat } from '@openpool/domain/intl';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useLocale } from '~/features/i18n/use-locale';
import { useT, type MessageId } from '~/features/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { Calculator } from './calculator';
import { TYPE_TITLE } from './device-list';
import { formatCoins, formatEfficiency, formatHashrate, formatPower } from './figures';
import { PowerCostInput } from './power-cost-input';
import { bestCoin, deviceProfits, type CoinProfit, type Market } from './profit';
import { useMoney } from './use-money';
import { parsePowerCost, usePowerCost } from './use-power-cost';

export interface DevicePageData {
  device: Device;
  vendor: Manufacturer;
  offers: readonly Offer[];
  /** Cheapest offer in stock, else the launch price (USD). */
  priceUsd: number | null;
  market: Market;
}

const STOCK: Record<Offer['stock'], MessageId> = {
  in_stock: 'hw.stock.in_stock',
  preorder: 'hw.stock.preorder',
  out_of_stock: 'hw.stock.out_of_stock',
};

function Spec({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

export function DevicePage({ data }: { data: DevicePageData }) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney(data.market);
  const [searchParams] = useSearchParams();
  const [powerCost, setPowerCost] = usePowerCost(parsePowerCost(searchParams.get('power_cost')));
  const { device, vendor } = data;
  const profits = deviceProfits(device, data.market, powerCost, money.perUsd, data.priceUsd);
  const best = bestCoin(profits);
  const month = dateTimeFormat(locale.iso, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const day = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const time = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const integer = numberFormat(locale.iso, { maximumFractionDigits: 2 });
  const releaseDate = new Date(`${device.release}-01T00:00:00Z`);
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
        <section className="rounded-xl border border-line bg-surface-raised p-4" aria-labelledby="specs-title">
          <h2 id="specs-title" className="text-lg font-semibold">
            {t('hw.specs')}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Spec label={t('hw.spec.manufacturer')}>
              <LocaleLink to={`/device/${vendor.slug}`} className="text-accent hover:underline">
                {vendor.name}
              </LocaleLink>
            </Spec>
            {device.algorithms.map((entry) => (
              <Spec key={entry.algorithm} label={entry.algorithm} testId={`spec-${entry.algorithm}`}>
                <Ltr>
                  {formatHashrate(entry.hashrate)} · {formatPower(entry.power)} · {formatEfficiency(entry.power, entry.hashrate)}
                </Ltr>
              </Spec>
            ))}
            {device.type === 'asic' ? (
              <Spec label={t('hw.spec.noise')}>{device.noise_db === null ? '–' : <Ltr>{`${device.noise_db} dB`}</Ltr>}</Spec>
            ) : null}
            {device.type === 'gpu' ? (
              <>
                <Spec label={t('hw.spec.memory')}>
                  <Ltr>{`${device.memory_gb} GB ${device.memory_type}`}</Ltr>
                </Spec>
                <Spec label={t('hw.spec.clocks')}>
                  <Ltr>{`${device.base_clock_mhz} / ${device.boost_clock_mhz} MHz`}</Ltr>
                </Spec>
              </>
            ) : null}
            {device.type === 'cpu' ? (
              <>
                <Spec label={t('hw.spec.cores')}>{device.cores}</Spec>
                <Spec label={t('hw.spec.threads')}>{device.threads}</Spec>
                <Spec label={t('hw.spec.cache')}>
                  <Ltr>{`${integer.format(device.cache_mb)} MB L3`}</Ltr>
                </Spec>
                <Spec label={t('hw.spec.clocks')}>
                  <Ltr>{`${device.base_clock_ghz} / ${device.boost_clock_ghz} GHz`}</Ltr>
                </Spec>
                <Spec label={t('hw.spec.socket')}>{device.socket}</Spec>
                <Spec label={t('hw.spec.tdp')}>
                  <Ltr>{formatPower(device.tdp_w)}</Ltr>
                </Spec>
              </>
            ) : null}
            <Spec label={t('hw.spec.release')}>{month.format(releaseDate)}</Spec>
            <Spec label={t('hw.spec.price')}>
              {device.price_usd === null ? '–' : <Ltr>{money.format(device.price_usd * money.perUsd)}</Ltr>}
            </Spec>
          </dl>
          <p className="mt-4 text-xs text-ink-muted" data-testid="device-source">
            {t('hw.source', { date: day.format(new Date(`${device.as_of}T00:00:00Z`)) })}{' '}
            <a href={device.source} rel="noopener noreferrer" className="text-accent hover:underline" dir="ltr">
              {new URL(device.source).host}
            </a>
          </p>
        </section>

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

      <section
        className="mt-6 rounded-xl border border-line bg-surface-raised p-4"
        aria-labelledby="sellers-title"
        data-testid="sellers"
      >
        <h2 id="sellers-title" className="text-lg font-semibold">
          {t('hw.sellers')}
        </h2>
        <p className="text-xs text-ink-muted">{t('hw.sellersNote')}</p>
        {data.offers.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t('hw.noSellers')}</p>
        ) : (
          <ul className="mt-3 grid gap-2">
            {data.offers.map((offer) => (
              <li
                key={offer.seller.slug}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-line pt-2 text-sm"
              >
                <a href={offer.seller.website} rel="noopener noreferrer" className="font-medium text-accent hover:underline">
                  {offer.seller.name}
                </a>
                <span className="text-ink-muted">{regionName(locale.iso, offer.seller.country)}</span>
                <span className="tabular-nums">
                  <Ltr>{money.format(offer.price_usd * money.perUsd)}</Ltr>
                </span>
                <span className={offer.stock === 'in_stock' ? 'text-emerald-700 dark:text-emerald-300' : 'text-ink-muted'}>
                  {t(STOCK[offer.stock])}
                </span>
                {offer.exclusive ? (
                  <span
                    className="rounded-full border border-accent px-2 py-0.5 text-xs text-accent"
                    data-testid="exclusive-badge"
                  >
                    {t('hw.exclusive')}
                  </span>
                ) : null}
                <span className="text-xs text-ink-muted">{day.format(new Date(`${offer.as_of}T00:00:00Z`))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/**
 * A figure with its unit inside a sentence, kept left to right in right-to-left text (fa):
 * Unicode isolates, since a message's values are text, not elements.
 */
function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/** A country's name in the page's language ('CN' -> 'China', 'Китай'…). */
export function regionName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function ProfitTable({
  profits,
  format,
  time,
  locale,
  priced,
}: {
  profits: CoinProfit[];
  /** Whether the device has a price: without one, payback cannot be told. */
  priced: boolean;
  format: (amount: number) => string;
  time: Intl.DateTimeFormat;
  locale: string;
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
  const th = 'py-2 pe-3 font-medium';
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm tabular-nums" data-testid="profit-table">
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
              {t('hw.col.payback')}
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
          {profits.map((row) => (
            <tr key={row.coin.ticker} className="border-t border-line align-top" data-testid={`profit-${row.coin.ticker}`}>
              <td className="py-2 pe-3">
                <LocaleLink to={`/${row.coin.ticker}`} className="font-medium text-accent hover:underline">
                  {row.coin.ticker.toUpperCase()}
                </LocaleLink>
                <div className="max-w-[16rem] text-xs text-ink-muted" data-testid="profit-inputs">
                  {t('hw.inputs', {
                    difficulty: isolate(formatDifficulty(row.coin.net_difficulty)),
                    reward: isolate(`${row.coin.block_reward} ${row.coin.ticker.toUpperCase()}`),
                    fee: isolate(`${row.scheme === 'pps' ? 'PPS+' : row.scheme.toUpperCase()} ${formatFee(row.fee)}`),
                    time: time.format(new Date(row.coin.updated_at * 1000)),
                  })}
                </div>
              </td>
              <td className="py-2 pe-3 text-end" data-testid="coins-per-day">
                <Ltr>{formatCoins(row.coinsPerDay, locale)}</Ltr>
              </td>
              <td className="py-2 pe-3 text-end">{money(row.revenue)}</td>
              <td className="py-2 pe-3 text-end">{money(row.electricity)}</td>
              <td className="py-2 pe-3 text-end font-semibold" data-testid="coin-profit">
                {money(row.profit)}
              </td>
              <td className="py-2 pe-3 text-end">{row.revenue === null || !priced ? '–' : days(row.paybackDays)}</td>
              <td className="py-2 pe-3 text-end">
                {row.revenue === null || !priced ? '–' : days(row.paybackWithTrend, row.trendKnown)}
              </td>
              <td className="py-2 text-end">
                {row.breakEvenPowerCost === null ? '–' : <Ltr>{format(row.breakEvenPowerCost)}</Ltr>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
