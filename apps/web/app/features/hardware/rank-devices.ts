/**
 * A device list as the page shows it: the devices the filters keep, each with its best coin at
 * the visitor's power cost and currency, in the order of the chosen sort. The ranking is the
 * domain's (`rankDevice`, `sortDevices`), the same the API's `GET /api/v1/hardware/{type}`
 * uses (apps/api/src/hardware/ranking-parity.test.ts compares the two). Pure: only relative
 * and domain imports, so that test can load it.
 */
import type { Device } from '@openpool/domain/hardware';
import { deviceKey } from '@openpool/domain/hardware-keys';
import { rankDevice, sortDevices, type RankedDevice } from '@openpool/domain/hardware-profit';
import { matchesFilters, type DeviceFilters } from '@openpool/domain/hardware-query';
import { marketCoinsPerDay, mergedCoinsPerDay, type CoinMarket, type Market } from './profit';

export type ListedDevice = RankedDevice<Device, CoinMarket>;

export interface ListSource {
  devices: readonly Device[];
  /** USD a device costs, by device key (`effectivePriceUsd`, or the visitor's own price). */
  prices: Readonly<Record<string, number | null>>;
  vendorName: ReadonlyMap<string, string>;
  market: Pick<Market, 'coins'>;
}

/** Rows by device and figures: a row object kept while its figures stay the same, so a memoised row skips rendering. */
export type RowCache = Map<string, ListedDevice>;

export function rankList(
  source: ListSource,
  filters: DeviceFilters,
  money: { powerCost: number; perUsd: number },
  rowCache?: RowCache,
): ListedDevice[] {
  const rows = source.devices
    .filter((device) => matchesFilters(device, filters, source.vendorName.get(device.vendor) ?? ''))
    .map((device) => {
      const key = deviceKey(device);
      const priceUsd = source.prices[key] ?? null;
      const rowKey = `${key}|${money.powerCost}|${money.perUsd}|${filters.algorithm}|${filters.coin}|${priceUsd}`;
      const known = rowCache?.get(rowKey);
      if (known) return known;
      const row = rankDevice(
        device,
        source.market.coins,
        filters,
        { ...money, devicePriceUsd: priceUsd },
        marketCoinsPerDay,
        mergedCoinsPerDay,
      );
      rowCache?.set(rowKey, row);
      return row;
    });
  return sortDevices(rows, filters.sort);
}
