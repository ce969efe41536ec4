/** What a device's page is given by its loader; its own module, so the page's sections can name it without importing the page. */
import type { Device, Manufacturer, Offer } from '@openpool/domain/hardware';
import type { Market } from './profit';

export interface DevicePageData {
  device: Device;
  vendor: Manufacturer;
  offers: readonly Offer[];
  /** Cheapest offer in stock, else the launch price (USD); null when neither is known. */
  priceUsd: number | null;
  /** Where `priceUsd` comes from. */
  priceBasis: 'offer' | 'launch' | null;
  /** Enabled coins the device has a figure for. */
  coins: { ticker: string; name: string }[];
  /** Coins devices of its type mine that it has no figure for. */
  withoutFigure: { ticker: string; name: string; algorithm: string; published: boolean }[];
  market: Market;
}
