/** Constants of the public API that the browser needs without the schemas (no zod in the bundle). */

export const CHART_RANGES = ['24h', '7d', '30d', '1y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/**
 * The rates payload checked by hand for the browser, which does not ship zod for one call.
 * It accepts only what `ratesSchema` in api.ts accepts (a test holds it to that).
 */
export function parseRatesPayload(value: unknown): {
  fiat: Record<string, number>;
  crypto: Record<string, number>;
  updated_at: number;
} {
  const body = value as { fiat?: unknown; crypto?: unknown; updated_at?: unknown } | null;
  const isNumberMap = (map: unknown): map is Record<string, number> =>
    typeof map === 'object' &&
    map !== null &&
    !Array.isArray(map) &&
    Object.values(map).every((n) => typeof n === 'number' && Number.isFinite(n));
  if (
    typeof body !== 'object' ||
    body === null ||
    !isNumberMap(body.fiat) ||
    !isNumberMap(body.crypto) ||
    !Number.isSafeInteger(body.updated_at)
  ) {
    throw new TypeError('not a rates payload: { fiat, crypto, updated_at }');
  }
  return { fiat: body.fiat, crypto: body.crypto, updated_at: body.updated_at as number };
}
