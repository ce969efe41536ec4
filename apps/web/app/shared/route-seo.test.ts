import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { messagePart, partsForPath } from '~/i18n/message-parts';
import { routeSeo, type RouteMatchLike } from './route-seo';

const ADDRESS = 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4zz';
const root: RouteMatchLike = { id: 'root', params: {} };
const coin = (id: string, params: Record<string, string> = {}): RouteMatchLike[] => [
  root,
  { id: 'coin', params: { coin: 'ltc', ...params } },
  { id, params: { coin: 'ltc', ...params } },
];

const PAGES: Record<string, RouteMatchLike[]> = {
  about: [root, { id: 'about', params: {} }],
  api: [root, { id: 'api', params: {} }],
  test: [root, { id: 'test', params: {} }],
  merge: [root, { id: 'merge', params: {} }],
  watchlist: [root, { id: 'watchlist', params: {} }],
  pool: coin('coin-pool'),
  aboutCoin: coin('coin-about'),
  difficulty: coin('coin-difficulty'),
  hashrate: coin('coin-hashrate'),
  poolHashrate: coin('coin-pool-hashrate'),
  topMiners: coin('coin-top-miners'),
  blocks: coin('coin-blocks'),
  miner: coin('miner-stats', { address: ADDRESS }),
  worker: coin('miner-worker', { address: ADDRESS, worker: 'rig-07' }),
  payouts: coin('miner-payouts', { address: ADDRESS }),
  settings: coin('miner-settings', { address: ADDRESS }),
  verify: coin('miner-verify', { address: ADDRESS }),
};

/** Each page's path, for the parts of the catalogue a navigation to it loads. */
const PATHS: Record<keyof typeof PAGES, string> = {
  about: '/about',
  api: '/api',
  test: '/fa/test',
  merge: '/merge',
  watchlist: '/watchlist',
  pool: '/ltc',
  aboutCoin: '/ltc/about-coin',
  difficulty: '/ltc/difficulty',
  hashrate: '/ltc/hashrate',
  poolHashrate: '/ltc/pool-hashrate',
  topMiners: '/ltc/top-miners',
  blocks: '/ltc/blocks',
  miner: `/ltc/miner/stats/${ADDRESS}`,
  worker: `/ltc/miner/stats/${ADDRESS}/rig-07`,
  payouts: `/ltc/miner/payouts/${ADDRESS}`,
  settings: `/ltc/miner/settings/${ADDRESS}`,
  verify: `/ltc/miner/verify/${ADDRESS}`,
};

describe('routeSeo', () => {
  it('uses only words a navigation to the page has loaded: the site and head parts and the page’s own', async () => {
    const i18n = await loadCatalogue('en');
    for (const [page, matches] of Object.entries(PAGES)) {
      const loaded = ['site', 'head', ...partsForPath(PATHS[page]!)];
      const missing: string[] = [];
      routeSeo(
        matches,
        (id, values) => {
          if (!loaded.includes(messagePart(id))) missing.push(`${id} (${messagePart(id)})`);
          return i18n._(id, values);
        },
        false,
      );
      expect(missing, page).toEqual([]);
    }
  });

  for (const locale of ['en', 'fa'] as const) {
    it(`gives every page type its own title and description in ${locale}`, async () => {
      const i18n = await loadCatalogue(locale);
      const seos = Object.entries(PAGES).map(([page, matches]) => {
        const seo = routeSeo(matches, (id, values) => i18n._(id, values), locale === 'fa');
        expect(seo, page).not.toBeNull();
        return seo!;
      });
      expect(new Set(seos.map((seo) => seo.title)).size).toBe(seos.length);
      expect(new Set(seos.map((seo) => seo.description)).size).toBe(seos.length);
      for (const seo of seos) expect(seo.title).not.toMatch(/\{|\}/);
    });
  }

  it('names the coin, the shortened address and the worker', async () => {
    const i18n = await loadCatalogue('en');
    const t = (id: Parameters<typeof i18n._>[0], values?: Parameters<typeof i18n._>[1]) => i18n._(id, values);
    expect(routeSeo(PAGES.worker!, t, false)?.title).toBe('Worker rig-07 of Litecoin miner ltc1qw...gmn4zz');
    expect(routeSeo(PAGES.pool!, t, false)?.title).toBe('Litecoin mining pool');
    expect(routeSeo(coin('coin-pool-hashrate'), t, false)?.title).toBe('Litecoin pool hashrate');
    // The locale prefix's route ids end in '.lang'.
    expect(routeSeo([root, { id: 'coin-top-miners.lang', params: { coin: 'btc' } }], t, false)?.title).toBe('Bitcoin top miners');
  });

  it('keeps an address whole and in order in a right-to-left title', async () => {
    const i18n = await loadCatalogue('fa');
    const title = routeSeo(PAGES.miner!, (id, values) => i18n._(id, values), true)!.title;
    expect(title).toContain('\u2068ltc1qw...gmn4zz\u2069');
    // One pair: the translator does not isolate a value its caller isolated already.
    expect(title).not.toContain('\u2068\u2068');
  });

  it('leaves the home page its site title', async () => {
    const i18n = await loadCatalogue('en');
    expect(routeSeo([root, { id: 'home', params: {} }], (id, values) => i18n._(id, values), false)).toBeNull();
  });
});
