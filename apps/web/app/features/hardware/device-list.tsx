/**
 * A device list (`/device/asic`, `/gpu`, `/cpu`): the filter form, applied at once, and the rows
 * ranked for the visitor's filters, power cost and own prices, each row object kept while its
 * figures stay the same (the row cache) so that the memoised rows of `device-rows.tsx` skip it.
 */
import { sitePaths } from '@openpool/domain/paths';
import { COINS } from '@openpool/domain/coins';
import type { Device } from '@openpool/domain/hardware';
import { GPU_ALGORITHMS_WITHOUT_FIGURES } from '@openpool/domain/hardware-keys';
import { parsePowerPriceParam } from '@openpool/domain/power-cost';
import type { DeviceType } from '@openpool/domain/routes';
import { memo, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '~/shared/locale-link';
import { useT, type MessageId } from '~/i18n/use-t';
import { isFiltered, listSearch } from './catalogue';
import { DeviceFilterForm } from './device-filters';
import { DeviceTable } from './device-rows';
import type { Market } from './profit';
import { rankList, type RowCache } from './rank-devices';
import { typedPriceUsd } from './typed-price';
import { useListFilters } from './use-list-filters';
import { useMoney } from './use-money';
import { usePowerCost } from './use-power-cost';
import { useStoredPrices } from './use-typed-price';
import { TYPE_TITLE } from './figures';
import { writeQuery } from './write-query';

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

const LEAD: Record<DeviceType, MessageId> = { asic: 'hw.lead.asic', gpu: 'hw.lead.gpu', cpu: 'hw.lead.cpu' };

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

/** The list's prices with the ones this visitor typed on device pages (USD), which take precedence. */
function withTypedPrices(data: DeviceListData, typed: ReturnType<typeof useStoredPrices>): Record<string, number | null> {
  const keys = Object.keys(typed);
  if (keys.length === 0) return data.prices;
  const prices = { ...data.prices };
  for (const key of keys) prices[key] = typedPriceUsd(typed[key] ?? null, data.market.fiat) ?? prices[key] ?? null;
  return prices;
}

export function DeviceList({ data }: { data: DeviceListData }) {
  const t = useT();
  const money = useMoney(data.market);
  const [searchParams] = useSearchParams();
  const power = usePowerCost(
    parsePowerPriceParam(searchParams.get('power_cost'), data.market.fiat),
    money.code,
    data.market.fiat,
  );
  const powerCost = power.value;
  const [filters, changeFilters] = useListFilters(power.price);
  const typed = useStoredPrices();
  const vendorName = useMemo(() => new Map(data.vendors.map((vendor) => [vendor.slug, vendor.name])), [data.vendors]);
  // The same list object while nothing it depends on changed: the table draws a new list in two parts.
  const typedKey = JSON.stringify(typed);
  const ranked = useMemo(
    () =>
      rankList(
        {
          devices: data.devices,
          prices: withTypedPrices(data, JSON.parse(typedKey) as typeof typed),
          vendorName,
          market: data.market,
        },
        filters,
        { powerCost, perUsd: money.perUsd },
        rowCacheFor(data.market),
      ),
    [data, typedKey, vendorName, filters, powerCost, money.perUsd],
  );
  const setPowerCost = (text: string) => {
    const price = power.set(text);
    if (price !== null) writeQuery(listSearch(filters, price));
  };

  return (
    <section>
      <ListHead type={data.type} />
      <DeviceFilterForm
        options={data}
        filters={filters}
        onChange={changeFilters}
        filtered={isFiltered(filters)}
        powerCost={{ value: powerCost, currency: money.code, fiat: data.market.fiat, onChange: setPowerCost }}
      />
      <p className="mt-4 text-sm text-ink-muted" data-testid="device-count" aria-live="polite">
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

/**
 * The title, lead and type links, memoised: a filter change does not render them (or their
 * router links, which resolve their paths every render) again (decision 036).
 */
const ListHead = memo(function ListHead({ type }: { type: DeviceType }) {
  const t = useT();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(TYPE_TITLE[type])}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t(LEAD[type])}</p>
      {type === 'gpu' ? (
        <p className="mt-2 max-w-3xl text-sm text-ink-muted" data-testid="no-published-figures">
          {t('hw.unpublished.gpu', {
            algorithms: GPU_ALGORITHMS_WITHOUT_FIGURES.map(
              (algorithm) =>
                `${algorithm} (${Object.values(COINS)
                  .filter((coin) => coin.algorithm === algorithm)
                  .map((coin) => coin.name)
                  .join(', ')})`,
            ).join(', '),
          })}
        </p>
      ) : null}
      <nav className="mt-4 flex gap-2 text-sm" aria-label={t('nav.hardware')}>
        {(['asic', 'gpu', 'cpu'] as const).map((other) => (
          <LocaleLink
            key={other}
            to={sitePaths.deviceType(other)}
            aria-current={other === type ? 'page' : undefined}
            className={`rounded-md border px-3 py-1.5 ${other === type ? 'border-accent bg-accent text-accent-ink' : 'border-line hover:border-accent'}`}
          >
            {t(`nav.${other}`)}
          </LocaleLink>
        ))}
      </nav>
    </>
  );
});
