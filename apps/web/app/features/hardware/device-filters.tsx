/**
 * A list's filter form. With JavaScript every change applies at once (`useListFilters`) and
 * submitting does nothing more; without it, it is a plain GET form with an Apply button, whose
 * query the loader then cleans of empty and default values.
 */
import { sitePaths } from '@openpool/domain/paths';
import type { DeviceFilters, SortKey } from '@openpool/domain/hardware-query';
import type { DeviceType } from '@openpool/domain/routes';
import { memo } from 'react';
import { LocaleLink } from '~/shared/locale-link';
import { useT, type MessageId } from '~/i18n/use-t';
import { SORT_KEYS } from './catalogue';
import { PowerCostInput } from './power-cost-input';

const SORT_LABEL: Record<SortKey, MessageId> = {
  profit: 'hw.sort.profit',
  revenue: 'hw.sort.revenue',
  hashrate: 'hw.sort.hashrate',
  efficiency: 'hw.sort.efficiency',
  price: 'hw.sort.price',
  payback: 'hw.sort.payback',
  release: 'hw.sort.release',
};

const fieldClass = 'w-full rounded-md border border-line bg-surface-raised px-2 py-2 text-sm';
const labelClass = 'flex flex-col gap-1 text-xs text-ink-muted';

export interface FilterOptions {
  type: DeviceType;
  algorithms: readonly string[];
  coins: readonly { ticker: string; name: string }[];
  vendors: readonly { slug: string; name: string }[];
}

export function DeviceFilterForm({
  options,
  filters,
  onChange,
  filtered,
  powerCost,
}: {
  options: FilterOptions;
  filters: DeviceFilters;
  onChange: (change: Partial<DeviceFilters>) => void;
  filtered: boolean;
  powerCost: { value: number; currency: string; fiat: Readonly<Record<string, number>>; onChange: (value: string) => void };
}) {
  const t = useT();
  const text = (value: string) => (value === '' ? null : value);
  const any = t('hw.filters.any');
  return (
    <form
      method="get"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      className="mt-5 grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface-raised p-4 md:grid-cols-3 xl:grid-cols-6"
      data-testid="device-filters"
    >
      <label className={labelClass}>
        {t('hw.filters.algorithm')}
        <select
          name="algorithm"
          value={filters.algorithm ?? ''}
          onChange={(event) => onChange({ algorithm: text(event.target.value) })}
          className={fieldClass}
        >
          <AlgorithmOptions any={any} algorithms={options.algorithms} />
        </select>
      </label>
      <label className={labelClass}>
        {t('hw.filters.coin')}
        <select
          name="coin"
          value={filters.coin ?? ''}
          onChange={(event) => onChange({ coin: text(event.target.value) })}
          className={fieldClass}
        >
          <CoinOptions any={any} coins={options.coins} />
        </select>
      </label>
      <label className={labelClass}>
        {t('hw.filters.vendor')}
        <select
          name="vendor"
          value={filters.vendor ?? ''}
          onChange={(event) => onChange({ vendor: text(event.target.value) })}
          className={fieldClass}
        >
          <VendorOptions any={any} vendors={options.vendors} />
        </select>
      </label>
      {options.type === 'asic' ? (
        <label className={labelClass}>
          {t('hw.filters.noise')}
          <input
            name="noise"
            type="number"
            min={0}
            max={140}
            inputMode="numeric"
            value={filters.noise ?? ''}
            onChange={(event) => {
              const noise = Number(event.target.value);
              onChange({ noise: event.target.value !== '' && Number.isFinite(noise) && noise > 0 ? noise : null });
            }}
            className={fieldClass}
          />
        </label>
      ) : null}
      <label className={labelClass}>
        {t('hw.filters.search')}
        <input
          name="q"
          type="search"
          maxLength={80}
          value={filters.q}
          onChange={(event) => onChange({ q: event.target.value.slice(0, 80) })}
          placeholder={t('hw.filters.searchPlaceholder')}
          className={fieldClass}
        />
      </label>
      <label className={labelClass}>
        {t('hw.filters.sort')}
        <select
          name="sort"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as SortKey })}
          className={fieldClass}
        >
          <SortOptions />
        </select>
      </label>
      <div className="col-span-2 flex flex-wrap items-end gap-3 md:col-span-3 xl:col-span-6">
        <PowerCostInput
          value={powerCost.value}
          currency={powerCost.currency}
          fiat={powerCost.fiat}
          onChange={powerCost.onChange}
        />
        {/* Only without JavaScript: with it, every change applies at once. */}
        <noscript>
          <button type="submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink">
            {t('hw.filters.apply')}
          </button>
        </noscript>
        {filtered ? (
          <LocaleLink to={sitePaths.deviceType(options.type)} className="py-2 text-sm text-accent hover:underline">
            {t('hw.filters.reset')}
          </LocaleLink>
        ) : null}
      </div>
    </form>
  );
}

// The selects' options, memoised on the loader's lists: a filter change renders and commits the
// selects' values, not their options again (decision 036).
const AlgorithmOptions = memo(function AlgorithmOptions({ any, algorithms }: { any: string; algorithms: readonly string[] }) {
  return (
    <>
      <option value="">{any}</option>
      {algorithms.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
});

const CoinOptions = memo(function CoinOptions({ any, coins }: { any: string; coins: FilterOptions['coins'] }) {
  return (
    <>
      <option value="">{any}</option>
      {coins.map((coin) => (
        <option key={coin.ticker} value={coin.ticker}>
          {`${coin.name} (${coin.ticker.toUpperCase()})`}
        </option>
      ))}
    </>
  );
});

const VendorOptions = memo(function VendorOptions({ any, vendors }: { any: string; vendors: FilterOptions['vendors'] }) {
  return (
    <>
      <option value="">{any}</option>
      {vendors.map((vendor) => (
        <option key={vendor.slug} value={vendor.slug}>
          {vendor.name}
        </option>
      ))}
    </>
  );
});

const SortOptions = memo(function SortOptions() {
  const t = useT();
  return SORT_KEYS.map((key) => (
    <option key={key} value={key}>
      {t(SORT_LABEL[key])}
    </option>
  ));
});
