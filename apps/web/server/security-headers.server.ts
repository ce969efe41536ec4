/**
 * Security headers of every page. Inline scripts run only with this
 * response's nonce; 'strict-dynamic' lets the nonce'd module scripts load their chunks.
 * A third-party integration's origin is allowed only while it is configured.
 */
import type { SiteConfig } from '@openpool/domain/site-config';
import { parseDsn } from '../app/platform/telemetry/sentry-dsn.ts';

export interface SecurityHeaderOptions {
  nonce: string;
  /** Origins the browser may call with fetch: the API. */
  connectOrigins: readonly string[];
  /** The site config's integrations; each adds its origins only when it is set. */
  integrations?: SiteConfig['integrations'];
}

interface IntegrationOrigins {
  script: string[];
  connect: string[];
  img: string[];
}

/** Which directives each configured integration needs, and nothing for one that is off. */
export function integrationOrigins(integrations: SiteConfig['integrations'] = {}): IntegrationOrigins {
  const origins: IntegrationOrigins = { script: [], connect: [], img: [] };
  const { analytics, metrics, error_reporter: errorReporter, profile_base: profileBase } = integrations;
  if (analytics) {
    // Browsers without 'strict-dynamic' need the host; the tag may also send its hits there.
    origins.script.push(originOf(analytics.script));
    origins.connect.push(originOf(analytics.script));
  }
  if (metrics) {
    origins.img.push(originOf(metrics.endpoint));
    origins.connect.push(originOf(metrics.endpoint));
  }
  const dsn = errorReporter ? parseDsn(errorReporter.dsn) : null;
  if (dsn) origins.connect.push(dsn.origin);
  if (profileBase) origins.connect.push(originOf(profileBase));
  return origins;
}

const sources = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())].join(' ');

export function contentSecurityPolicy({ nonce, connectOrigins, integrations }: SecurityHeaderOptions): string {
  const extra = integrationOrigins(integrations);
  const connect = sources(["'self'"], connectOrigins, extra.connect);
  return [
    "default-src 'self'",
    `script-src ${sources([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"], extra.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources(["'self'", 'data:'], extra.img)}`,
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
