/**
 * URL parameters of the site's routes (decision 003) that need more than a pattern:
 * the device routes, whose type and slug are both optional.
 */

export const DEVICE_TYPES = ['asic', 'cpu', 'gpu'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export function isDeviceType(value: string): value is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(value);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

export function isSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

export type DeviceRoute =
  | { kind: 'type'; type: DeviceType }
  | { kind: 'vendor'; type: DeviceType | null; vendor: string }
  | { kind: 'device'; type: DeviceType | null; vendor: string; slug: string };

/**
 * `/device/{type?}/{vendor}/{slug?}` and `/device/{type}`: one segment is a type or a vendor,
 * two are type and vendor or vendor and device, three are all of them. Null means 404.
 */
export function parseDeviceRoute(segments: readonly string[]): DeviceRoute | null {
  if (segments.length === 0 || segments.length > 3 || !segments.every(isSlug)) return null;
  const [first = '', second, third] = segments;
  if (segments.length === 1) {
    return isDeviceType(first) ? { kind: 'type', type: first } : { kind: 'vendor', type: null, vendor: first };
  }
  if (segments.length === 2 && second !== undefined) {
    if (isDeviceType(first)) return { kind: 'vendor', type: first, vendor: second };
    return isDeviceType(second) ? null : { kind: 'device', type: null, vendor: first, slug: second };
  }
  if (!isDeviceType(first) || second === undefined || third === undefined) return null;
  return { kind: 'device', type: first, vendor: second, slug: third };
}

/**
 * A watcher link's token (decision 023): 32 to 64 URL-safe characters. Anything else is no
 * link: a 404 at once, on the site and in the API, without a database lookup.
 */
export function isWatcherToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{32,64}$/.test(value);
}

/** `/articles/get-support-{lang}` is the support article, in ru, uk or en. */
export const SUPPORT_ARTICLE_LANGUAGES = ['ru', 'uk', 'en'] as const;

export function supportArticleLanguage(slug: string): (typeof SUPPORT_ARTICLE_LANGUAGES)[number] | null {
  const match = /^get-support-(.+)$/.exec(slug);
  const lang = match?.[1];
  return lang && (SUPPORT_ARTICLE_LANGUAGES as readonly string[]).includes(lang)
    ? (lang as (typeof SUPPORT_ARTICLE_LANGUAGES)[number])
    : null;
}
