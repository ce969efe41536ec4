/**
 * The device lists' filters and sorting. The filter state lives in the URL query, with the
 * same names as the API's (`?algorithm=scrypt&q=antminer&sort=profit`), so a filtered list
 * can be shared and works before hydration (a GET form). Pure and zod-free.
 */
import type { Device, Offer } from '@openpool/domain/hardware';
import { isCoinTicker } from '@openpool/domain/coins';
import { SORT_KEYS, type DeviceFilters, type SortKey } from '@openpool/domain/hardware-query';

export { filterAlgorithm, matchesFilters, SORT_KEYS, type DeviceFilters, type SortKey } from '@openpool/domain/hardware-query';
import type { CoinProfit } from './profit';

/** Reads the filters from a query; a value that makes no sense is dropped, never an error page. */
export function parseFilters(search: URLSearchParams): DeviceFilters {
  const text = (name: string) => {
    const value = search.get(name)?.trim().toLowerCase() ?? '';
    return value === '' ? null : value.slice(0, 80);
  };
  const noise = Number(search.get('noise'));
  const sort = search.get('sort') as SortKey | null;
  const coin = text('coin');
  return {
    algorithm: text('algorithm'),
    coin: coin !== null && isCoinTicker(coin) ? coin : null,
    vendor: text('vendor'),
    noise: search.get('noise') && Number.isFinite(noise) && noise > 0 ? noise : null,
    q: (search.get('q') ?? '').trim().slice(0, 80),
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? sort : 'profit',
  };
}

/** What a device costs here: the cheapest offer in stock, else the launch price, in USD. */
export function effectivePriceUsd(device: Pick<Device, 'price_usd'>, offers: readonly Offer[] | undefined): number | null {
  const inStock = (offers ?? []).filter((offer) => offer.stock === 'in_stock');
  return inStock[0]?.price_usd ?? device.price_usd;
}

export interface RankedDevice {
  device: Device;
  best: CoinProfit | null;
  /** The figure sorting and the list show: the filtered algorithm's, else the best coin's, else the first. */
  figure: { algorithm: string; hashrate: number; power: number };
  priceUsd: number | null;
}

const last = (value: number | null | undefined, ascending: boolean) =>
  value === null || value === undefined || !Number.isFinite(value) ? (ascending ? Infinity : -Infinity) : value;

/** Sorts in place and returns the list: best first for each key (cheapest, quickest payback, newest…). */
export function sortDevices(list: RankedDevice[], sort: SortKey): RankedDevice[] {
  const key: Record<SortKey, (row: RankedDevice) => number> = {
    profit: (row) => -last(row.best?.profit, false),
    revenue: (row) => -last(row.best?.revenue, false),
    hashrate: (row) => -row.figure.hashrate,
    // Joules per hash: lower is better.
    efficiency: (row) => row.figure.power / row.figure.hashrate,
    price: (row) => last(row.priceUsd, true),
    payback: (row) => last(row.best?.paybackDays, true),
    release: (row) => -Number(row.device.release.replace('-', '')),
  };
  const by = key[sort];
  return list.sort((a, b) => by(a) - by(b) || a.device.name.localeCompare(b.device.name));
}
