/**
 * The hardware lists' filters, shared by the site's list pages and `GET /api/v1/hardware/{type}`
 * (same names: `algorithm`, `coin`, `vendor`, `noise`, `q`, `sort`). Zod-free: the browser uses it.
 */
import { COINS, isCoinTicker } from './coins.ts';
import type { Device } from './hardware.ts';

export const SORT_KEYS = ['profit', 'revenue', 'hashrate', 'efficiency', 'price', 'payback', 'release'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface DeviceFilters {
  algorithm: string | null;
  coin: string | null;
  vendor: string | null;
  /** Maximum noise in dB (ASICs). */
  noise: number | null;
  q: string;
  sort: SortKey;
}

/** The algorithm a filter asks for: the algorithm itself, or the coin's. */
export function filterAlgorithm(filters: Pick<DeviceFilters, 'algorithm' | 'coin'>): string | null {
  if (filters.algorithm) return filters.algorithm;
  return filters.coin && isCoinTicker(filters.coin) ? COINS[filters.coin].algorithm : null;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word !== '');
}

export function matchesFilters(device: Device, filters: Omit<DeviceFilters, 'sort'>, vendorName: string): boolean {
  const algorithm = filterAlgorithm(filters);
  if (algorithm && !device.algorithms.some((entry) => entry.algorithm === algorithm)) return false;
  if (filters.algorithm && filters.coin && isCoinTicker(filters.coin) && COINS[filters.coin].algorithm !== filters.algorithm) {
    return false;
  }
  if (filters.vendor && device.vendor !== filters.vendor) return false;
  if (filters.noise !== null && (device.type !== 'asic' || device.noise_db === null || device.noise_db > filters.noise)) {
    return false;
  }
  if (filters.q) {
    const haystack = `${vendorName} ${device.name}`.toLowerCase();
    if (!words(filters.q).every((word) => haystack.includes(word))) return false;
  }
  return true;
}
