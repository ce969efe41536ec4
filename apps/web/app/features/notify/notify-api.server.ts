/**
 * A mail's confirm and unsubscribe links (decision 012): what a link is about, and its action,
 * asked of the API by the site's page on the server (the token never reaches a third party).
 * Each throws on any failure; the route maps that with `lookup()` (decision 007).
 */
import { notifyLinkSchema, type NotifyLink, type NotifyPurpose } from '@openpool/domain/api';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';

export async function fetchNotifyLink(api: ApiClient, purpose: NotifyPurpose, token: string): Promise<NotifyLink> {
  return notifyLinkSchema.parse(await api.request(apiPaths.notifyLink(purpose), { query: { token } }));
}

/** Confirms the e-mail, or removes the subscription: what the page's button does. */
export async function actOnNotifyLink(api: ApiClient, purpose: NotifyPurpose, token: string): Promise<NotifyLink> {
  return notifyLinkSchema.parse(await api.request(apiPaths.notifyAction(purpose), { method: 'POST', query: { token } }));
}
