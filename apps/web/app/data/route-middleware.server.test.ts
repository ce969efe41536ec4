import { readFileSync } from 'node:fs';
import { parseSiteConfig, type SiteConfig } from '@openpool/domain/site-config';
import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type Params } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { createApiClient } from '~/platform/api-client';
import { createDocumentCache } from '~/data/document-cache.server';
import { describeError, type DescribedError } from '~/platform/http-errors';
import { ROUTE_MIDDLEWARE, named, noEmptySegments } from './route-middleware.server';

const config = parseSiteConfig(readFileSync(new URL('../../../../content/site.json', import.meta.url), 'utf8'));

function contextProvider(siteConfig: SiteConfig): RouterContextProvider {
  const provider = new RouterContextProvider();
  const value: AppContext = {
    config: siteConfig,
    coinContent: { coins: {} } as unknown as AppContext['coinContent'],
    hardware: { devices: [], manufacturers: [], offers: new Map() },
    comparePools: { as_of: '2026-11-24', pools: [] },
    publicEnv: { apiBaseUrl: 'http://localhost:8787', siteUrl: 'http://localhost:3000' },
    api: createApiClient({ baseUrl: 'http://127.0.0.1:8787' }),
    documents: createDocumentCache(),
    cookieDomain: undefined,
    nonce: 'test-nonce',
  };
  provider.set(appContext, value);
  return provider;
}

type Outcome = { passed: true } | { passed: false; thrown: unknown };

/** Runs the named middleware in order, as the router would, stopping at the first throw. */
async function run(names: string[], path: string, params: Params, siteConfig = config): Promise<Outcome> {
  const url = new URL(path, 'https://openpool.example');
  const args = { request: new Request(url), url, pattern: '', params, context: contextProvider(siteConfig) };
  try {
    for (const middleware of named(...names)) {
      await middleware(args, () => Promise.resolve(new Response('next')));
    }
    return { passed: true };
  } catch (thrown) {
    return { passed: false, thrown };
  }
}

/** What the error page would make of a thrown `data(...)`. */
function described(outcome: Outcome): DescribedError {
  if (outcome.passed) throw new Error('expected the middleware to throw');
  const { thrown } = outcome;
  expect(thrown).toMatchObject({ type: 'DataWithResponseInit' });
  const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
  return describeError(new ErrorResponseImpl(init?.status ?? 500, init?.statusText, data));
}

function redirectTarget(outcome: Outcome): { status: number; location: string | null } {
  if (outcome.passed) throw new Error('expected the middleware to redirect');
  expect(outcome.thrown).toBeInstanceOf(Response);
  const response = outcome.thrown as Response;
  return { status: response.status, location: response.headers.get('Location') };
}

const PASSED = { passed: true };
const NOT_FOUND = { status: 404, reason: 'page-not-found' };

describe('named', () => {
  it('returns the registered middleware in the order named', () => {
    expect(named('top-miners', 'coin')).toEqual([ROUTE_MIDDLEWARE['top-miners'], ROUTE_MIDDLEWARE.coin]);
    expect(named()).toEqual([]);
  });

  it('registers exactly coin, locale, miner-address and top-miners', () => {
    expect(Object.keys(ROUTE_MIDDLEWARE).sort()).toEqual(['coin', 'locale', 'miner-address', 'top-miners']);
  });

  it('locale: the :lang prefix is one of our locale codes, anything else is 404', async () => {
    expect(await run(['locale'], '/ru/btc', { lang: 'ru' })).toEqual(PASSED);
    expect(await run(['locale'], '/zh-cn/articles', { lang: 'zh-cn' })).toEqual(PASSED);
    expect(described(await run(['locale'], '/btc/articles', { lang: 'btc' }))).toEqual(NOT_FOUND);
  });

  it('an unregistered name fails with 500 unknown-middleware', async () => {
    expect(described(await run(['no-such-check'], '/btc', { coin: 'btc' }))).toEqual({
      status: 500,
      reason: 'unknown-middleware',
    });
  });

  it('an unregistered name after a passing one still fails', async () => {
    expect(described(await run(['coin', 'Coin'], '/btc', { coin: 'btc' }))).toEqual({
      status: 500,
      reason: 'unknown-middleware',
    });
  });
});

describe('coin', () => {
  it('passes public coins', async () => {
    expect(await run(['coin'], '/btc', { coin: 'btc' })).toEqual(PASSED);
    expect(await run(['coin'], '/ru/xmr', { coin: 'xmr' })).toEqual(PASSED);
  });

  it('passes private coins', async () => {
    expect(await run(['coin'], '/sdr', { coin: 'sdr' })).toEqual(PASSED);
    expect(await run(['coin'], '/nir', { coin: 'nir' })).toEqual(PASSED);
  });

  it('refuses an unknown coin with 404 unsupported-coin', async () => {
    const outcome = await run(['coin'], '/nope', { coin: 'nope' });
    expect(outcome).toMatchObject({ passed: false, thrown: { data: { reason: 'unsupported-coin' }, init: { status: 404 } } });
    expect(described(outcome)).toEqual({ status: 404, reason: 'unsupported-coin' });
  });

  it('refuses a coin whose case differs, and a missing coin', async () => {
    expect(described(await run(['coin'], '/BTC', { coin: 'BTC' }))).toEqual({ status: 404, reason: 'unsupported-coin' });
    expect(described(await run(['coin'], '/', {}))).toEqual({ status: 404, reason: 'unsupported-coin' });
    expect(described(await run(['coin'], '/', { coin: '' }))).toEqual({ status: 404, reason: 'unsupported-coin' });
  });

  it('refuses a merge-mined child coin, which has no pool page', async () => {
    expect(described(await run(['coin'], '/doge', { coin: 'doge' }))).toEqual({ status: 404, reason: 'unsupported-coin' });
  });

  it('refuses a registry coin the site config does not offer', async () => {
    const withoutBtc = { ...config, enabled: config.enabled.filter((ticker) => ticker !== 'btc') };
    expect(described(await run(['coin'], '/btc', { coin: 'btc' }, withoutBtc))).toEqual({
      status: 404,
      reason: 'unsupported-coin',
    });
    expect(await run(['coin'], '/ltc', { coin: 'ltc' }, withoutBtc)).toEqual(PASSED);
  });
});

describe('miner-address', () => {
  it('passes a well-formed address, worker and scheme', async () => {
    expect(await run(['miner-address'], '/btc/miner/stats/bc1qxyz', { coin: 'btc', address: 'bc1qxyz' })).toEqual(PASSED);
    expect(
      await run(['miner-address'], '/btc/miner/stats/bc1qxyz/rig-01/pps', {
        coin: 'btc',
        address: 'bc1qxyz',
        worker: 'rig-01',
        scheme: 'pps',
      }),
    ).toEqual(PASSED);
  });

  it('passes when there is no address at all', async () => {
    expect(await run(['miner-address'], '/btc/miner/payouts', { coin: 'btc' })).toEqual(PASSED);
  });

  it('redirects an e-mail address to /{coin}/miner/email', async () => {
    expect(redirectTarget(await run(['miner-address'], '/btc/miner/stats/a@b.c', { coin: 'btc', address: 'a@b.c' }))).toEqual({
      status: 302,
      location: '/btc/miner/email',
    });
  });

  it('redirects a krx account to /{coin}/miner/email', async () => {
    expect(redirectTarget(await run(['miner-address'], '/btc/miner/stats/krx123', { coin: 'btc', address: 'krx123' }))).toEqual({
      status: 302,
      location: '/btc/miner/email',
    });
  });

  it('keeps the locale prefix the visitor came with', async () => {
    expect(
      redirectTarget(await run(['miner-address'], '/ru/btc/miner/stats/a@b.c', { coin: 'btc', address: 'a@b.c' })).location,
    ).toBe('/ru/btc/miner/email');
    expect(
      redirectTarget(await run(['miner-address'], '/en/btc/miner/stats/krx123', { coin: 'btc', address: 'krx123' })).location,
    ).toBe('/en/btc/miner/email');
    expect(
      redirectTarget(await run(['miner-address'], '/zh-cn/ltc/miner/payouts/krx9', { coin: 'ltc', address: 'krx9' })).location,
    ).toBe('/zh-cn/ltc/miner/email');
  });

  it('redirects before checking the worker and scheme', async () => {
    expect(
      redirectTarget(
        await run(['miner-address'], '/btc/miner/stats/a@b.c/bad%20worker/nope', {
          coin: 'btc',
          address: 'a@b.c',
          worker: 'bad worker',
          scheme: 'nope',
        }),
      ).location,
    ).toBe('/btc/miner/email');
  });

  it('refuses a malformed address with 404 page-not-found', async () => {
    expect(described(await run(['miner-address'], '/btc/miner/stats/x', { coin: 'btc', address: 'bad address' }))).toEqual(
      NOT_FOUND,
    );
    expect(described(await run(['miner-address'], '/btc/miner/stats/x', { coin: 'btc', address: '' }))).toEqual(NOT_FOUND);
    expect(described(await run(['miner-address'], '/btc/miner/stats/x', { coin: 'btc', address: 'a'.repeat(255) }))).toEqual(
      NOT_FOUND,
    );
    expect(described(await run(['miner-address'], '/btc/miner/stats/x', { coin: 'btc', address: '<script>' }))).toEqual(
      NOT_FOUND,
    );
  });

  it('refuses a malformed worker with 404 page-not-found', async () => {
    const params = { coin: 'btc', address: 'bc1qxyz' };
    expect(described(await run(['miner-address'], '/btc/miner/stats/x/y', { ...params, worker: 'rig 1' }))).toEqual(NOT_FOUND);
    expect(described(await run(['miner-address'], '/btc/miner/stats/x/y', { ...params, worker: 'a'.repeat(65) }))).toEqual(
      NOT_FOUND,
    );
    expect(described(await run(['miner-address'], '/btc/miner/stats/x/y', { ...params, worker: '' }))).toEqual(NOT_FOUND);
  });

  it('refuses an unknown scheme with 404 page-not-found', async () => {
    const params = { coin: 'btc', address: 'bc1qxyz', worker: 'rig-01' };
    expect(described(await run(['miner-address'], '/btc/miner/stats/x/y/z', { ...params, scheme: 'pplns' }))).toEqual(NOT_FOUND);
    expect(described(await run(['miner-address'], '/btc/miner/stats/x/y/z', { ...params, scheme: 'PPS' }))).toEqual(NOT_FOUND);
  });

  it('accepts every reward scheme', async () => {
    for (const scheme of ['pps', 'prop', 'solo']) {
      expect(
        await run(['miner-address'], '/btc/miner/stats/x/y/z', { coin: 'btc', address: 'bc1qxyz', worker: 'w', scheme }),
      ).toEqual(PASSED);
    }
  });
});

describe('top-miners', () => {
  it('is 404 page-not-found for coins without the tab', async () => {
    for (const coin of ['xmr', 'zeph', 'sal']) {
      expect(described(await run(['top-miners'], `/${coin}/top-miners`, { coin }))).toEqual(NOT_FOUND);
    }
  });

  it('passes for coins with the tab', async () => {
    for (const coin of ['btc', 'ltc', 'kas', 'sdr']) {
      expect(await run(['top-miners'], `/${coin}/top-miners`, { coin })).toEqual(PASSED);
    }
  });

  it('is 404 page-not-found for an unknown coin or none', async () => {
    expect(described(await run(['top-miners'], '/nope/top-miners', { coin: 'nope' }))).toEqual(NOT_FOUND);
    expect(described(await run(['top-miners'], '/top-miners', {}))).toEqual(NOT_FOUND);
  });

  it('the coin check runs first on the real route chain', async () => {
    expect(described(await run(['coin', 'top-miners'], '/nope/top-miners', { coin: 'nope' }))).toEqual({
      status: 404,
      reason: 'unsupported-coin',
    });
  });
});

describe('noEmptySegments (the root; `//` was once a 500)', () => {
  async function outcome(path: string): Promise<Outcome> {
    const url = new URL(`https://openpool.example${path}`);
    const args = { request: new Request(url), url, pattern: '', params: {}, context: contextProvider(config) };
    try {
      await noEmptySegments(args, () => Promise.resolve(new Response('next')));
      return { passed: true };
    } catch (thrown) {
      return { passed: false, thrown };
    }
  }

  it.each(['//', '///', '//ru', '/btc//', '/ru//btc', '/btc/miner//stats', '//evil.example/x'])(
    '%s is 404 page-not-found',
    async (path) => {
      expect(described(await outcome(path))).toEqual(NOT_FOUND);
    },
  );

  it.each(['/', '/btc', '/btc/', '/ru/btc/miner/stats/x', '/btc?x=//', '/articles/a%2F%2Fb'])('%s passes', async (path) => {
    expect(await outcome(path)).toEqual(PASSED);
  });
});
