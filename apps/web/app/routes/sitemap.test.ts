/**
 * The sitemaps and robots.txt as the server answers them (decision 019): the real loaders on
 * the repository's own content, a document built at its first request only, kept in gzip and
 * Brotli, validated by a strong ETag (`If-None-Match` -> 304) and cacheable.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { LOCALE_CODES } from '@openpool/domain/locales';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { loadHardwareCatalogue } from '@openpool/domain/content-files';
import { SITEMAP_SECTIONS } from '~/features/sitemap/sitemap';
import { createDocumentCache, type DocumentCache } from '~/data/document-cache.server';
import * as robotsRoute from './robots';
import * as sitemapRoute from './sitemap';

const SITE = 'https://pool.test';
const contentDir = new URL('../../../../content/', import.meta.url).pathname;
const config = parseSiteConfig(readFileSync(`${contentDir}site.json`, 'utf8'));
const catalogue = loadHardwareCatalogue(contentDir)!;

/** The real catalogue, counting how often a build reads its device list. */
function countingCatalogue(): { hardware: HardwareCatalogue; reads: () => number } {
  let reads = 0;
  const hardware = {
    ...catalogue,
    get devices() {
      reads += 1;
      return catalogue.devices;
    },
  };
  return { hardware, reads: () => reads };
}

function contextWith(hardware: HardwareCatalogue, documents: DocumentCache): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    config,
    hardware,
    documents,
    publicEnv: { apiBaseUrl: 'http://localhost:8787', siteUrl: SITE },
  } as Partial<AppContext> as AppContext);
  return provider;
}

/** A resource route's loader, whatever its typed arguments (the test builds them). */
type Loader = (args: never) => Promise<Response>;

/** One request through a route's loader, as React Router calls it. */
async function ask(loader: Loader, context: RouterContextProvider, path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, SITE);
  const file = /^\/sitemap\/(.+)$/.exec(path)?.[1];
  const args = { request: new Request(url, { headers }), url, pattern: '', params: file ? { file } : {}, context };
  return loader(args as never);
}

/** The body as text, whatever coding it came in. */
async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('content-encoding');
  if (coding === 'gzip') return gunzipSync(bytes).toString();
  if (coding === 'br') return brotliDecompressSync(bytes).toString();
  return bytes.toString();
}

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('sitemaps: built once, kept compressed', () => {
  it('builds the device sitemap at its first request only, and sends the same document after', async () => {
    const { hardware, reads } = countingCatalogue();
    const documents = createDocumentCache();
    const context = contextWith(hardware, documents);
    const first = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'gzip' });
    const readsAfterFirst = reads();
    expect(readsAfterFirst).toBeGreaterThan(0);
    const second = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'gzip' });
    const body = await text(first);
    expect(await text(second)).toBe(body);
    // Only the compressed copies are held until a client asks for the document itself.
    const compressedOnly = documents.stats().bytes;
    expect(compressedOnly).toBeLessThan(body.length / 20);
    const plain = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml');
    expect(await text(plain)).toBe(body);
    expect(documents.stats().bytes).toBe(compressedOnly + body.length);
    expect(reads()).toBe(readsAfterFirst);
    expect(documents.stats().builds).toBe(1);
    // Every manufacturer and device of the catalogue, in every language.
    expect(locs(body)).toHaveLength((catalogue.manufacturers.length + catalogue.devices.length) * LOCALE_CODES.length);
    expect(locs(body)).toContain(`${SITE}/fa/device/asic/bitmain/antminer-s21-pro`);
  });

  it('builds concurrent first requests once', async () => {
    const { hardware, reads } = countingCatalogue();
    const documents = createDocumentCache();
    const context = contextWith(hardware, documents);
    await Promise.all([1, 2, 3].map(() => ask(sitemapRoute.loader, context, '/sitemap/devices.xml')));
    const once = reads();
    expect(documents.stats().builds).toBe(1);
    // A new cache (server.ts makes one per build and process, with the content it read) builds again.
    await ask(sitemapRoute.loader, contextWith(hardware, createDocumentCache()), '/sitemap/devices.xml');
    expect(reads()).toBe(once * 2);
  });

  it('sends Brotli or gzip as the client accepts, each with its own strong ETag, and a Cache-Control', async () => {
    const context = contextWith(catalogue, createDocumentCache());
    const br = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'gzip' });
    const plain = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'deflate' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const tags = [br, gzip, plain].map((response) => response.headers.get('etag'));
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    for (const response of [br, gzip, plain]) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600, no-transform');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    }
    const [brBody, gzipBody, plainBody] = [await text(br), await text(gzip), await text(plain)];
    expect(brBody).toBe(plainBody);
    expect(gzipBody).toBe(plainBody);
    // The compressed copy is what goes over the wire: a fraction of the document.
    expect(Number(gzip.headers.get('content-length'))).toBeLessThan(Number(plain.headers.get('content-length')) / 20);
  });

  it('answers If-None-Match with a 304 and no body, for any coding of the same content', async () => {
    const documents = createDocumentCache();
    const context = contextWith(catalogue, documents);
    const first = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'accept-encoding': 'gzip' });
    const etag = first.headers.get('etag')!;
    const again = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toContain('max-age=3600');
    const asBrotli = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', {
      'accept-encoding': 'br',
      'if-none-match': `"other", W/${etag}`,
    });
    expect(asBrotli.status).toBe(304);
    const stale = await ask(sitemapRoute.loader, context, '/sitemap/devices.xml', { 'if-none-match': '"an-older-sitemap"' });
    expect(stale.status).toBe(200);
    // Another document's tag is not this one's.
    const index = await ask(sitemapRoute.loader, context, '/sitemap.xml', { 'if-none-match': etag });
    expect(index.status).toBe(200);
    expect(documents.stats().builds).toBe(2);
  });

  it('serves every URL the sections list, in every coding (the URL sets before and after caching)', async () => {
    const context = contextWith(catalogue, createDocumentCache());
    const index = await text(await ask(sitemapRoute.loader, context, '/sitemap.xml'));
    const sections = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(sections).toEqual(SITEMAP_SECTIONS.map((section) => `/sitemap/${section}.xml`));
    for (const section of sections) {
      const [plain, gzip, br] = await Promise.all(
        ['identity', 'gzip', 'br'].map(async (coding) =>
          locs(await text(await ask(sitemapRoute.loader, context, section, { 'accept-encoding': coding }))),
        ),
      );
      expect(plain!.length, section).toBeGreaterThan(0);
      expect(new Set(plain).size, section).toBe(plain!.length);
      expect(gzip, section).toEqual(plain);
      expect(br, section).toEqual(plain);
    }
  });

  it('keeps robots.txt the same way', async () => {
    const documents = createDocumentCache();
    const context = contextWith(catalogue, documents);
    const first = await ask(robotsRoute.loader, context, '/robots.txt');
    expect(await first.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const again = await ask(robotsRoute.loader, context, '/robots.txt', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(documents.stats().builds).toBe(1);
  });
});
