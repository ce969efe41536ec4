import { NOTIFY_PURPOSES, type NotifyPurpose } from '@openpool/domain/api';
import { isLocaleCode, localizePath, splitLocalePath } from '@openpool/domain/locales';
import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { appContext } from '~/platform/context';
import { loadCatalogue } from '~/i18n/catalogues';
import { actOnNotifyLink, fetchNotifyLink } from '~/features/notify/notify-api.server';
import { NotifyCard } from '~/features/notify/notify-card';
import { lookup } from '~/data/api-lookup.server';
import { pageNotFound } from '~/platform/http-errors';
import type { Route } from './+types/notify';

/** Never kept by anyone, never indexed, and the token in the URL never sent on as a referrer. */
const PRIVATE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };

function purposeOf(value: string | undefined): NotifyPurpose {
  return NOTIFY_PURPOSES.find((purpose) => purpose === value) ?? pageNotFound();
}

/**
 * `/notify/confirm?token=` and `/notify/unsubscribe?token=`: the pages a mail's links open
 * (decision 012), in the subscriber's language, in the site's frame.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const purpose = purposeOf(params.purpose);
  const token = url.searchParams.get('token') ?? '';
  const { api } = context.get(appContext);
  const link = await lookup(`notify ${purpose} link`, () => fetchNotifyLink(api, purpose, token));
  if (link.kind === 'unavailable') throw data('unavailable', { status: 503, headers: PRIVATE });
  const { locale } = splitLocalePath(url.pathname);
  // Opened in another language than the subscriber saved the form in: theirs.
  if (link.kind === 'found' && isLocaleCode(link.value.locale) && link.value.locale !== locale) {
    throw redirect(`${localizePath(`/notify/${purpose}`, link.value.locale)}${url.search}`, { headers: PRIVATE });
  }
  const t = await loadCatalogue(locale, ['site']);
  const value = link.kind === 'found' ? link.value : null;
  const title = value ? t._(`notify.${purpose}.title`, { coin: value.coin.toUpperCase() }) : t._('notify.badLink.title');
  return data(
    { purpose, link: value, seo: { title, description: t._('notify.badLink') } },
    { status: value ? 200 : 404, headers: PRIVATE },
  );
}

export async function action({ params, url, context }: Route.ActionArgs) {
  const purpose = purposeOf(params.purpose);
  const token = url.searchParams.get('token') ?? '';
  const { api } = context.get(appContext);
  const done = await lookup(`notify ${purpose}`, () => actOnNotifyLink(api, purpose, token));
  if (done.kind === 'unavailable') throw data('unavailable', { status: 503, headers: PRIVATE });
  return data({ done: done.kind === 'found' ? done.value : null }, { headers: PRIVATE });
}

/**
 * After the button, the action's answer is the page: no data reload (an unsubscribe's reload
 * used to ask for a subscription just removed, a 404 in the console).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

export function headers() {
  return PRIVATE;
}

export default function NotifyPage({ loaderData, actionData }: Route.ComponentProps) {
  // After the button: what the API did (an unsubscribe pressed twice finds no subscription).
  const link = actionData ? actionData.done : loaderData.link;
  return <NotifyCard purpose={loaderData.purpose} link={link} done={actionData?.done != null} />;
}
