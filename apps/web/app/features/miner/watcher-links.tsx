import { dateTimeFormat } from '@openpool/domain/intl';
import { useState } from 'react';
import type { z } from 'zod';
import { WATCHER_EXPIRY_DAYS, type watcherCreatedSchema, type watcherListSchema } from '@openpool/domain/api';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { ApiError } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { CopyButton } from '~/shared/copy-button';
import { useApi, useSiteSettings } from '~/platform/site-settings';
import { refusalText } from './settings-refusal';

type ApiLink = z.infer<typeof watcherListSchema>['links'][number];
/** A link with its state when the list arrived. */
type Link = ApiLink & { state: 'watcher.live' | 'watcher.revoked' | 'watcher.expired' };
const withState = (link: ApiLink, now = Date.now() / 1000): Link => ({
  ...link,
  state: link.revoked ? 'watcher.revoked' : link.expires_at <= now ? 'watcher.expired' : 'watcher.live',
});
type Created = z.infer<typeof watcherCreatedSchema>;
type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; text: string };

const field = 'rounded-md border border-line bg-surface px-2 py-2 text-sm text-ink';

/**
 * On the settings page (decision 023): the owner creates read-only watcher links with a
 * label and an expiry, lists and revokes them, proving the miner theirs with a worker's IP as
 * for settings. A new link is shown once (the API keeps only its hash).
 */
export function WatcherLinks({ coin, address }: { coin: string; address: string }) {
  const t = useT();
  const locale = useLocale();
  const api = useApi();
  const siteUrl = useSiteSettings()?.siteUrl ?? '';
  const [ip, setIp] = useState('');
  const [label, setLabel] = useState('');
  const [days, setDays] = useState<number>(30);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [links, setLinks] = useState<Link[] | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const base = apiPaths.minerWatchers(coin, address);
  const date = (seconds: number) => dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' }).format(seconds * 1000);

  async function call<T>(path: string, body: object): Promise<T | null> {
    if (!api) return null;
    setState({ kind: 'busy' });
    try {
      const answer = await api.request<T>(path, { method: 'POST', body: { ip: ip.trim(), ...body } });
      setState({ kind: 'idle' });
      return answer;
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 429
          ? refusalText(error.body, error.retryAfter, t, locale.iso)
          : error instanceof ApiError && error.status === 403
            ? t('watcher.forbidden')
            : error instanceof ApiError && error.status === 400
              ? ((error.body as { message?: string } | null)?.message ?? t('watcher.failed'))
              : t('watcher.failed');
      setState({ kind: 'error', text });
      return null;
    }
  }

  return (
    <section className="mt-6 border-t border-line pt-4" data-testid="watcher-links">
      <h2 className="text-lg font-semibold">{t('watcher.title')}</h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-muted">{t('watcher.lead')}</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          void call<Created>(base, { label: label.trim(), expires_days: days }).then((answer) => {
            if (!answer) return;
            setCreated(answer);
            setLinks((current) => (current ? [withState(answer.link), ...current] : current));
          });
        }}
      >
        <label className="grid gap-1 text-xs text-ink-muted">
          {t('watcher.ip')}
          <input className={field} value={ip} onChange={(e) => setIp(e.target.value)} inputMode="decimal" dir="ltr" required />
        </label>
        <label className="grid gap-1 text-xs text-ink-muted">
          {t('watcher.label')}
          <input className={field} value={label} onChange={(e) => setLabel(e.target.value)} maxLength={64} required />
        </label>
        <label className="grid gap-1 text-xs text-ink-muted">
          {t('watcher.expires')}
          <select className={field} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {WATCHER_EXPIRY_DAYS.map((option) => (
              <option key={option} value={option}>
                {t('watcher.days', { count: option })}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            disabled={state.kind === 'busy'}
            className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-ink disabled:opacity-50"
          >
            {t('watcher.create')}
          </button>
          <button
            type="button"
            disabled={state.kind === 'busy' || ip.trim() === ''}
            onClick={() =>
              void call<{ links: ApiLink[] }>(`${base}/list`, {}).then(
                (answer) => answer && setLinks(answer.links.map((link) => withState(link))),
              )
            }
            className="rounded-md border border-line px-3 py-2 text-sm hover:border-accent disabled:opacity-50"
          >
            {t('watcher.list')}
          </button>
        </div>
      </form>
      {state.kind === 'error' ? (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {state.text}
        </p>
      ) : null}
      {created ? (
        <div className="mt-3 rounded-lg border border-accent p-3 text-sm" data-testid="watcher-created">
          <p>{t('watcher.created')}</p>
          <p className="mt-1 flex min-w-0 items-center gap-2">
            <code className="min-w-0 break-all" dir="ltr">{`${siteUrl}/watch/${created.token}`}</code>
            <CopyButton value={`${siteUrl}/watch/${created.token}`} />
          </p>
        </div>
      ) : null}
      {links !== null ? (
        links.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">{t('watcher.none')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line text-sm" data-testid="watcher-list">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{link.label}</span>
                  <span className="ms-2 text-ink-muted">
                    {t(link.state)} · {t('watcher.until', { date: date(link.expires_at) })}
                  </span>
                </span>
                {link.state === 'watcher.live' ? (
                  <button
                    type="button"
                    onClick={() =>
                      void call<{ links: Link[] }>(`${base}/revoke`, { id: link.id }).then(
                        (answer) => answer && setLinks(answer.links),
                      )
                    }
                    className="rounded-md border border-line px-2 py-1 text-xs hover:border-accent hover:text-accent"
                  >
                    {t('watcher.revoke')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
