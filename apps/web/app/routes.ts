/**
 * Every page of spec section 2, once without a prefix (English) and once under each of the
 * 15 locale prefixes. The prefixes are static segments, so `/ru` can never be taken for a
 * coin, and a route id carries its prefix so the 16 copies stay distinct.
 */
import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { LOCALE_CODES } from '@openpool/domain/locales';

function pages(prefixCode: string | null): RouteConfigEntry[] {
  const id = (name: string) => (prefixCode ? `${name}.${prefixCode}` : name);
  return [
    index('routes/home.tsx', { id: id('home') }),
    route('about', 'routes/about.tsx', { id: id('about') }),
    route('articles', 'routes/articles.tsx', { id: id('articles') }),
    route('articles/:slug', 'routes/article.tsx', { id: id('article') }),
    route('compare-mining-pools', 'routes/compare-mining-pools.tsx', { id: id('compare') }),
    route('merge', 'routes/merge.tsx', { id: id('merge') }),
    route('test', 'routes/test.tsx', { id: id('test') }),
    route('device/:first', 'routes/device.tsx', { id: id('device-1') }),
    route('device/:first/:second', 'routes/device.tsx', { id: id('device-2') }),
    route('device/:first/:second/:third', 'routes/device.tsx', { id: id('device-3') }),
    route(':coin', 'routes/coin/layout.tsx', { id: id('coin') }, [
      index('routes/coin/pool.tsx', { id: id('coin-pool') }),
      route('about-coin', 'routes/coin/about-coin.tsx', { id: id('coin-about') }),
      route('difficulty', 'routes/coin/chart.tsx', { id: id('coin-difficulty') }),
      route('hashrate', 'routes/coin/chart.tsx', { id: id('coin-hashrate') }),
      route('pool-hashrate', 'routes/coin/chart.tsx', { id: id('coin-pool-hashrate') }),
      route('top-miners', 'routes/coin/top-miners.tsx', { id: id('coin-top-miners') }),
      layout('routes/miner/layout.tsx', { id: id('miner') }, [
        route('miner/email', 'routes/miner/email.tsx', { id: id('miner-email') }),
        route('miner/payouts/:address?', 'routes/miner/payouts.tsx', { id: id('miner-payouts') }),
        route('miner/settings/:address?', 'routes/miner/settings.tsx', { id: id('miner-settings') }),
        route('miner/stats/:address', 'routes/miner/stats.tsx', { id: id('miner-stats') }),
        route('miner/stats/:address/:worker/:scheme?', 'routes/miner/worker.tsx', { id: id('miner-worker') }),
      ]),
    ]),
  ];
}

export default [
  // Resource routes for search engines (issue 13): XML and text, no page, no locale prefix.
  route('robots.txt', 'routes/robots.ts', { id: 'robots' }),
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap-index' }),
  route('sitemap/:file', 'routes/sitemap.ts', { id: 'sitemap-section' }),
  ...pages(null),
  ...LOCALE_CODES.flatMap((code) => prefix(code, pages(code))),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
