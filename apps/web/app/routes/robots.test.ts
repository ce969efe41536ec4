/**
 * `/robots.txt` on its real loader (route-kit.tsx): what crawlers read. The whole site may be
 * crawled but the miner pages (one per typed address, endless) stay out of the index, and the
 * sitemap is named at the site's own origin. Its caching (ETag, 304, one build) is held by
 * sitemap.test.ts; it asks the API nothing, so it has no outage to show.
 */
import { describe, expect, it } from 'vitest';
import { serve, stubApi } from '~/testing/route-kit';
import * as robotsRoute from './robots';

/** `/robots.txt` as the loader answers it for a site served at `siteUrl`. */
async function robots(siteUrl: string) {
  const api = stubApi({});
  const answer = await serve(
    [robotsRoute],
    '/robots.txt',
    {},
    api,
    {},
    {
      publicEnv: { apiBaseUrl: 'http://api.test', siteUrl },
    },
  );
  return { ...answer, paths: api.paths };
}

describe('robots route', () => {
  it('allows the site, keeps miner pages out, names the sitemap, as plain text', async () => {
    const answer = await robots('https://pool.test');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.data).toBe(
      ['User-agent: *', 'Allow: /', 'Disallow: /*/miner/', '', 'Sitemap: https://pool.test/sitemap.xml', ''].join('\n'),
    );
    expect(answer.paths).toEqual([]);
  });

  it('names the sitemap at the origin the site is served from', async () => {
    const answer = await robots('https://pool.example.ru');
    expect(answer.data).toContain('\nSitemap: https://pool.example.ru/sitemap.xml\n');
  });
});
