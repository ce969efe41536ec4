import { COINS, isCoinTicker } from '@openpool/domain/coins';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { appContext } from '~/platform/context';
import { allArticleSlugs, articleLocales, findArticle } from '~/features/articles/articles.server';
import {
  SEARCH_ENGINE_CACHE_CONTROL,
  SITEMAP_SECTIONS,
  sitemapIndexXml,
  urlSetXml,
  type SitemapPage,
  type SitemapSection,
} from '~/features/sitemap/sitemap';
import { documentResponse } from '~/data/document-cache.server';
import { pageNotFound } from '~/platform/http-errors';
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
const COIN_PAGES = ['', '/about-coin', '/difficulty', '/hashrate', '/pool-hashrate', '/top-miners', '/blocks'];

function sectionPages(section: SitemapSection, enabledCoins: readonly string[], hardware: HardwareCatalogue): SitemapPage[] {
  if (section === 'pages') return SITE_PAGES.map((path) => ({ path }));
  if (section === 'devices') {
    // Every manufacturer and device page of the catalogue (decision 010), dated by its figures.
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
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { config, publicEnv, hardware, documents } = context.get(appContext);
  // `/sitemap.xml` has no file; `/sitemap/pages.xml` names a section.
  const file = 'file' in params ? params.file : undefined;
  const section = file?.replace(/\.xml$/, '');
  if (section !== undefined && !(file?.endsWith('.xml') && (SITEMAP_SECTIONS as readonly string[]).includes(section)))
    return pageNotFound();
  // Built at the first request and kept compressed (decision 019): the device section is 5 MB of XML.
  const document = await documents.get(`sitemap ${section ?? 'index'}`, 'application/xml; charset=utf-8', () =>
    section === undefined
      ? sitemapIndexXml(publicEnv.siteUrl)
      : urlSetXml(publicEnv.siteUrl, sectionPages(section as SitemapSection, config.enabled, hardware)),
  );
  return documentResponse(request, document, SEARCH_ENGINE_CACHE_CONTROL);
}
