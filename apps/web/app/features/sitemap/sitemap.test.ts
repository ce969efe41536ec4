import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapIndexXml, urlSetXml } from './sitemap';

const SITE = 'https://pool.test';

describe('sitemaps', () => {
  it('lists every language of a page with its alternates and x-default', () => {
    const xml = urlSetXml(SITE, [{ path: '/about' }]);
    expect(xml.match(/<url>/g)).toHaveLength(15);
    expect(xml).toContain('<loc>https://pool.test/about</loc>');
    expect(xml).toContain('<loc>https://pool.test/zh-cn/about</loc>');
    expect(xml).toContain('hreflang="zh-CN" href="https://pool.test/zh-cn/about"');
    expect(xml).toContain('hreflang="x-default" href="https://pool.test/about"');
  });

  it('offers an article only in the languages it exists in', () => {
    const xml = urlSetXml(SITE, [{ path: '/articles/faq', locales: ['en', 'ru'], lastmod: '2026-11-22' }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<lastmod>2026-11-22</lastmod>');
    expect(xml).not.toContain('/uk/articles/faq');
  });

  it('escapes XML and names its sections in the index; robots.txt names the index', () => {
    expect(urlSetXml(SITE, [{ path: '/a&b' }])).toContain('https://pool.test/a&amp;b');
    expect(sitemapIndexXml(SITE)).toContain('<loc>https://pool.test/sitemap/articles.xml</loc>');
    expect(robotsTxt(SITE)).toContain('Sitemap: https://pool.test/sitemap.xml');
  });
});
