import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '~/platform/api-client';
import { createRatesStore, fetchRates } from './rates-store';

const RATES = { fiat: { USD: 1, EUR: 0.92 }, crypto: { BTC: 95_000 } };

describe('rates store (fetched when no fiat rates are loaded)', () => {
  it('loads once per page life and tells every subscriber', async () => {
    const store = createRatesStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    const load = vi.fn(async () => RATES);
    store.ensureLoaded(load);
    store.ensureLoaded(load);
    expect(store.get()).toEqual({ rates: null, status: 'loading' });
    await vi.waitFor(() => expect(store.get().status).toBe('ready'));
    store.ensureLoaded(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.get().rates).toEqual(RATES);
    expect(seen).toEqual(['loading', 'ready']);
  });

  it('a failure leaves no rates, does not throw and is not retried', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createRatesStore();
    const load = vi.fn(async () => {
      throw new Error('API unreachable');
    });
    store.ensureLoaded(load);
    await vi.waitFor(() => expect(store.get().status).toBe('failed'));
    store.ensureLoaded(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.get().rates).toBeNull();
    expect(warn).toHaveBeenCalledWith('exchange rates unavailable:', 'API unreachable');
    warn.mockRestore();
  });

  it('an answer without fiat rates counts as a failure', async () => {
    const store = createRatesStore();
    store.ensureLoaded(async () => ({ fiat: {}, crypto: { BTC: 1 } }));
    await vi.waitFor(() => expect(store.get().status).toBe('failed'));
  });
});

describe('fetchRates', () => {
  let server: Server;
  let origin: string;
  let body = '';
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('GETs {api}/api/v1/rates and keeps the fiat and crypto maps', async () => {
    body = JSON.stringify({ ...RATES, updated_at: 1_763_700_000 });
    await expect(fetchRates(createApiClient({ baseUrl: `${origin}/` }))).resolves.toEqual(RATES);
    expect(paths.at(-1)).toBe('/api/v1/rates');
  });

  it('rejects an answer that does not match the rates schema', async () => {
    body = JSON.stringify({ fiat: { USD: 'one' }, crypto: {}, updated_at: 1 });
    await expect(fetchRates(createApiClient({ baseUrl: origin }))).rejects.toThrow();
    body = '<html>proxy error</html>';
    await expect(fetchRates(createApiClient({ baseUrl: origin }))).rejects.toThrow();
  });
});
