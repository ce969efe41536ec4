/**
 * What the device routes load: a list by type with its filters, a manufacturer, or a device
 * with live figures for each coin it mines. Unknown types, manufacturers and devices are the
 * 404 'This page could not be found' (decision 003). Each kind is a route module of its own
 * (routes/device-list.tsx, device-vendor.tsx, device.tsx), so a first visit downloads the code
 * of its kind only.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import {
  deviceKey,
  GPU_ALGORITHMS_WITHOUT_FIGURES,
  REGISTRY_ALGORITHMS,
  type Device,
  type HardwareCatalogue,
} from '@openpool/domain/hardware';
import { effectivePriceUsd } from '@openpool/domain/hardware-profit';
import { splitLocalePath } from '@openpool/domain/locales';
import { parseDeviceRoute, type DeviceRoute } from '@openpool/domain/routes';
import type { AppContext } from '~/platform/context';
import { pageNotFound } from '~/platform/http-errors';
import type { DeviceListData } from './device-list';
import type { DevicePageData } from './device-page-data';
import { coinsFor, fetchMarket } from './hardware-api.server';
import type { VendorPageData } from './vendor-page';

type RouteOf<K extends DeviceRoute['kind']> = Extract<DeviceRoute, { kind: K }>;

/**
 * The device route of a page's path (`/fa/device/asic/bitmain`), when it is of the kind the
 * route module serves; else the 404. The path, not the params: a list's type is a static segment.
 * A segment that is not a slug (percent-escapes included) is no device page.
 */
export function deviceRouteOf<K extends DeviceRoute['kind']>(pathname: string, kind: K): RouteOf<K> {
  const segments = splitLocalePath(pathname).rest.split('/').filter(Boolean).slice(1);
  const route = parseDeviceRoute(segments);
  return route?.kind === kind ? (route as RouteOf<K>) : pageNotFound();
}

function algorithmsOf(devices: readonly Device[]): string[] {
  const used = new Set(devices.flatMap((device) => device.algorithms.map((entry) => entry.algorithm)));
  return REGISTRY_ALGORITHMS.filter((name) => used.has(name));
}

/**
 * Coins devices of this type mine that this one has no published figure for (GPUs and CPUs run
 * many algorithms; an ASIC is built for one, so it lists none), each saying whether any card of
 * the type has one: the page lists them as such rather than leaving them out.
 */
function coinsWithoutFigure(
  catalogue: HardwareCatalogue,
  enabled: readonly CoinTicker[],
  device: Device,
): DevicePageData['withoutFigure'] {
  if (device.type === 'asic') return [];
  const typeAlgorithms = new Set([
    ...algorithmsOf(catalogue.devices.filter((entry) => entry.type === device.type)),
    ...(device.type === 'gpu' ? GPU_ALGORITHMS_WITHOUT_FIGURES : []),
  ]);
  const own = new Set(device.algorithms.map((entry) => entry.algorithm));
  return coinsFor(enabled, typeAlgorithms)
    .filter((ticker) => !own.has(COINS[ticker].algorithm))
    .map((ticker) => ({
      ticker,
      name: COINS[ticker].name,
      algorithm: COINS[ticker].algorithm,
      published: !GPU_ALGORITHMS_WITHOUT_FIGURES.includes(COINS[ticker].algorithm),
    }));
}

function findVendor(catalogue: HardwareCatalogue, slug: string) {
  return catalogue.manufacturers.find((maker) => maker.slug === slug) ?? null;
}

/** A type's list: every device of it, the filters' choices and the market to rank them by. */
export async function loadDeviceList(route: RouteOf<'type'>, context: AppContext): Promise<DeviceListData> {
  const { hardware, config, api } = context;
  const ofType = hardware.devices.filter((device) => device.type === route.type);
  const vendors = hardware.manufacturers
    .filter((maker) => ofType.some((device) => device.vendor === maker.slug))
    .map(({ slug, name }) => ({ slug, name }));
  const algorithms = algorithmsOf(ofType);
  const coins = coinsFor(config.enabled, new Set(algorithms));
  // The whole type: the page filters in the browser from the URL (and on the server, the same
  // way), so applying a filter is a re-render, not a round trip (see routes/device-list.tsx).
  const devices = ofType;
  // With the coins each pool merge-mines, ranked as the device pages and the API count them (decision 024).
  const market = await fetchMarket(api, coins, { merged: true });
  const prices = Object.fromEntries(
    devices.map((device) => [deviceKey(device), effectivePriceUsd(device, hardware.offers.get(deviceKey(device)))]),
  );
  return {
    type: route.type,
    devices,
    prices,
    vendors,
    algorithms,
    coins: coins.map((ticker) => ({ ticker, name: COINS[ticker].name })),
    market,
  };
}

/** A manufacturer and its devices (of one type, or of every type). */
export function loadVendorPage(route: RouteOf<'vendor'>, { hardware }: AppContext): VendorPageData {
  const vendor = findVendor(hardware, route.vendor);
  if (!vendor) return pageNotFound();
  const devices = hardware.devices
    .filter((device) => device.vendor === vendor.slug && (route.type === null || device.type === route.type))
    .sort((a, b) => b.release.localeCompare(a.release) || a.name.localeCompare(b.name))
    .map(({ type, vendor: maker, slug, name, algorithms, release }) => ({
      type,
      vendor: maker,
      slug,
      name,
      algorithms,
      release,
    }));
  if (devices.length === 0) return pageNotFound();
  return { vendor, type: route.type, devices };
}

/** A device with its live figures on each coin it mines, its offers and its price. */
export async function loadDevicePage(route: RouteOf<'device'>, context: AppContext): Promise<DevicePageData> {
  const { hardware, config, api } = context;
  const vendor = findVendor(hardware, route.vendor);
  if (!vendor) return pageNotFound();

  const device = hardware.devices.find(
    (entry) => entry.vendor === vendor.slug && entry.slug === route.slug && (route.type === null || entry.type === route.type),
  );
  if (!device) return pageNotFound();
  const own = new Set(device.algorithms.map((entry) => entry.algorithm));
  const coins: CoinTicker[] = coinsFor(config.enabled, own);
  const market = await fetchMarket(api, coins, { trend: true, merged: true });
  const offers = hardware.offers.get(deviceKey(device)) ?? [];
  return {
    device,
    vendor,
    offers,
    priceUsd: effectivePriceUsd(device, offers),
    priceBasis: offers.some((offer) => offer.stock === 'in_stock') ? 'offer' : device.price_usd !== null ? 'launch' : null,
    coins: coins.map((ticker) => ({ ticker, name: COINS[ticker].name })),
    withoutFigure: coinsWithoutFigure(hardware, config.enabled, device),
    market,
  };
}
