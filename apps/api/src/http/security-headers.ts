/**
 * Security headers of the few HTML pages the API serves: the confirm and
 * unsubscribe pages of mail links, which carry a one-click POST button, and the API docs. As
 * the site's (apps/web/app/shared/security-headers.server.ts): never framed (clickjacking the
 * button), nothing sniffed, no referrer (the page's URL holds the link's token). A page
 * without a policy of its own gets one that allows nothing at all.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The policy of a page with no script, one inline style sheet and forms posting to itself. */
export function pageContentSecurityPolicy(inlineStyle?: string): string {
  const style =
    inlineStyle === undefined ? [] : [`style-src 'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`];
  return ["default-src 'none'", ...style, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"].join('; ');
}

/**
 * The API docs' policy, from the one @fastify/swagger-ui writes (its script hashes): each
 * directive once (it already had `frame-ancestors 'self'`, and adding 'none' made two, one of
 * which browsers drop with an error), never framed; styles from itself and inline, because
 * Swagger UI's components set style attributes and inject `<style>` elements at run time
 * (blocked, they were console errors and a slower first paint), and with a hash present a
 * browser ignores 'unsafe-inline', so the style hashes go; no `https:` sources (the page
 * loads nothing from elsewhere); images from itself and data: (the validator badge is off);
 * no upgrade-insecure-requests, which breaks the docs on plain http.
 */
export function docsContentSecurityPolicy(header: string): string {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  directives.delete('upgrade-insecure-requests');
  directives.set('frame-ancestors', ["'none'"]);
  directives.set('style-src', ["'self'", "'unsafe-inline'"]);
  directives.set('font-src', ["'self'", 'data:']);
  directives.set('img-src', ["'self'", 'data:']);
  directives.set('form-action', ["'none'"]);
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': pageContentSecurityPolicy(),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** nosniff on every answer; on HTML, the headers above where the route set none of its own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) {
      for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
