/**
 * sitemaps.org XML for search engines (decision 019): every page in every language it exists in,
 * each URL with its hreflang alternates (xhtml:link), cut into one file per section under an
 * index so that no file nears the 50,000-URL limit. Pure: the routes hand it the pages.
 */
import { LOCALE_CODES, getLocale, localizePath, type LocaleCode } from '@openpool/domain/locales';

export interface SitemapPage {
  /** Path without a locale prefix, e.g. `/articles/faq`. */
  path: string;
  /** The languages the page exists in; all of them unless named. */
  locales?: readonly LocaleCode[];
  /** ISO date of the last change, when known. */
  lastmod?: string;
}

/**
 * How long crawlers and caches may keep a sitemap or robots.txt before asking again. They only
 * change with a deploy, and asking again is cheap: the ETag turns it into a 304 (decision 019).
 */
export const SEARCH_ENGINE_CACHE_CONTROL = 'public, max-age=3600';

export const SITEMAP_SECTIONS = ['pages', 'coins', 'articles', 'devices'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function sitemapIndexXml(siteUrl: string, lastmod?: string): string {
  const entries = SITEMAP_SECTIONS.map(
    (section) =>
      `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${section}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlSetXml(siteUrl: string, pages: readonly SitemapPage[]): string {
  const urls: string[] = [];
  for (const page of pages) {
    const locales = page.locales ?? LOCALE_CODES;
    const alternates = locales
      .map(
        (code) =>
          `<xhtml:link rel="alternate" hreflang="${getLocale(code).iso}" href="${escapeXml(siteUrl + localizePath(page.path, code))}"/>`,
      )
      .concat(
        locales.includes('en')
          ? [`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + localizePath(page.path, 'en'))}"/>`]
          : [],
      )
      .join('');
    for (const code of locales) {
      const loc = escapeXml(siteUrl + localizePath(page.path, code));
      urls.push(`  <url><loc>${loc}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // Miner pages are per address and endless; they stay reachable but out of the index.
  return ['User-agent: *', 'Allow: /', 'Disallow: /*/miner/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
