/**
 * A micro-cache of rendered pages. Every page is the same for every visitor (design.md:
 * anonymous, cacheable HTML), so a page rendered in the last few seconds can be sent again
 * instead of rendered again: this is what a CDN in front would do, kept in the server so a
 * single machine serves coin pages at close to static-file speed.
 *
 * The CSP nonce must never repeat between responses: the page is stored with its nonce
 * replaced by a marker, and each response gets a fresh one, in the body and in the header.
 * Not cached: anything but GET/HEAD 200 HTML, responses that set cookies or say
 * `Cache-Control: private` / `no-store` (a page showing state that just changed), the unprefixed
 * home for a visitor whose language is not English (that is a redirect), and requests
 * carrying a referral (`ref`).
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
// Plain Node runs this file (server.ts): only relative `.ts` and package imports.
import { DEFAULT_LOCALE } from '@openpool/domain/locales';

export interface HtmlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  /** The root route's own language detection (the cookie, then Accept-Language, then English). */
  rootLocale: (cookieHeader: string | null, acceptLanguage: string | null) => string;
}

interface Entry {
  at: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const MARKER = '__openpool_nonce__';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function cacheable(req: Request, rootLocale: HtmlCacheOptions['rootLocale']): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.query.ref !== undefined) return false;
  // The unprefixed home is the English home only for visitors detected as English.
  if (req.path === '/') return rootLocale(req.headers.cookie ?? null, req.headers['accept-language'] ?? null) === DEFAULT_LOCALE;
  // Loader data requests (`.data`) and assets are not pages.
  return !req.path.endsWith('.data');
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  let hits = 0;
  let misses = 0;

  function middleware(req: Request, res: Response, next: NextFunction): void {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    if (!cacheable(req, options.rootLocale)) {
      next();
      return;
    }
    const key = `${req.hostname} ${req.originalUrl}`;
    const entry = entries.get(key);
    if (entry && now() - entry.at < options.ttlMs) {
      hits += 1;
      res.status(entry.status);
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value.replaceAll(MARKER, nonce));
      res.setHeader('x-html-cache', 'hit');
      res.end(req.method === 'HEAD' ? undefined : entry.body.replaceAll(MARKER, nonce));
      return;
    }
    misses += 1;
    // Record what the renderer writes, passing it through unchanged.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
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
        if (entries.size >= options.maxEntries) entries.clear();
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'transfer-encoding')
            continue;
          headers[name] = String(value).replaceAll(nonce, MARKER);
        }
        entries.set(key, {
          at: now(),
          status: 200,
          headers,
          body: Buffer.concat(chunks).toString('utf8').replaceAll(nonce, MARKER),
        });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  }

  return { middleware, stats: () => ({ hits, misses, entries: entries.size }) };
}
