/**
 * The links in mails: confirm a new e-mail and unsubscribe, no login (a signed token).
 * Opening a link (GET) only shows a page with one button, because mail scanners open links;
 * the button, and a mail program's one-click unsubscribe (RFC 8058: POST with
 * `List-Unsubscribe=One-Click`), POST to the same address and change the subscription.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { HTML_SECURITY_HEADERS, pageContentSecurityPolicy } from '../http/security-headers.ts';
import { messagesFor, formatMessage } from './messages/index.ts';
import { confirmEmail, removeSubscription, subscriptionById, type Subscription } from './subscriptions.ts';
import type { TokenPurpose, TokenSigner } from './tokens.ts';

const query = z.object({ token: z.string().max(200).default('') });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}' +
  'button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #888;cursor:pointer}@media(prefers-color-scheme:dark){body{background:#111;color:#eee}}';
/** No script, this style sheet alone, the button posting to the page itself, never framed (issue 26). */
const PAGE_HEADERS = { ...HTML_SECURITY_HEADERS, 'content-security-policy': pageContentSecurityPolicy(STYLE) };

function page(reply: FastifyReply, status: number, locale: string, siteName: string, body: string): FastifyReply {
  const dir = locale === 'fa' ? 'rtl' : 'ltr';
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .headers(PAGE_HEADERS)
    .send(
      `<!doctype html><html lang="${escapeHtml(locale)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(siteName)}</title><style>${STYLE}</style></head>` +
        `<body><p><strong>${escapeHtml(siteName)}</strong></p>${body}</body></html>`,
    );
}

export interface NotifyRoutesOptions {
  ctx: ApiContext;
  signer: TokenSigner;
  siteName: string;
}

export function registerNotifyRoutes(app: FastifyInstance, options: NotifyRoutesOptions): void {
  const { ctx, signer, siteName } = options;

  async function subscriptionOf(token: string, purpose: TokenPurpose): Promise<Subscription | null> {
    const id = signer.idOf(token);
    if (id === null) return null;
    const sub = await subscriptionById(ctx.db, id);
    return sub && sub.channel === 'email' && signer.verify(token, purpose, sub.recipient) ? sub : null;
  }

  const words = (sub: Subscription) => ({ address: sub.address, coin: sub.coin.toUpperCase(), recipient: sub.recipient });
  const bad = (reply: FastifyReply) => page(reply, 404, 'en', siteName, `<p>${escapeHtml(messagesFor('en').pageBadLink)}</p>`);

  void app.register(async (scope) => {
    // The one-click POST and the page's button send a form body; the token is in the URL.
    // RFC 8058 allows either form encoding; the body says nothing the URL does not.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const schema = { hide: true, querystring: query };

    for (const purpose of ['confirm', 'unsubscribe'] as const) {
      r.get(`/api/v1/notify/${purpose}`, { schema, config: { cache: 'none' } }, async (request, reply) => {
        const sub = await subscriptionOf(request.query.token, purpose);
        if (!sub) return bad(reply);
        const m = messagesFor(sub.locale);
        const question =
          purpose === 'confirm' ? formatMessage(m.confirmBody, words(sub)) : formatMessage(m.pageUnsubscribeAsk, words(sub));
        const button = purpose === 'confirm' ? m.confirmAction : m.pageUnsubscribeButton;
        return page(
          reply,
          200,
          sub.locale,
          siteName,
          `<p>${escapeHtml(question)}</p><form method="post" action="?token=${encodeURIComponent(request.query.token)}"><button type="submit">${escapeHtml(button)}</button></form>`,
        );
      });
      r.post(`/api/v1/notify/${purpose}`, { schema, config: { cache: 'none' } }, async (request, reply) => {
        const sub = await subscriptionOf(request.query.token, purpose);
        if (!sub) return bad(reply);
        const m = messagesFor(sub.locale);
        if (purpose === 'confirm') await confirmEmail(ctx.db, sub.id, ctx.now());
        else await removeSubscription(ctx.db, sub.id);
        const done = purpose === 'confirm' ? m.pageConfirmed : m.pageUnsubscribed;
        return page(reply, 200, sub.locale, siteName, `<p>${escapeHtml(formatMessage(done, words(sub)))}</p>`);
      });
    }
  });
}
