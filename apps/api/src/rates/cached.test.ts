import { describe, expect, it } from 'vitest';
import { createCachedRates } from './cached.ts';
import type { RatesProvider, RatesSnapshot } from './provider.ts';

function snapshot(btc: number, updatedAt: number): RatesSnapshot {
  return { fiat: { USD: 1, EUR: 0.92 }, crypto: { BTC: btc }, updatedAt };
}

/** A provider whose every fetch waits until the test settles it. */
function createControlledProvider() {
  const pending: Array<{ nowMs: number; resolve: (value: RatesSnapshot) => void; reject: (error: Error) => void }> = [];
  const provider: RatesProvider = {
    name: 'controlled',
    fetch: (nowMs) => new Promise((resolve, reject) => pending.push({ nowMs, resolve, reject })),
  };
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('no fetch is waiting');
    return call;
  };
  return { provider, pending, next };
}

function createClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createCachedRates', () => {
  it('shares one fetch between concurrent callers (single flight)', async () => {
    const clock = createClock();
    const { provider, pending, next } = createControlledProvider();
    const cache = createCachedRates(provider, { refreshMs: 60_000, now: clock.now });

    const callers = [cache.get(), cache.get(), cache.get()];
    expect(pending).toHaveLength(1);
    next().resolve(snapshot(95_000, clock.now()));
    const results = await Promise.all(callers);
    for (const result of results) expect(result.crypto.BTC).toBe(95_000);
  });

  it('serves the cached snapshot until refreshMs has passed, then refreshes once', async () => {
    const clock = createClock();
    const { provider, pending, next } = createControlledProvider();
    const cache = createCachedRates(provider, { refreshMs: 60_000, now: clock.now });

    const first = cache.get();
    next().resolve(snapshot(95_000, clock.now()));
    await first;

    clock.advance(59_999);
    expect((await cache.get()).crypto.BTC).toBe(95_000);
    expect(pending).toHaveLength(0);

    clock.advance(1);
    const refreshed = [cache.get(), cache.get()];
    expect(pending).toHaveLength(1);
    const call = next();
    expect(call.nowMs).toBe(1_060_000);
    call.resolve(snapshot(96_000, call.nowMs));
    for (const result of await Promise.all(refreshed)) expect(result.crypto.BTC).toBe(96_000);
    expect((await cache.get()).crypto.BTC).toBe(96_000);
  });

  it('keeps serving the last good snapshot when a refresh fails, and waits before retrying', async () => {
    const clock = createClock();
    const { provider, pending, next } = createControlledProvider();
    const errors: unknown[] = [];
    const cache = createCachedRates(provider, { refreshMs: 60_000, now: clock.now, onError: (error) => errors.push(error) });

    const first = cache.get();
    next().resolve(snapshot(95_000, clock.now()));
    await first;

    clock.advance(60_000);
    const duringOutage = cache.get();
    next().reject(new Error('CoinGecko /api/v3/simple/price answered 429'));
    expect((await duringOutage).crypto.BTC).toBe(95_000);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/429/);

    // No hammering: the next attempt waits another refreshMs.
    clock.advance(30_000);
    expect((await cache.get()).crypto.BTC).toBe(95_000);
    expect(pending).toHaveLength(0);

    clock.advance(30_000);
    const recovered = cache.get();
    next().resolve(snapshot(97_000, clock.now()));
    expect((await recovered).crypto.BTC).toBe(97_000);
  });

  it('rejects when the very first fetch fails, and tries again on the next call', async () => {
    const clock = createClock();
    const { provider, next } = createControlledProvider();
    const cache = createCachedRates(provider, { refreshMs: 60_000, now: clock.now });

    const callers = [cache.get(), cache.get()];
    next().reject(new Error('CoinGecko /api/v3/exchange_rates timed out after 10000 ms'));
    for (const caller of callers) await expect(caller).rejects.toThrow(/timed out/);

    const retry = cache.get();
    next().resolve(snapshot(95_000, clock.now()));
    expect((await retry).crypto.BTC).toBe(95_000);
  });

  it('refuses a refresh interval that is not positive', () => {
    const { provider } = createControlledProvider();
    expect(() => createCachedRates(provider, { refreshMs: 0 })).toThrow(/refreshMs/);
  });
});
