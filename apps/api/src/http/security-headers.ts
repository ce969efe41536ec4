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
