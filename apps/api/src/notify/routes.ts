/**
 * The links in mails: confirm a new e-mail and unsubscribe, no login (a signed token), and the
 * one-click unsubscribe of mail programs (decision 012, 'The pages behind the links').
 *
 * A mail's links open the site's own pages (`{site}/{lang}/notify/{purpose}?token=`), in the
 * subscriber's language and the site's frame, which read the subscription here and, when its
 * button is pressed (mail scanners open links, they never press buttons), POST here from the
 * web server. The `List-Unsubscribe` header names this API's POST itself: RFC 8058's one-click
 * POST (`List-Unsubscribe=One-Click`) is answered 200 at once, never redirected. A GET of the
 * API's address, as links in mails sent before the site pages existed, is sent on to the page.
 * An unsubscribe link already used says so (`used`), from a record that keeps the token's
 * hash and the miner, not the address (migration 026).
 */
import { createHash } from 'node:crypto';
import { errorSchema, NOTIFY_PURPOSES, notifyLinkSchema } from '@openpool/domain/api';
import { isLocaleCode, localizePath } from '@openpool/domain/locales';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { confirmEmail, subscriptionById, type Subscription } from './subscriptions.ts';
import { unsubscribeOnce, usedUnsubscribeRecord } from './queries.ts';
import type { TokenPurpose, TokenSigner } from './tokens.ts';
import { apiPath, sitePaths } from '@openpool/domain/paths';

const query = z.object({ token: z.string().max(200).default('') });
const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/** The site's page behind a mail's link, in the subscriber's language. */
export function notifyPageUrl(siteUrl: string, purpose: TokenPurpose, locale: string, token: string): string {
  const path = sitePaths.notify(purpose);
  return `${siteUrl}${isLocaleCode(locale) ? localizePath(path, locale) : path}?token=${encodeURIComponent(token)}`;
}

export interface NotifyRoutesOptions {
  ctx: ApiContext;
  signer: TokenSigner;
  siteUrl: string;
}

export function registerNotifyRoutes(app: FastifyInstance, options: NotifyRoutesOptions): void {
  const { ctx, signer, siteUrl } = options;

  async function subscriptionOf(token: string, purpose: TokenPurpose): Promise<Subscription | null> {
    const id = signer.idOf(token);
    if (id === null) return null;
    const sub = await subscriptionById(ctx.db, id);
    return sub && sub.channel === 'email' && signer.verify(token, purpose, sub.recipient) ? sub : null;
  }

  const describe = (purpose: TokenPurpose, sub: Subscription) => ({
    purpose,
    coin: sub.coin,
    address: sub.address,
    recipient: sub.recipient,
    locale: sub.locale,
    confirmed: sub.confirmed,
    used: false,
  });

  /** An unsubscribe link followed before: the miner it was about, without the address it went to. */
  async function usedUnsubscribe(token: string) {
    const id = signer.idOf(token);
    if (id === null) return null;
    const row = await usedUnsubscribeRecord(ctx.db, id, tokenHash(token));
    return row ? { purpose: 'unsubscribe' as const, ...row, recipient: null, confirmed: true, used: true } : null;
  }

  /** Removes the subscription and remembers that this link was used, in one statement. */
  const unsubscribe = (sub: Subscription, token: string) => unsubscribeOnce(ctx.db, sub.id, tokenHash(token), ctx.now());
  const invalid = (reply: FastifyReply) =>
    reply.code(404).send({ error: 'not_found', message: 'This link is not valid, or no longer valid.' });

  void app.register(async (scope) => {
    // The one-click POST sends a form body; the token is in the URL. RFC 8058 allows either
    // form encoding; the body says nothing the URL does not.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    for (const purpose of NOTIFY_PURPOSES) {
      r.get(
        apiPath('notifyAction', { purpose }),
        { schema: { hide: true, querystring: query }, config: { cache: 'none' } },
        async (request, reply) => {
          const sub = await subscriptionOf(request.query.token, purpose);
          // The token travels on in the Location; no page here, so nothing else could leak it.
          reply.header('referrer-policy', 'no-referrer');
          return reply.redirect(notifyPageUrl(siteUrl, purpose, sub?.locale ?? 'en', request.query.token), 303);
        },
      );
      r.get(
        apiPath('notifyState', { purpose }),
        {
          schema: {
            tags: ['notifications'],
            summary: `What a mail's ${purpose} link is about (for the site's page); 404 for a link that is not valid`,
            querystring: query,
            response: { 200: notifyLinkSchema, 404: errorSchema },
          },
          config: { cache: 'none' },
        },
        async (request, reply) => {
          const sub = await subscriptionOf(request.query.token, purpose);
          if (sub) return describe(purpose, sub);
          const used = purpose === 'unsubscribe' ? await usedUnsubscribe(request.query.token) : null;
          return used ?? invalid(reply);
        },
      );
      r.post(
        apiPath('notifyAction', { purpose }),
        {
          schema: {
            tags: ['notifications'],
            summary:
              purpose === 'confirm'
                ? 'Confirms the e-mail of a subscription (the site page’s button)'
                : 'Removes a subscription: the site page’s button, and a mail program’s one-click unsubscribe (RFC 8058)',
            querystring: query,
            response: { 200: notifyLinkSchema, 404: errorSchema },
          },
          config: { cache: 'none' },
        },
        async (request, reply) => {
          const sub = await subscriptionOf(request.query.token, purpose);
          if (!sub) {
            // Pressed again (or a mail program's second one-click POST): done already, nothing changes.
            const used = purpose === 'unsubscribe' ? await usedUnsubscribe(request.query.token) : null;
            return used ?? invalid(reply);
          }
          if (purpose === 'confirm') await confirmEmail(ctx.db, sub.id, ctx.now());
          else await unsubscribe(sub, request.query.token);
          return { ...describe(purpose, sub), confirmed: purpose === 'confirm' || sub.confirmed };
        },
      );
    }
  });
}
