/**
 * Security headers of every page (issue 2, item 10). Inline scripts run only with this
 * response's nonce; 'strict-dynamic' lets the nonce'd module scripts load their chunks.
 */
export interface SecurityHeaderOptions {
  nonce: string;
  /** Origins the browser may call with fetch: the API, and later analytics and error reporting. */
  connectOrigins: readonly string[];
}

export function contentSecurityPolicy({ nonce, connectOrigins }: SecurityHeaderOptions): string {
  const connect = ["'self'", ...new Set(connectOrigins)].join(' ');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers for every response, pages and static files alike. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** The page's own header; STATIC_SECURITY_HEADERS come from the server for every response. */
export function applyPageSecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  headers.set('Content-Security-Policy', contentSecurityPolicy(options));
}

export function originOf(url: string): string {
  return new URL(url).origin;
}
