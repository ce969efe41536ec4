/**
 * The price a visitor says they would pay for a device: typed on its page, remembered in this
 * browser per device (like the power cost) and carried by the page's URL (`?price=1200` in US
 * dollars, `?price=1100+EUR` in another currency), so a shared device link shows the same
 * payback. Pure and zod-free.
 */
export interface TypedPrice {
  amount: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/** Local storage key: `{ "gpu/nvidia/geforce-rtx-4090": { "amount": 1500, "currency": "EUR" } }`. */
export const DEVICE_PRICES_KEY = 'devicePrices';

const MAX_PRICE = 10_000_000;

/** A typed amount ('1 499,90', '1499.9'): a positive number up to ten million, else null. */
export function parsePriceAmount(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return amount > 0 && amount <= MAX_PRICE ? amount : null;
}

/** `?price=` as written by `priceParam`: '1200' (USD) or '1100 EUR'. */
export function parsePriceParam(value: string | null): TypedPrice | null {
  const match = /^\s*([\d.,\s]+?)\s*([A-Za-z]{3})?\s*$/.exec(value ?? '');
  const amount = match ? parsePriceAmount(match[1]!) : null;
  return amount === null ? null : { amount, currency: (match![2] ?? 'USD').toUpperCase() };
}

export function priceParam(price: TypedPrice): string {
  return price.currency === 'USD' ? String(price.amount) : `${price.amount} ${price.currency}`;
}

/** The price in USD at the loaded rates (units of each currency per USD); null for a currency they do not know. */
export function typedPriceUsd(price: TypedPrice | null, fiat: Readonly<Record<string, number>>): number | null {
  if (!price) return null;
  const perUsd = price.currency === 'USD' ? 1 : fiat[price.currency];
  return perUsd !== undefined && perUsd > 0 ? price.amount / perUsd : null;
}

/** The stored prices by device key; anything malformed is ignored, never an error. */
export function parseStoredPrices(text: string | null): Record<string, TypedPrice> {
  if (!text) return {};
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) return {};
    const prices: Record<string, TypedPrice> = {};
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      const entry = value as Partial<TypedPrice> | null;
      if (typeof entry?.amount === 'number' && typeof entry.currency === 'string') {
        const price = parsePriceParam(`${entry.amount} ${entry.currency}`);
        if (price) prices[key] = price;
      }
    }
    return prices;
  } catch {
    return {};
  }
}
