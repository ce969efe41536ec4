/**
 * How the hardware pages write their figures and name their types and countries. Pure, zod-free;
 * small, since the list, the manufacturer and the device pages are route modules of their own
 * that each download it.
 */
import { formatAmount, formatHashrate, formatInteger, groupThousands, SI_PREFIXES, thousandsStep } from '@openpool/domain/format';
import type { DeviceType } from '@openpool/domain/routes';
import type { MessageId } from '~/i18n/use-t';

/** A device type's page title, which the manufacturer and device pages link back to. */
export const TYPE_TITLE: Record<DeviceType, MessageId> = {
  asic: 'page.device.asic',
  gpu: 'page.device.gpu',
  cpu: 'page.device.cpu',
};

/** A country's name in the page's language ('CN' -> 'China', 'Китай'…). */
export function regionName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Joules per hash at the hashrate's own unit: 3510 W at 234 TH/s -> '15.00 J/TH'; a card at
 * 0.28 GH/s -> '1 265.31 J/GH', its thousands grouped like every figure of the site (decision
 * 002, addendum; was '1265.31').
 */
export function formatEfficiency(powerW: number, hashrate: number): string {
  if (!(powerW > 0) || !(hashrate > 0) || !Number.isFinite(powerW) || !Number.isFinite(hashrate)) return '–';
  const step = thousandsStep(hashrate);
  const [whole = '0', decimals = '00'] = (powerW / (hashrate / 1000 ** step)).toFixed(2).split('.');
  return `${groupThousands(whole)}.${decimals} J/${SI_PREFIXES[step]}H`;
}

/** '3 510 W': whole watts, grouped like every figure of the site (decision 002, addendum; was '3,510 W'). */
export function formatPower(powerW: number): string {
  return `${formatInteger(powerW)} W`;
}

export { formatHashrate };

/**
 * Coins a day as every amount of the site: the coin's decimals and the spec's grouping
 * ('0.00012345 BTC' a day, '10 960.00' NEXA), the same figure as the calculator's and the API's
 * daily revenue (decision 002, addendum; was four significant digits in the locale's grouping).
 */
export function formatCoins(amount: number, ticker: string): string {
  return formatAmount(amount, ticker);
}

/** A figure's publisher as a reader knows it: 'minerstat.com' for https://www.minerstat.com/…. */
export function sourceHost(source: string): string {
  return new URL(source).host.replace(/^www\./, '');
}
