import { sitePaths } from '@openpool/domain/paths';
import type { HardwareCatalogue } from '@openpool/domain/hardware';

export interface ReferenceDevice {
  /** `/device/{type}/{vendor}/{slug}`. */
  href: string;
  name: string;
  /** The catalogue's power on the coin's algorithm, W; null when it has no figure for it. */
  power: number | null;
}

/**
 * The catalogue device a coin's reference device (content/coins.json, e.g. 'NVIDIA GeForce RTX
 * 3070') names: by its name, with or without the manufacturer's name before it. Null when the
 * catalogue has no such device.
 */
export function findReferenceDevice(catalogue: HardwareCatalogue, name: string, algorithm: string): ReferenceDevice | null {
  const wanted = name.trim().toLowerCase();
  const makers = new Map(catalogue.manufacturers.map((maker) => [maker.slug, maker.name]));
  const device = catalogue.devices.find(
    (entry) => entry.name.toLowerCase() === wanted || `${makers.get(entry.vendor) ?? ''} ${entry.name}`.toLowerCase() === wanted,
  );
  if (!device) return null;
  return {
    href: sitePaths.device(device),
    name: device.name,
    power: device.algorithms.find((entry) => entry.algorithm === algorithm)?.power ?? null,
  };
}
