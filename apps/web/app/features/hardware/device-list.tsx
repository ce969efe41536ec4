/**
 * A device list (`/device/asic`, `/gpu`, `/cpu`): the filter form, and the rows ranked for the
 * visitor's filters and power cost, each row object kept while its figures stay the same (the
 * row cache) so that the memoised rows of `device-rows.tsx` skip it.
 */
import type { Device } from '@openpool/domain/hardware';
import { parsePowerCost } from '@openpool/domain/hardware-profit';
import type { DeviceType } from '@openpool/domain/routes';
import { Form, useSearchParams } from 'react-router';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT, type MessageId } from '~/features/i18n/use-t';
import { isFiltered, parseFilters, SORT_KEYS } from './catalogue';
import { DeviceTable } from './device-rows';
import { PowerCostInput } from './power-cost-input';
import type { Market } from './profit';
import { rankList, type RowCache } from './rank-devices';
import { useMoney } from './use-money';
import { usePowerCost } from './use-power-cost';

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

/** Rows by figures, per loaded market: bounded, since every power cost typed adds a row per device. */
const rowCaches = new WeakMap<Market, RowCache>();
function rowCacheFor(market: Market): RowCache {
  let cache = rowCaches.get(market);
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
  const vendorName = new Map(data.vendors.map((vendor) => [vendor.slug, vendor.name]));
  const ranked = rankList(
    { devices: data.devices, prices: data.prices, vendorName, market: data.market },
    filters,
    { powerCost, perUsd: money.perUsd },
    rowCacheFor(data.market),
  );
  const filtered = isFiltered(filters);

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
        <DeviceTable rows={ranked} vendorName={vendorName} currency={money.code} perUsd={money.perUsd} />
      )}
    </section>
  );
}
