import { z } from 'zod';
import { orderFiat, roundToSignificant, type RatesProvider, type RatesSnapshot } from './provider.ts';

/**
 * Our ticker -> CoinGecko coin id. Sedra (sdr) and Nirmata (nir) are left out: no CoinGecko id for
 * them could be confirmed, so they get no price from this provider rather than a wrong one.
 */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  btc: 'bitcoin',
  bch: 'bitcoin-cash',
  fb: 'fractal-bitcoin',
  ltc: 'litecoin',
  rxd: 'radiant',
  iron: 'iron-fish',
  alph: 'alephium',
  kas: 'kaspa',
  xel: 'xelis',
  erg: 'ergo',
  kls: 'karlsen',
  xna: 'neurai',
  clore: 'clore-ai',
  nexa: 'nexacoin',
  cfx: 'conflux-token',
  sal: 'salvium',
  xmr: 'monero',
  zeph: 'zephyr-protocol',
  rvn: 'ravencoin',
  octa: 'octaspace',
  etc: 'ethereum-classic',
  ethw: 'ethereum-pow-iou',
  quai: 'quai-network',
  xec: 'ecash',
  dgb: 'digibyte',
  doge: 'dogecoin',
  pep: 'pepecoin-network',
  bells: 'bellscoin',
};

/** Codes CoinGecko labels fiat that are not a currency anyone pays in any more. */
const DEFUNCT_FIAT: ReadonlySet<string> = new Set([
  // Venezuelan bolívar fuerte, replaced in 2018; CoinGecko's figure for it is meaningless.
  'VEF',
]);

const DEFAULT_BASE_URL = 'https://api.coingecko.com';
const DEFAULT_TIMEOUT_MS = 10_000;

// GET /api/v3/simple/price?ids=..&vs_currencies=usd -> { "bitcoin": { "usd": 95123 }, .. }.
// A coin CoinGecko has no price for comes back as {} or not at all.
const simplePriceSchema = z.record(z.string(), z.object({ usd: z.number().optional() }));

// GET /api/v3/exchange_rates -> { rates: { btc: { name, unit, value: 1, type: "crypto" }, usd: {..}, .. } },
// every value in units per 1 BTC; type is "crypto", "fiat" or "commodity".
const exchangeRatesSchema = z.object({
  rates: z.record(
    z.string(),
    z.object({ name: z.string(), unit: z.string(), value: z.number().nonnegative(), type: z.string() }),
  ),
});

// Errors come as { status: { error_code, error_message } } (rate limits) or { error: "..." }.
const errorBodySchema = z.union([
  z.object({ status: z.object({ error_message: z.string() }) }).transform((body) => body.status.error_message),
  z.object({ error: z.string() }).transform((body) => body.error),
]);

/** CoinGecko's own words for a failure, or a one-line excerpt of whatever else came back. */
function describeErrorBody(body: string): string {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through to the excerpt
  }
  const oneLine = body.replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}...` : oneLine;
}

export interface CoinGeckoOptions {
  fetch: typeof globalThis.fetch;
  /** Default https://api.coingecko.com. */
  baseUrl?: string;
  /** A demo-plan key, sent as `x-cg-demo-api-key`. */
  apiKey?: string;
  tickers: readonly string[];
  /** Per request; default 10 000 ms. */
  timeoutMs?: number;
}

/** The CoinGecko id for a ticker, or undefined when this provider cannot price it. */
export function coinGeckoId(ticker: string): string | undefined {
  return COINGECKO_IDS[ticker.toLowerCase()];
}

export function createCoinGeckoRates(options: CoinGeckoOptions): RatesProvider {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-cg-demo-api-key'] = options.apiKey;

  const tickerById = new Map<string, string>();
  for (const ticker of options.tickers) {
    const id = coinGeckoId(ticker);
    if (id !== undefined) tickerById.set(id, ticker.toUpperCase());
  }
  const ids = [...tickerById.keys()];

  async function getJson(path: string): Promise<unknown> {
    const what = `CoinGecko ${path.split('?')[0]}`;
    let response: Response;
    let body: string;
    try {
      response = await options.fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      body = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`${what} timed out after ${timeoutMs} ms`, { cause: error });
      }
      throw new Error(`${what} request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!response.ok) {
      const status = [response.status, response.statusText].filter(Boolean).join(' ');
      const detail = describeErrorBody(body);
      throw new Error(detail ? `${what} answered ${status}: ${detail}` : `${what} answered ${status}`);
    }
    try {
      return JSON.parse(body);
    } catch (error) {
      throw new Error(`${what} returned a body that is not JSON`, { cause: error });
    }
  }

  function parse<T>(schema: z.ZodType<T>, data: unknown, path: string): T {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`CoinGecko ${path} returned an unexpected shape: ${z.prettifyError(result.error)}`);
    }
    return result.data;
  }

  async function fetchCrypto(): Promise<Record<string, number>> {
    if (ids.length === 0) return {};
    const path = '/api/v3/simple/price';
    const query = `?ids=${ids.map(encodeURIComponent).join(',')}&vs_currencies=usd`;
    const prices = parse(simplePriceSchema, await getJson(path + query), path);
    const crypto: Record<string, number> = {};
    for (const [id, ticker] of tickerById) {
      const usd = prices[id]?.usd;
      if (usd !== undefined && usd > 0) crypto[ticker] = roundToSignificant(usd);
    }
    if (Object.keys(crypto).length === 0) throw new Error(`CoinGecko ${path} returned no USD price for any of: ${ids.join(',')}`);
    return crypto;
  }

  async function fetchFiat(): Promise<Record<string, number>> {
    const path = '/api/v3/exchange_rates';
    const { rates } = parse(exchangeRatesSchema, await getJson(path), path);
    const usdPerBtc = rates.usd?.value;
    if (usdPerBtc === undefined || usdPerBtc <= 0) throw new Error(`CoinGecko ${path} has no usable USD rate`);
    const fiat: Record<string, number> = {};
    for (const [code, rate] of Object.entries(rates)) {
      const upper = code.toUpperCase();
      if (rate.type !== 'fiat' || DEFUNCT_FIAT.has(upper) || rate.value <= 0) continue;
      // Both values are per 1 BTC, so their ratio is units of this currency per 1 USD.
      fiat[upper] = upper === 'USD' ? 1 : roundToSignificant(rate.value / usdPerBtc);
    }
    return orderFiat(fiat);
  }

  return {
    name: 'coingecko',
    async fetch(nowMs: number): Promise<RatesSnapshot> {
      const [crypto, fiat] = await Promise.all([fetchCrypto(), fetchFiat()]);
      return { fiat, crypto, updatedAt: nowMs };
    },
  };
}
