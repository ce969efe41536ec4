import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../app/platform/api-client';
import { createApiReuse, sharedMaxAge } from './api-reuse.server';

/** A fake API: counts the requests per path and answers with the given Cache-Control. */
function fakeApi(cacheControl: string | null, status = 200) {
  const calls: string[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const fetch = (async (input: URL | RequestInfo) => {
    const url = new URL(String(input));
    calls.push(url.pathname + url.search);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cacheControl) headers['cache-control'] = cacheControl;
    return new Response(JSON.stringify({ n: calls.length, nested: { list: [1] } }), { status, headers });
  }) as typeof globalThis.fetch;
  return {
    calls,
    fetch,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

function client(api: ReturnType<typeof fakeApi>, clock: { t: number }, maxSeconds = 5) {
  const reuse = createApiReuse({ maxSeconds, now: () => clock.t });
  return createApiClient({ baseUrl: 'http://api.test', fetch: api.fetch, reuse });
}

describe('sharedMaxAge', () => {
  it('reads max-age (or s-maxage) of public answers only', () => {
    expect(sharedMaxAge('public, max-age=10, stale-while-revalidate=30')).toBe(10);
    expect(sharedMaxAge('public, s-maxage=3, max-age=10')).toBe(3);
    expect(sharedMaxAge('max-age=10')).toBe(0);
    expect(sharedMaxAge('public, no-cache, max-age=10')).toBe(0);
    expect(sharedMaxAge('private, no-cache')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge('public, max-age=abc')).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });
});

describe('reuse of pool-wide API answers', () => {
  it('answers a pool-wide GET from the kept copy while it is fresh, capped at maxSeconds', async () => {
    const api = fakeApi('public, max-age=10');
    const clock = { t: 0 };
    const c = client(api, clock, 5);
    expect(await c.request('/btc/api/v1/pool/stats')).toMatchObject({ n: 1 });
    clock.t = 4_999;
    expect(await c.request('/btc/api/v1/pool/stats')).toMatchObject({ n: 1 });
    clock.t = 5_000; // the API said 10 s; the web server keeps it 5 s at most
    expect(await c.request('/btc/api/v1/pool/stats')).toMatchObject({ n: 2 });
    expect(api.calls).toEqual(['/btc/api/v1/pool/stats', '/btc/api/v1/pool/stats']);
  });

  it('keys on the query: another chart range is another answer', async () => {
    const api = fakeApi('public, max-age=10');
    const c = client(api, { t: 0 });
    await c.request('/btc/api/v1/pool/chart', { query: { range: 'day' } });
    await c.request('/btc/api/v1/pool/chart', { query: { range: 'week' } });
    await c.request('/btc/api/v1/pool/chart', { query: { range: 'day' } });
    expect(api.calls).toEqual(['/btc/api/v1/pool/chart?range=day', '/btc/api/v1/pool/chart?range=week']);
  });

  it("never reuses a miner's answers, private answers, errors or requests with their own signal", async () => {
    const clock = { t: 0 };
    const miner = fakeApi('public, max-age=10');
    const m = client(miner, clock);
    await m.request('/btc/api/v1/miner/stats/bc1qabc');
    await m.request('/btc/api/v1/miner/stats/bc1qabc');
    expect(miner.calls).toHaveLength(2);

    const priv = fakeApi('private, no-cache');
    const p = client(priv, clock);
    await p.request('/api/v1/rates');
    await p.request('/api/v1/rates');
    expect(priv.calls).toHaveLength(2);

    const failing = fakeApi('public, max-age=10', 503);
    const f = client(failing, clock);
    await expect(f.request('/api/v1/pools')).rejects.toBeInstanceOf(ApiError);
    await expect(f.request('/api/v1/pools')).rejects.toBeInstanceOf(ApiError);
    expect(failing.calls).toHaveLength(2);

    const signalled = fakeApi('public, max-age=10');
    const s = client(signalled, clock);
    await s.request('/api/v1/pools', { signal: new AbortController().signal });
    await s.request('/api/v1/pools', { signal: new AbortController().signal });
    expect(signalled.calls).toHaveLength(2);
  });

  it('sends one request for answers asked for at once (single flight)', async () => {
    const api = fakeApi('public, max-age=10');
    const c = client(api, { t: 0 });
    api.holdNext();
    const all = Promise.all([
      c.request('/ltc/api/v1/top-miners'),
      c.request('/ltc/api/v1/top-miners'),
      c.request('/ltc/api/v1/top-miners'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    api.release();
    const answers = await all;
    expect(api.calls).toHaveLength(1);
    expect(answers[0]).toBe(answers[2]);
  });

  it('hands out a frozen value: one page cannot change another page’s data', async () => {
    const c = client(fakeApi('public, max-age=10'), { t: 0 });
    const body = await c.request<{ nested: { list: number[] } }>('/api/v1/pools');
    expect(() => body.nested.list.push(2)).toThrow(TypeError);
  });

  it('is off at 0 seconds', () => {
    expect(createApiReuse({ maxSeconds: 0 })).toBeNull();
  });
});
