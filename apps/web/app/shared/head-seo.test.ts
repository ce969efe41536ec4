// @vitest-environment happy-dom
/**
 * A page's title in the browser (decision 038): before the first navigation the browser keeps
 * what the server wrote (it downloads neither the route table of titles nor the head part);
 * a navigation loads both, and from then on each page's head is written from its route.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteMatchLike } from './route-seo';

const ADDRESS = 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4zz';
const root: RouteMatchLike = { id: 'root', params: {} };
const minerStats: RouteMatchLike[] = [
  root,
  { id: 'coin', params: { coin: 'ltc' } },
  { id: 'miner-stats', params: { coin: 'ltc', address: ADDRESS } },
];
const blocks: RouteMatchLike[] = [root, { id: 'coin', params: { coin: 'ltc' } }, { id: 'coin-blocks', params: { coin: 'ltc' } }];

/** The head the server wrote (seo-tags.tsx): the page's title, then the site's name. */
function serverHead(title: string, ownTitle: string, description: string) {
  document.head.innerHTML =
    `<meta name="description" content="${description}">` + `<meta property="og:title" content="${ownTitle}">`;
  document.title = title;
}

async function fresh() {
  vi.resetModules();
  const catalogues = await import('~/i18n/catalogues');
  const headSeo = await import('./head-seo');
  // The page's own parts, as entry.client.tsx loads them before hydrating: not the head part.
  const i18n = await catalogues.loadCatalogue('en', ['site', 'layout', 'miner']);
  const t = (id: Parameters<typeof i18n._>[0], values?: Parameters<typeof i18n._>[1]) => i18n._(id, values);
  return { ...headSeo, catalogues, t };
}

describe('headSeo in the browser', () => {
  beforeEach(() => window.history.replaceState(null, '', `/ltc/miner/stats/${ADDRESS}`));
  afterEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('keeps what the server wrote while hydrating, without the table or the head words', async () => {
    serverHead('Litecoin miner ltc1qw...gmn4zz · OpenPool', 'Litecoin miner ltc1qw...gmn4zz', 'Hashrate and balance of a miner');
    const { headSeo, headSeoReady, catalogues, t } = await fresh();
    expect(headSeoReady('en')).toBe(false);
    expect(catalogues.hasPart('en', 'head')).toBe(false);
    expect(headSeo(minerStats, t, 'en', false)).toEqual({
      title: 'Litecoin miner ltc1qw...gmn4zz',
      description: 'Hashrate and balance of a miner',
    });
    // Another path before the words are in (a navigation that could not load them): the site's title.
    window.history.pushState(null, '', '/ltc/blocks');
    expect(headSeo(blocks, t, 'en', false)).toBeNull();
  });

  it('reads the server’s head before hydrating, so a page with its own words leaves no other page its title', async () => {
    // A device page: its loader's words write its head, so nothing asks for the route's while hydrating.
    serverHead('Bitmain Antminer S21 · OpenPool', 'Bitmain Antminer S21', 'SHA-256 200 TH/s');
    const { headSeo, t } = await fresh();
    // A navigation whose words could not be loaded: the site's own title, not the device's.
    window.history.pushState(null, '', '/ltc/blocks');
    expect(headSeo(blocks, t, 'en', false)).toBeNull();
  });

  it('takes a page whose title is the site’s own as having none', async () => {
    serverHead('OpenPool · Multi-coin mining pool', 'OpenPool · Multi-coin mining pool', 'OpenPool is a pool');
    const { headSeo, t } = await fresh();
    expect(headSeo(minerStats, t, 'en', false)).toBeNull();
  });

  it('writes each page’s head from its route once a navigation has loaded the table and the words', async () => {
    serverHead('Litecoin miner ltc1qw...gmn4zz · OpenPool', 'Litecoin miner ltc1qw...gmn4zz', 'Hashrate and balance of a miner');
    const { headSeo, headSeoReady, loadHeadSeo, catalogues, t } = await fresh();
    await loadHeadSeo('en');
    await catalogues.loadCatalogue('en', ['coin']);
    expect(headSeoReady('en')).toBe(true);
    expect(headSeoReady('fa')).toBe(false);
    window.history.pushState(null, '', '/ltc/blocks');
    expect(headSeo(blocks, t, 'en', false)?.title).toBe('Litecoin blocks found');
    expect(headSeo(minerStats, t, 'en', false)?.title).toBe('Litecoin miner ltc1qw...gmn4zz');
  });
});
