/**
 * Every page of the site (decision 003), once without a prefix (English) and once under a locale prefix
 * (`/ru/btc`). The prefix is one dynamic `:lang` segment whose middleware accepts only the 15
 * locale codes, and each locale's home page is a static route, so `/ru` is never taken for a
 * coin (a static segment outranks the dynamic `:coin`). One prefixed tree instead of fifteen
 * copies: React Router matches a URL by trying every route branch in turn, several times per
 * render, and 432 branches cost about a quarter of the CPU of an uncached page (decision 003).
 */
import { index, layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { LOCALE_CODES } from '@openpool/domain/locales';
import { DEVICE_TYPES } from '@openpool/domain/routes';

function pages(prefixed: boolean): RouteConfigEntry[] {
  const id = (name: string) => (prefixed ? `${name}.lang` : name);
  return [
    // A locale's home page is one of the static routes below.
    ...(prefixed ? [] : [index('routes/home.tsx', { id: 'home' })]),
    route('about', 'routes/about.tsx', { id: id('about') }),
    route('api', 'routes/api-docs.tsx', { id: id('api') }),
    route('watchlist', 'routes/watchlist.tsx', { id: id('watchlist') }),
    // A watcher link (decision 023): a miner's pages, read-only, without search or settings.
    route('watch/:token', 'routes/watch/layout.tsx', { id: id('watch') }, [
      index('routes/watch/stats.tsx', { id: id('watch-stats') }),
      // Static, so it outranks a worker's name; a worker called "payouts" keeps its page with its scheme.
      route('payouts', 'routes/watch/payouts.tsx', { id: id('watch-payouts') }),
      route(':worker/:scheme?', 'routes/watch/worker.tsx', { id: id('watch-worker') }),
    ]),
    route('articles', 'routes/articles.tsx', { id: id('articles') }),
    route('articles/:slug', 'routes/article.tsx', { id: id('article') }),
    route('compare-mining-pools', 'routes/compare-mining-pools.tsx', { id: id('compare') }),
    route('merge', 'routes/merge.tsx', { id: id('merge') }),
    // The pages a mail's confirm and unsubscribe links open (decision 012).
    route('notify/:purpose', 'routes/notify.tsx', { id: id('notify') }),
    route('test', 'routes/test.tsx', { id: id('test') }),
    // The hardware pages, one route module per kind so that a first visit downloads only its
    // kind's code: a type's list has a static segment (`/device/asic`), which outranks a
    // manufacturer's `/device/{vendor}`; `/device/{type}/{vendor}` outranks a device's
    // `/device/{vendor}/{slug}` the same way. Each loader checks its kind (else 404).
    ...DEVICE_TYPES.map((type) => route(`device/${type}`, 'routes/device-list.tsx', { id: id(`device-${type}`) })),
    route('device/:vendor', 'routes/device-vendor.tsx', { id: id('device-vendor') }),
    ...DEVICE_TYPES.map((type) =>
      route(`device/${type}/:vendor`, 'routes/device-vendor.tsx', { id: id(`device-${type}-vendor`) }),
    ),
    route('device/:vendor/:slug', 'routes/device.tsx', { id: id('device-2') }),
    route('device/:type/:vendor/:slug', 'routes/device.tsx', { id: id('device-3') }),
    route(':coin', 'routes/coin/layout.tsx', { id: id('coin') }, [
      index('routes/coin/pool.tsx', { id: id('coin-pool') }),
      route('about-coin', 'routes/coin/about-coin.tsx', { id: id('coin-about') }),
      route('difficulty', 'routes/coin/chart.tsx', { id: id('coin-difficulty') }),
      route('hashrate', 'routes/coin/chart.tsx', { id: id('coin-hashrate') }),
      route('pool-hashrate', 'routes/coin/chart.tsx', { id: id('coin-pool-hashrate') }),
      route('top-miners', 'routes/coin/top-miners.tsx', { id: id('coin-top-miners') }),
      route('blocks', 'routes/coin/blocks.tsx', { id: id('coin-blocks') }),
      layout('routes/miner/layout.tsx', { id: id('miner') }, [
        route('miner/email', 'routes/miner/email.tsx', { id: id('miner-email') }),
        route('miner/payouts/:address?', 'routes/miner/payouts.tsx', { id: id('miner-payouts') }),
        route('miner/settings/:address?', 'routes/miner/settings.tsx', { id: id('miner-settings') }),
        route('miner/stats/:address', 'routes/miner/stats.tsx', { id: id('miner-stats') }),
        // Provably fair accounting (decision 025): the miner's credits checked in the browser.
        route('miner/verify/:address', 'routes/miner/verify.tsx', { id: id('miner-verify') }),
        route('miner/stats/:address/:worker/:scheme?', 'routes/miner/worker.tsx', { id: id('miner-worker') }),
      ]),
    ]),
  ];
}

export default [
  // Resource routes for search engines (decision 019): XML and text, no page, no locale prefix.
  route('robots.txt', 'routes/robots.ts', { id: 'robots' }),
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap-index' }),
  route('sitemap/:file', 'routes/sitemap.ts', { id: 'sitemap-section' }),
  ...pages(false),
  ...LOCALE_CODES.map((code) => route(code, 'routes/home.tsx', { id: `home.${code}` })),
  route(':lang', 'routes/locale.tsx', { id: 'locale' }, pages(true)),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
