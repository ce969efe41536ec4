/**
 * A micro-cache of rendered pages. Every page is the same for every visitor (design.md:
 * anonymous, cacheable HTML), so a page rendered in the last few seconds can be sent again
 * instead of rendered again: this is what a CDN in front would do, kept in the server so a
 * single machine serves coin pages at close to static-file speed.
 *
 * - Keyed on host, path and only the query parameters pages read (page-query.ts); the request
 *   is rendered as that canonical URL, so a `?utm_source=` link shares the page's copy.
 * - Bounded in bytes (an LRU of at most `maxBytes` of HTML), entries older than `ttlMs` are
 *   stale and dropped `staleMs` later: memory stays flat however many distinct URLs arrive.
 * - A page is kept from its second visit within the cache's lifetime on, or at its first when
 *   other visitors waited for that render: one-off URLs (a miner's page, `?range=r123`) render
 *   without pushing popular pages out.
 * - One render per page at a time (single flight): while a stale page is being rendered again,
 *   other visitors get the stale copy; with no copy at all they wait for that one render.
 *
 * The CSP nonce must never repeat between responses: the page is stored with its nonce
 * replaced by a marker, and each response gets a fresh one, in the body and in the header.
 * So that a hit is not compressed again for every visitor (on two cores, compressing each
 * response was most of what a hit cost), each part between nonces is deflated once, off the
 * main thread, and a hit for a client that accepts gzip is assembled as one gzip member: the
 * deflated parts with each fresh nonce between them as a stored block (`gzipMember`).
 * Not cached: anything but GET/HEAD 200 HTML, responses that set cookies or say
 * `Cache-Control: private` / `no-store` (a page showing state that just changed), the unprefixed
 * home for a visitor whose language is not English (that is a redirect), and requests
 * carrying a referral (`ref`).
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
// Plain Node runs this file (server.ts): only relative `.ts` and package imports.
import { DEFAULT_LOCALE } from '@openpool/domain/locales';
import { chunkBuffer } from './coalesce-writes.server.ts';
import { deflateParts, gzipMember } from './gzip-member.server.ts';
import { PAGE_QUERY_PARAMS, pageCacheKey } from './page-query.ts';
import { acceptedEncodings } from '../app/data/accepted-encodings.server.ts';

export interface HtmlCacheOptions {
  /** How long a page is sent again as it is. */
  ttlMs: number;
  /** How much longer a stale page may be sent while its next render runs. */
  staleMs?: number;
  /** Bytes of HTML (UTF-8, as kept) the cache may hold. */
  maxBytes: number;
  now?: () => number;
  /** The query parameters pages read; the rest are not part of a page's identity. */
  pageParams?: readonly string[];
  /** The root route's own language detection (the cookie, then Accept-Language, then English). */
  rootLocale: (cookieHeader: string | null, acceptLanguage: string | null) => string;
}

interface Entry {
  at: number;
  status: number;
  headers: Record<string, string>;
  /**
   * The page's UTF-8 bytes cut where its nonce was: a fresh nonce goes between the parts. Bytes,
   * not a string: half the memory of V8's two-byte strings, kept outside the JavaScript heap
   * (whose size V8 scales with what it holds), and a hit copies nothing (decision 009, memory).
   */
  parts: Buffer[];
  bytes: number;
  /** Each part as raw deflate blocks ending byte-aligned (a sync flush), once they are ready. */
  deflated?: Buffer[];
  /** The length of the nonce the parts were deflated around (a fresh one must match it). */
  nonceLength: number;
}

const MARKER = '__openpool_nonce__';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function cacheable(req: Request, rootLocale: HtmlCacheOptions['rootLocale']): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.query.ref !== undefined) return false;
  // React Router's own requests (`/__manifest?version=…&p=…`) are no pages: their parameters
  // must reach it untouched, or every lazy route discovery reports a version mismatch.
  if (req.path.startsWith('/__')) return false;
  // The unprefixed home is the English home only for visitors detected as English.
  if (req.path === '/') return rootLocale(req.headers.cookie ?? null, req.headers['accept-language'] ?? null) === DEFAULT_LOCALE;
  // Loader data requests (`.data`) and assets are not pages; nor are the sitemaps and robots.txt,
  // which keep their own compressed copies (document-cache.server.ts): no single flight for them.
  return !/\.(data|xml|txt)$/.test(req.path);
}

function send(req: Request, res: Response, entry: Entry, nonce: string, state: 'hit' | 'stale'): void {
  res.status(entry.status);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value.replaceAll(MARKER, nonce));
  res.setHeader('x-html-cache', state);
  res.vary('Accept-Encoding');
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const fresh = Buffer.from(nonce);
  if (
    entry.deflated &&
    fresh.length === entry.nonceLength &&
    acceptedEncodings(req.headers['accept-encoding']).includes('gzip')
  ) {
    // Already encoded: the compression middleware passes it through as it is.
    const pieces = gzipMember(entry.deflated, entry.parts, fresh);
    res.setHeader('content-encoding', 'gzip');
    res.setHeader(
      'content-length',
      pieces.reduce((sum, piece) => sum + piece.length, 0),
    );
    res.cork(); // one write to the socket; end() uncorks
    for (const piece of pieces) res.write(piece);
    res.end();
    return;
  }
  entry.parts.forEach((part, index) => {
    if (index > 0) res.write(fresh);
    res.write(part);
  });
  res.end();
}

/** `html` cut at every occurrence of `nonce` (the nonce itself left out). */
function cutAt(html: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    parts.push(html.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 30_000;
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    // The page's bytes; the headers are small next to them.
    sizeCalculation: (entry) => entry.bytes + (entry.deflated?.reduce((sum, part) => sum + part.length, 0) ?? 0) + 1024,
    // The cache's own clock, so tests that move `now` also age entries out.
    ttl: options.ttlMs + staleMs,
    ttlResolution: 0,
    perf: { now },
  });
  /**
   * Pages asked for recently, by key only. A page is kept from its second visit on (or when a
   * visitor waited for its first render): a page seen once (a miner's page opened by its
   * miner, a random `?range=` or `?q=` value) would only push popular pages out and churn
   * memory that is freed by the next full garbage collection, not at once.
   */
  const seen = new LRUCache<string, true>({ max: 20_000, ttl: options.ttlMs + staleMs, ttlResolution: 0, perf: { now } });
  /** Pages being rendered now, each settling when its response has been sent. */
  const rendering = new Map<string, Promise<void>>();
  /** Pages whose render someone waited for: kept even on their first visit. */
  const awaited = new Set<string>();
  const counts = { hits: 0, stale: 0, misses: 0, waited: 0 };

  async function middleware(req: Request, res: Response, next: NextFunction): Promise<void> {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    if (!cacheable(req, options.rootLocale)) {
      next();
      return;
    }
    // The target is a path: as a relative URL, `//` and `//ru` were a host (`//` threw, a 500;
    // `//ru` was keyed as `/` and got the cached home page).
    const url = new URL(`http://x${req.originalUrl}`);
    const canonical = pageCacheKey(url.pathname, url.searchParams, options.pageParams ?? PAGE_QUERY_PARAMS);
    const key = `${req.hostname} ${canonical}`;
    let entry = entries.get(key);
    if (!entry && rendering.has(key)) {
      // The first visitor of a page nobody has cached is rendering it: wait for that render.
      counts.waited += 1;
      awaited.add(key);
      await rendering.get(key);
      entry = entries.get(key);
    }
    if (entry && now() - entry.at < options.ttlMs) {
      counts.hits += 1;
      // Read by the metrics' request timer (web-metrics.server.ts).
      res.locals.pageCache = 'hit';
      send(req, res, entry, nonce, 'hit');
      return;
    }
    if (entry && rendering.has(key)) {
      counts.stale += 1;
      res.locals.pageCache = 'stale';
      send(req, res, entry, nonce, 'stale');
      return;
    }
    counts.misses += 1;
    res.locals.pageCache = 'miss';
    let settle = () => {};
    rendering.set(
      key,
      new Promise<void>((resolve) => {
        settle = resolve;
      }),
    );
    res.once('close', () => {
      rendering.delete(key);
      awaited.delete(key);
      settle();
    });
    // Rendered as the canonical URL, so the copy kept is the one every variant shares.
    if (canonical !== req.originalUrl) {
      req.originalUrl = canonical;
      req.url = canonical;
    }
    record(req, res, nonce, key);
    next();
  }

  /** Passes what the renderer writes through unchanged, and keeps a copy of a cacheable page. */
  function record(req: Request, res: Response, nonce: string, key: string): void {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(chunkBuffer(chunk, encoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const type = String(res.getHeader('content-type') ?? '');
      const control = String(res.getHeader('cache-control') ?? '');
      const personal = /\b(private|no-store)\b/.test(control);
      if (
        res.statusCode === 200 &&
        type.startsWith('text/html') &&
        !res.hasHeader('set-cookie') &&
        !personal &&
        req.method === 'GET'
      ) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'transfer-encoding')
            continue;
          headers[name] = String(value).replaceAll(nonce, MARKER);
        }
        if (seen.has(key) || awaited.has(key) || entries.has(key)) {
          const html = Buffer.concat(chunks);
          const entry: Entry = {
            at: now(),
            status: 200,
            headers,
            parts: cutAt(html, nonce),
            bytes: html.length,
            nonceLength: Buffer.byteLength(nonce),
          };
          entries.set(key, entry);
          deflateEntry(key, entry);
        }
        seen.set(key, true);
      }
      return end(chunk, ...rest);
    }) as Response['end'];
  }

  /**
   * Kept pages waiting to be deflated, one page at a time on libuv's pool: pages are kept again
   * every few seconds each, and a deflate per part in parallel had RSS climb from 285 to 450 MB
   * under the memory bench (compressor states churned through malloc). Past `MAX_WAITING` a
   * page is not deflated: its hits are compressed as they are sent, as before.
   */
  let deflating = Promise.resolve();
  let waiting = 0;
  const MAX_WAITING = 16;
  function deflateEntry(key: string, entry: Entry): void {
    if (waiting >= MAX_WAITING) return;
    waiting += 1;
    deflating = deflating
      .then(async () => {
        // Replaced or dropped while waiting: no work for a copy nobody will send.
        if (entries.peek(key) !== entry) return;
        const deflated = await deflateParts(entry.parts, entry.nonceLength);
        // A new object, so the cache counts the deflated bytes too (it sizes an entry when set).
        if (entries.peek(key) === entry) entries.set(key, { ...entry, deflated }, { noUpdateTTL: true });
      })
      .catch(() => undefined)
      .finally(() => {
        waiting -= 1;
      });
  }

  return {
    middleware: (req: Request, res: Response, next: NextFunction) => {
      middleware(req, res, next).catch(next);
    },
    stats: () => ({ ...counts, entries: entries.size, bytes: entries.calculatedSize }),
  };
}
