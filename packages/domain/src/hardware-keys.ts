/**
 * The catalogue's names the browser needs, without its schemas: `hardware.ts` builds zod schemas
 * when imported, which put zod (about 25 KB gzipped) into the first visit of every device page
 * (decision 006's budget, decision 010). `hardware.ts` re-exports these for the servers.
 */
import type { DeviceType } from './routes.ts';

/**
 * GPU algorithms of our coins with no public per-card figures (Radiant's SHA-512/256d, Sedra's
 * SedraHash): no card lists them, and the pages say "no published figures" instead of leaving
 * the coins out. Intel Arc cards are missing for the same reason (content/hardware/README.md).
 */
export const GPU_ALGORITHMS_WITHOUT_FIGURES: readonly string[] = ['sha512256d', 'sedrahash'];

/** `{type}/{vendor}/{slug}`: a device's one key in the catalogue and in the URL. */
export function deviceKey(device: { type: DeviceType; vendor: string; slug: string }): string {
  return `${device.type}/${device.vendor}/${device.slug}`;
}
