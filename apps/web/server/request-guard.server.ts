/**
 * The web server's one error handling (decision 008): malformed requests are answered before
 * React Router sees them (a bad Host, a target that is not a path, a method no page serves),
 * and anything that still throws outside React Router gets the site's own 500 page, in the
 * language of its path, with the stack only in the server's log. React Router's own errors
 * render the error page through the root ErrorBoundary, with no stack in production.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { getLocale, LOCALE_CODES, splitLocalePath, type LocaleCode } from '@openpool/domain/locales';

const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST']);
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A host name or IP literal with an optional port, as the Host header carries it. */
const HOST = new RegExp(`^(?:\\[[0-9a-f:.]{2,45}\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::(\\d{1,5}))?$`, 'i');

export function isValidHost(value: string | undefined): boolean {
  if (!value || value.length > 260) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

function badRequest(res: Parameters<RequestHandler>[1], what: string) {
  res.status(400).set('cache-control', 'no-store').type('text/plain').send(`Bad request: ${what}.`);
}

export function rejectMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    if (!SERVED_METHODS.has(req.method)) {
      res
        .status(405)
        .set({ allow: 'GET, HEAD, POST', 'cache-control': 'no-store' })
        .type('text/plain')
        .send('Method not allowed.');
      return;
    }
    // `*` (OPTIONS *) and absolute-form targets are for proxies, not for a site.
    if (!req.url.startsWith('/')) return badRequest(res, 'the request target must be a path');
    if (!isValidHost(req.headers.host)) return badRequest(res, 'a valid Host header is required');
    // With a trusted proxy (TRUST_PROXY), its X-Forwarded-Host becomes the host: held to the same rule.
    if (req.app.enabled('trust proxy') && !isValidHost(req.host)) return badRequest(res, 'a valid X-Forwarded-Host is required');
    next();
  };
}

export interface ServerErrorPageWords {
  title: string;
  message: string;
  contactSupport: string;
  returnHome: string;
}

/** The site's 500 page without React: plain HTML from the catalogue's words, nothing that can fail. */
export function renderServerErrorPage(locale: LocaleCode, words: ServerErrorPageWords, supportEmail: string | undefined): string {
  const { iso, dir } = getLocale(locale);
  const home = locale === 'en' ? '/' : `/${locale}`;
  const support = supportEmail
    ? `<p><a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(words.contactSupport.replace('{email}', supportEmail))}</a></p>`
    : '';
  return `<!doctype html><html lang="${iso}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>500 · ${escapeHtml(words.message)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center;color:#111;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#8ab4f8}}p.status{font-size:4rem;font-weight:900;margin:0}</style></head><body><p class="status">500</p><h1>${escapeHtml(words.message)}</h1>${support}<p><a href="${home}">${escapeHtml(words.returnHome)}</a></p></body></html>`;
}

/** Every locale's 500 page, rendered once at start from the catalogue in `localesDir`. */
export function loadServerErrorPages(localesDir: string, supportEmail: string | undefined): (locale: LocaleCode) => string {
  const pages = new Map<LocaleCode, string>();
  for (const code of LOCALE_CODES) {
    const messages = JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;
    const word = (key: string) => messages[key] ?? key;
    pages.set(
      code,
      renderServerErrorPage(
        code,
        {
          title: word('error.title'),
          message: word('error.unknown'),
          contactSupport: word('error.contactSupport'),
          returnHome: word('error.returnHome'),
        },
        supportEmail,
      ),
    );
  }
  return (locale) => pages.get(locale) ?? pages.get('en')!;
}

export function createServerErrorHandler(options: {
  page: (locale: LocaleCode) => string;
  log: (line: string, error: unknown) => void;
}): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: unknown } | null)?.status;
    // Errors Express's own parts raise for a client's mistake (a bad escape in a static path).
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (!res.headersSent) badRequest(res, 'the request could not be read');
      return;
    }
    options.log(`web: ${req.method} ${req.originalUrl.slice(0, 300)} failed`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    let locale: LocaleCode = 'en';
    try {
      locale = splitLocalePath(req.path).locale;
    } catch {
      // The English page, then.
    }
    res.status(500).set('cache-control', 'no-store').type('html').send(options.page(locale));
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
