/**
 * A device list (`/device/asic`, `/gpu`, `/cpu`, a manufacturer's page): the filter form, the
 * table on a desktop and the cards on a phone, rows memoised per device. Over 300 lines on
 * purpose: the form, both layouts and the row caches share the filters, the market and the
 * power cost of one render; split apart they would pass the same six values through props.
 */
import type { Device } from '@openpool/domain/hardware';
import type { DeviceType } from '@openpool/domain/routes';
import { formatMoney } from '@openpool/domain/format';
import { memo } from 'react';
import { Form, useSearchParams } from 'react-router';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT, type MessageId } from '~/features/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { filterAlgorithm, matchesFilters, parseFilters, SORT_KEYS, sortDevices, type RankedDevice } from './catalogue';
import { formatEfficiency, formatHashrate, formatPower } from './figures';
import { PowerCostInput } from './power-cost-input';
import { bestCoin, deviceProfits, type Market } from './profit';
import { useMoney } from './use-money';
import { parsePowerCost, usePowerCost } from './use-power-cost';

export interface DeviceListData {
  type: DeviceType;
  devices: Device[];
  /** Cheapest in-stock offer, else launch price, in USD, by device key. */
  prices: Record<string, number | null>;
  vendors: { slug: string; name: string }[];
  algorithms: string[];
  coins: { ticker: string; name: string }[];
  market: Market;
}

const SORT_LABEL: Record<(typeof SORT_KEYS)[number], MessageId> = {
  profit: 'hw.sort.profit',
  revenue: 'hw.sort.revenue',
  hashrate: 'hw.sort.hashrate',
  efficiency: 'hw.sort.efficiency',
  price: 'hw.sort.price',
  payback: 'hw.sort.payback',
  release: 'hw.sort.release',
};

export const TYPE_TITLE: Record<DeviceType, MessageId> = {
  asic: 'page.device.asic',
  gpu: 'page.device.gpu',
  cpu: 'page.device.cpu',
};

const LEAD: Record<DeviceType, MessageId> = { asic: 'hw.lead.asic', gpu: 'hw.lead.gpu', cpu: 'hw.lead.cpu' };

const selectClass = 'w-full rounded-md border border-line bg-surface-raised px-2 py-2 text-sm';

export function deviceHref(device: Pick<Device, 'type' | 'vendor' | 'slug'>): string {
  return `/device/${device.type}/${device.vendor}/${device.slug}`;
}

/** Coins a day stay the same while the visitor types a power cost: computed once per loaded market. */
const coinsCaches = new WeakMap<Market, Map<string, number | null>>();
function coinsCacheFor(market: Market): Map<string, number | null> {
  let cache = coinsCaches.get(market);
  if (!cache) {
    cache = new Map();
    coinsCaches.set(market, cache);
  }
  return cache;
}

const rowCaches = new WeakMap<Market, Map<string, RankedDevice>>();
function rowCacheFor(market: Market): Map<string, RankedDevice> {
  let cache = rowCaches.get(market);
  // Bounded: every power cost typed adds a row per device.
  if (!cache || cache.size > 5000) {
    cache = new Map();
    rowCaches.set(market, cache);
  }
  return cache;
}

export function DeviceList({ data }: { data: DeviceListData }) {
  const t = useT();
  const money = useMoney(data.market);
  // Filters and a shared power cost come from the URL, on the server and in the browser alike.
  const [searchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const [powerCost, setPowerCost] = usePowerCost(parsePowerCost(searchParams.get('power_cost')));
  const coinsCache = coinsCacheFor(data.market);
  const rowCache = rowCacheFor(data.market);
  const algorithm = filterAlgorithm(filters);
  const vendorName = new Map(data.vendors.map((vendor) => [vendor.slug, vendor.name]));
  const ranked: RankedDevice[] = data.devices
    .filter((device) => matchesFilters(device, filters, vendorName.get(device.vendor) ?? ''))
    .map((device) => {
      // The same device at the same figures keeps its row object, so its row is not rendered again.
      const rowKey = `${device.type}/${device.vendor}/${device.slug}|${powerCost}|${money.perUsd}|${algorithm}|${filters.coin}`;
      const known = rowCache.get(rowKey);
      if (known) return known;
      const priceUsd = data.prices[`${device.type}/${device.vendor}/${device.slug}`] ?? null;
      const market = algorithm
        ? {
            coins: data.market.coins.filter(
              (coin) => coin.algorithm === algorithm && (!filters.coin || coin.ticker === filters.coin),
            ),
          }
        : data.market;
      const best = bestCoin(deviceProfits(device, market, powerCost, money.perUsd, priceUsd, coinsCache));
      const figure =
        device.algorithms.find((entry) => entry.algorithm === (algorithm ?? best?.coin.algorithm)) ?? device.algorithms[0]!;
      const row = { device, best, figure, priceUsd };
      rowCache.set(rowKey, row);
      return row;
    });
  sortDevices(ranked, filters.sort);
  const filtered = filters.algorithm || filters.coin || filters.vendor || filters.noise !== null || filters.q !== '';

  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(TYPE_TITLE[data.type])}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t(LEAD[data.type])}</p>
      <nav className="mt-4 flex gap-2 text-sm" aria-label={t('nav.hardware')}>
        {(['asic', 'gpu', 'cpu'] as const).map((type) => (
          <LocaleLink
            key={type}
            to={`/device/${type}`}
            aria-current={type === data.type ? 'page' : undefined}
            className={`rounded-md border px-3 py-1.5 ${type === data.type ? 'border-accent bg-accent text-accent-ink' : 'border-line hover:border-accent'}`}
          >
            {t(`nav.${type}`)}
          </LocaleLink>
        ))}
      </nav>
      <Form
        method="get"
        role="search"
        className="mt-5 grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface-raised p-4 md:grid-cols-3 xl:grid-cols-6"
        data-testid="device-filters"
      >
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('hw.filters.algorithm')}
          <select name="algorithm" defaultValue={filters.algorithm ?? ''} key={`a${filters.algorithm}`} className={selectClass}>
            <option value="">{t('hw.filters.any')}</option>
            {data.algorithms.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('hw.filters.coin')}
          <select name="coin" defaultValue={filters.coin ?? ''} key={`c${filters.coin}`} className={selectClass}>
            <option value="">{t('hw.filters.any')}</option>
            {data.coins.map((coin) => (
              <option key={coin.ticker} value={coin.ticker}>
                {coin.name} ({coin.ticker.toUpperCase()})
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('hw.filters.vendor')}
          <select name="vendor" defaultValue={filters.vendor ?? ''} key={`v${filters.vendor}`} className={selectClass}>
            <option value="">{t('hw.filters.any')}</option>
            {data.vendors.map((vendor) => (
              <option key={vendor.slug} value={vendor.slug}>
                {vendor.name}
              </option>
            ))}
          </select>
        </label>
        {data.type === 'asic' ? (
          <label className="flex flex-col gap-1 text-xs text-ink-muted">
            {t('hw.filters.noise')}
            <input
              name="noise"
              type="number"
              min={0}
              max={140}
              inputMode="numeric"
              defaultValue={filters.noise ?? ''}
              key={`n${filters.noise}`}
              className={selectClass}
            />
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('hw.filters.search')}
          <input
            name="q"
            type="search"
            maxLength={80}
            defaultValue={filters.q}
            key={`q${filters.q}`}
            placeholder={t('hw.filters.searchPlaceholder')}
            className={selectClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('hw.filters.sort')}
          <select name="sort" defaultValue={filters.sort} key={`s${filters.sort}`} className={selectClass}>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(SORT_LABEL[key])}
              </option>
            ))}
          </select>
        </label>
        <div className="col-span-2 flex flex-wrap items-end gap-3 md:col-span-3 xl:col-span-6">
          <PowerCostInput value={powerCost} currency={money.code} onChange={setPowerCost} />
          <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink">
            {t('hw.filters.apply')}
          </button>
          {filtered ? (
            <LocaleLink to={`/device/${data.type}`} className="py-2 text-sm text-accent hover:underline">
              {t('hw.filters.reset')}
            </LocaleLink>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 text-sm text-ink-muted" data-testid="device-count">
        {t('hw.count', { count: ranked.length })}
      </p>
      {ranked.length === 0 ? (
        <p className="mt-4 rounded-xl border border-line bg-surface-raised p-6 text-center" data-testid="no-devices">
          {t('hw.noDevices')}
        </p>
      ) : (
        <>
          <DeviceTable rows={ranked} vendorName={vendorName} currency={money.code} perUsd={money.perUsd} />
          <DeviceCards rows={ranked} vendorName={vendorName} currency={money.code} />
        </>
      )}
    </section>
  );
}

interface RowsProps {
  rows: RankedDevice[];
  vendorName: ReadonlyMap<string, string>;
  currency: string;
  perUsd: number;
}

function Profit({ value, format }: { value: number | null | undefined; format: (amount: number) => string }) {
  if (value === null || value === undefined) return <span className="text-ink-muted">–</span>;
  return (
    <Ltr>
      <span className={value < 0 ? 'text-red-700 dark:text-red-300' : ''}>{format(value)}</span>
    </Ltr>
  );
}

function Payback({ days, priced }: { days: number | null | undefined; priced: boolean }) {
  const t = useT();
  if (!priced) return <span className="text-ink-muted">–</span>;
  if (days === null || days === undefined) return <span className="text-ink-muted">{t('hw.never')}</span>;
  return <>{t('hw.paybackDays', { n: Math.ceil(days) })}</>;
}

function DeviceTable({ rows, vendorName, currency, perUsd }: RowsProps) {
  const t = useT();
  const th = 'py-2 pe-3 font-medium';
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-xl border border-line bg-surface-raised md:block">
      <table className="w-full text-sm tabular-nums" data-testid="device-table">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className={`${th} ps-4 text-start`}>
              {t('hw.col.device')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.hashrate')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.power')}
            </th>
            <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
              {t('hw.col.efficiency')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('hw.col.bestCoin')}
            </th>
            <th scope="col" className={`${th} hidden text-end xl:table-cell`}>
              {t('hw.col.revenue')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.profit')}
            </th>
            <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
              {t('hw.col.price')}
            </th>
            <th scope="col" className={`${th} pe-4 text-end`}>
              {t('hw.col.payback')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TableRow
              key={row.device.slug + row.device.vendor}
              row={row}
              vendor={vendorName.get(row.device.vendor) ?? row.device.vendor}
              currency={currency}
              perUsd={perUsd}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeviceCards({ rows, vendorName, currency }: Omit<RowsProps, 'perUsd'>) {
  return (
    <ul className="mt-3 grid gap-3 md:hidden" data-testid="device-cards">
      {rows.map((row) => (
        <CardRow
          key={row.device.slug + row.device.vendor}
          row={row}
          vendor={vendorName.get(row.device.vendor) ?? row.device.vendor}
          currency={currency}
        />
      ))}
    </ul>
  );
}

interface RowProps {
  row: RankedDevice;
  vendor: string;
  currency: string;
  perUsd: number;
}

/** Memoised: a filter that keeps a device keeps its row object (the list's row cache), so React skips it. */
const TableRow = memo(function TableRow({ row, vendor, currency, perUsd }: RowProps) {
  const { device, best, figure, priceUsd } = row;
  const format = (amount: number) => formatMoney(amount, currency);
  return (
    <tr className="border-t border-line" data-testid="device-row">
      <td className="py-2 ps-4 pe-3">
        <LocaleLink to={deviceHref(device)} className="font-medium text-accent hover:underline">
          {device.name}
        </LocaleLink>
        <div className="text-xs text-ink-muted">
          {vendor} · {figure.algorithm}
        </div>
      </td>
      <td className="py-2 pe-3 text-end">
        <Ltr>{formatHashrate(figure.hashrate)}</Ltr>
      </td>
      <td className="py-2 pe-3 text-end">
        <Ltr>{formatPower(figure.power)}</Ltr>
      </td>
      <td className="hidden py-2 pe-3 text-end lg:table-cell">
        <Ltr>{formatEfficiency(figure.power, figure.hashrate)}</Ltr>
      </td>
      <td className="py-2 pe-3">{best ? best.coin.ticker.toUpperCase() : '–'}</td>
      <td className="hidden py-2 pe-3 text-end xl:table-cell">
        <Profit value={best?.revenue} format={format} />
      </td>
      <td className="py-2 pe-3 text-end font-semibold" data-testid="device-profit">
        <Profit value={best?.profit} format={format} />
      </td>
      <td className="hidden py-2 pe-3 text-end lg:table-cell">
        {priceUsd === null ? '–' : <Ltr>{format(priceUsd * perUsd)}</Ltr>}
      </td>
      <td className="py-2 pe-4 text-end">
        <Payback days={best?.paybackDays} priced={priceUsd !== null && best?.revenue != null} />
      </td>
    </tr>
  );
});

const CardRow = memo(function CardRow({ row, vendor, currency }: Omit<RowProps, 'perUsd'>) {
  const t = useT();
  const { device, best, figure, priceUsd } = row;
  const format = (amount: number) => formatMoney(amount, currency);
  return (
    <li className="rounded-xl border border-line bg-surface-raised p-4">
      <LocaleLink to={deviceHref(device)} className="font-semibold text-accent hover:underline">
        {device.name}
      </LocaleLink>
      <div className="text-xs text-ink-muted">
        {vendor} · {figure.algorithm}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums">
        <dt className="text-ink-muted">{t('hw.col.hashrate')}</dt>
        <dd className="text-end">
          <Ltr>{formatHashrate(figure.hashrate)}</Ltr>
        </dd>
        <dt className="text-ink-muted">{t('hw.col.power')}</dt>
        <dd className="text-end">
          <Ltr>{formatPower(figure.power)}</Ltr>
        </dd>
        <dt className="text-ink-muted">{t('hw.col.bestCoin')}</dt>
        <dd className="text-end">{best ? best.coin.ticker.toUpperCase() : '–'}</dd>
        <dt className="text-ink-muted">{t('hw.col.profit')}</dt>
        <dd className="text-end font-semibold">
          <Profit value={best?.profit} format={format} />
        </dd>
        <dt className="text-ink-muted">{t('hw.col.payback')}</dt>
        <dd className="text-end">
          <Payback days={best?.paybackDays} priced={priceUsd !== null && best?.revenue != null} />
        </dd>
      </dl>
    </li>
  );
});
