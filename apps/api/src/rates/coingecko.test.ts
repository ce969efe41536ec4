import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COINGECKO_IDS, coinGeckoId, createCoinGeckoRates } from './coingecko.ts';
import { PRICED_TICKERS } from './provider.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const SIMPLE_PRICE = fixture('simple-price.json');
const EXCHANGE_RATES = fixture('exchange-rates.json');
const RATE_LIMITED = fixture('rate-limited.json');

const NOW = Date.UTC(2025, 1, 3, 12);
const ALL_IDS = PRICED_TICKERS.flatMap((ticker) => COINGECKO_IDS[ticker] ?? []).join(',');

interface Request {
  url: string;
  headers: Headers;
}

/** A fetch that serves recorded bodies by path and remembers what it was asked. */
function createFakeFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const requests: Request[] = [];
  const fakeFetch = async (input: string | URL | globalThis.Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    requests.push({ url, headers: new Headers(init?.headers) });
    const route = routes[new URL(url).pathname];
    if (!route) throw new Error(`unexpected request ${url}`);
    return route();
  };
  return { fetch: fakeFetch as typeof globalThis.fetch, requests };
}

const json =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status, headers: { 'content-type': 'application/json' } });
const recorded = {
  '/api/v3/simple/price': json(SIMPLE_PRICE),
  '/api/v3/exchange_rates': json(EXCHANGE_RATES),
};

describe('createCoinGeckoRates', () => {
  it('asks for every mapped coin in USD and for the exchange rates, with the demo key', async () => {
    const fake = createFakeFetch(recorded);
    const provider = createCoinGeckoRates({ fetch: fake.fetch, tickers: PRICED_TICKERS, apiKey: 'CG-demo-key' });
    await provider.fetch(NOW);

    expect(fake.requests.map((request) => request.url).sort()).toEqual([
      'https://api.coingecko.com/api/v3/exchange_rates',
      `https://api.coingecko.com/api/v3/simple/price?ids=${ALL_IDS}&vs_currencies=usd`,
    ]);
    for (const request of fake.requests) {
      expect(request.headers.get('x-cg-demo-api-key')).toBe('CG-demo-key');
      expect(request.headers.get('accept')).toBe('application/json');
    }
  });

  it('sends no key header without a key, and honours a custom base URL', async () => {
    const fake = createFakeFetch(recorded);
    await createCoinGeckoRates({ fetch: fake.fetch, tickers: ['ltc'], baseUrl: 'http://mirror.test/' }).fetch(NOW);
    expect(fake.requests.map((request) => request.url).sort()).toEqual([
      'http://mirror.test/api/v3/exchange_rates',
      'http://mirror.test/api/v3/simple/price?ids=litecoin&vs_currencies=usd',
    ]);
    for (const request of fake.requests) expect(request.headers.has('x-cg-demo-api-key')).toBe(false);
  });

  it('turns the recorded responses into the /api/v1/rates shape', async () => {
    const fake = createFakeFetch(recorded);
    const snapshot = await createCoinGeckoRates({ fetch: fake.fetch, tickers: PRICED_TICKERS }).fetch(NOW);

    expect(snapshot.updatedAt).toBe(NOW);
    expect(snapshot.crypto.BTC).toBe(97184.2);
    expect(snapshot.crypto.LTC).toBe(120.91);
    expect(snapshot.crypto.NEXA).toBe(0.00000312);
    expect(snapshot.crypto.PEP).toBe(0.00029861);
    expect(snapshot.crypto.DGB).toBe(0.0100477);
    // Sedra and Nirmata have no confirmed CoinGecko id: no price rather than a wrong one.
    expect(snapshot.crypto.SDR).toBeUndefined();
    expect(snapshot.crypto.NIR).toBeUndefined();
    expect(Object.keys(snapshot.crypto).length).toBe(PRICED_TICKERS.length - 2);
    for (const ticker of Object.keys(snapshot.crypto)) expect(ticker).toMatch(/^[A-Z]+$/);

    // exchange_rates is per BTC: EUR per USD = 93211.345 / 97184.237.
    expect(snapshot.fiat.USD).toBe(1);
    expect(snapshot.fiat.EUR).toBe(0.95912);
    expect(snapshot.fiat.RUB).toBe(88.415);
    expect(snapshot.fiat.JPY).toBe(152.38);
    expect(snapshot.fiat.KWD).toBe(0.30847);
    expect(Object.keys(snapshot.fiat).slice(0, 4)).toEqual(['USD', 'EUR', 'RUB', 'UAH']);
    expect(Object.keys(snapshot.fiat).length).toBeGreaterThanOrEqual(30);
    // Crypto and commodity rows are not fiat; the defunct bolívar fuerte is dropped.
    for (const code of ['BTC', 'ETH', 'SATS', 'BITS', 'XAU', 'XAG', 'VEF']) expect(snapshot.fiat[code]).toBeUndefined();
    for (const code of Object.keys(snapshot.fiat)) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('rejects a malformed price response with a message that names the call', async () => {
    const fake = createFakeFetch({ ...recorded, '/api/v3/simple/price': json('{"bitcoin":{"usd":"97184.237"}}') });
    const provider = createCoinGeckoRates({ fetch: fake.fetch, tickers: ['btc'] });
    await expect(provider.fetch(NOW)).rejects.toThrow(/CoinGecko \/api\/v3\/simple\/price returned an unexpected shape/);
  });

  it('rejects exchange rates without a USD row, and a body that is not JSON', async () => {
    const withoutUsd = JSON.parse(EXCHANGE_RATES) as { rates: Record<string, unknown> };
    delete withoutUsd.rates.usd;
    const noUsd = createFakeFetch({ ...recorded, '/api/v3/exchange_rates': json(JSON.stringify(withoutUsd)) });
    await expect(createCoinGeckoRates({ fetch: noUsd.fetch, tickers: ['btc'] }).fetch(NOW)).rejects.toThrow(/no usable USD rate/);

    const html = createFakeFetch({ ...recorded, '/api/v3/exchange_rates': json('<html>Bad gateway</html>') });
    await expect(createCoinGeckoRates({ fetch: html.fetch, tickers: ['btc'] }).fetch(NOW)).rejects.toThrow(/not JSON/);
  });

  it('rejects when none of the requested coins has a price', async () => {
    const fake = createFakeFetch({ ...recorded, '/api/v3/simple/price': json('{}') });
    await expect(createCoinGeckoRates({ fetch: fake.fetch, tickers: ['btc', 'ltc'] }).fetch(NOW)).rejects.toThrow(
      /no USD price for any of: bitcoin,litecoin/,
    );
  });

  it('rejects a 429 with the status and CoinGecko’s own message', async () => {
    const fake = createFakeFetch({ ...recorded, '/api/v3/simple/price': json(RATE_LIMITED, 429) });
    const provider = createCoinGeckoRates({ fetch: fake.fetch, tickers: ['btc'] });
    await expect(provider.fetch(NOW)).rejects.toThrow(
      "CoinGecko /api/v3/simple/price answered 429: You've exceeded the Rate Limit.",
    );
  });

  it('rejects a server error with a one-line excerpt of its body', async () => {
    const fake = createFakeFetch({
      ...recorded,
      '/api/v3/exchange_rates': json('<html>\n  <h1>502 Bad Gateway</h1>\n</html>', 502),
    });
    const provider = createCoinGeckoRates({ fetch: fake.fetch, tickers: ['btc'] });
    await expect(provider.fetch(NOW)).rejects.toThrow(
      'CoinGecko /api/v3/exchange_rates answered 502: <html> <h1>502 Bad Gateway</h1> </html>',
    );
  });

  it('gives up after the timeout', async () => {
    const hanging = (_input: string | URL | globalThis.Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const provider = createCoinGeckoRates({ fetch: hanging as typeof globalThis.fetch, tickers: ['btc'], timeoutMs: 5 });
    await expect(provider.fetch(NOW)).rejects.toThrow(/timed out after 5 ms/);
  });

  it('maps tickers case-insensitively and knows which ones it cannot price', () => {
    expect(coinGeckoId('KAS')).toBe('kaspa');
    expect(coinGeckoId('sdr')).toBeUndefined();
    expect(coinGeckoId('nir')).toBeUndefined();
  });
});
