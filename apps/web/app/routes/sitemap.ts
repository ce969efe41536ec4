import { COINS, isCoinTicker } from '@openpool/domain/coins';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { appContext } from '~/context';
import { allArticleSlugs, articleLocales, findArticle } from '~/features/articles/articles.server';
import { SITEMAP_SECTIONS, sitemapIndexXml, urlSetXml, type SitemapPage, type SitemapSection } from '~/features/sitemap/sitemap';
import { pageNotFound } from '~/shared/http-errors';
import type { Route } from './+types/sitemap';

const SITE_PAGES = [
  '/',
  '/about',
  '/articles',
  '/compare-mining-pools',
  '/merge',
  '/test',
  '/device/asic',
  '/device/gpu',
  '/device/cpu',
];
const COIN_PAGES = ['', '/about-coin', '/difficulty', '/hashrate', '/pool-hashrate', '/top-miners'];

function sectionPages(section: SitemapSection, enabledCoins: readonly string[], hardware: HardwareCatalogue): SitemapPage[] {
  if (section === 'pages') return SITE_PAGES.map((path) => ({ path }));
  if (section === 'devices') {
    // Every manufacturer and device page of the catalogue (issue 12), dated by its figures.
    return [
      ...hardware.manufacturers.map((maker) => ({ path: `/device/${maker.slug}` })),
      ...hardware.devices.map((device) => ({
        path: `/device/${device.type}/${device.vendor}/${device.slug}`,
        lastmod: device.as_of,
      })),
    ];
  }
  if (section === 'coins') {
    return enabledCoins.filter(isCoinTicker).flatMap((coin) =>
      COIN_PAGES.filter((page) => page !== '/top-miners' || COINS[coin].hasTopMiners).map((page) => ({
        path: `/${coin}${page}`,
      })),
    );
  }
  return allArticleSlugs().map((slug) => ({
    path: `/articles/${slug}`,
    locales: articleLocales(slug),
    lastmod: findArticle('en', slug)?.article.updated,
  }));
}

/** `/sitemap.xml` (the index) and `/sitemap/{section}.xml`, as resource routes. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { config, publicEnv, hardware } = context.get(appContext);
  // `/sitemap.xml` has no file; `/sitemap/pages.xml` names a section.
  const file = 'file' in params ? params.file : undefined;
  const section = file?.replace(/\.xml$/, '');
  let body: string;
  if (section === undefined) body = sitemapIndexXml(publicEnv.siteUrl);
  else if (file?.endsWith('.xml') && (SITEMAP_SECTIONS as readonly string[]).includes(section))
    body = urlSetXml(publicEnv.siteUrl, sectionPages(section as SitemapSection, config.enabled, hardware));
  else return pageNotFound();
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
