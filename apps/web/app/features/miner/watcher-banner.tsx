import { dateTimeFormat } from '@openpool/domain/intl';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { isolatedText } from '~/shared/ltr';

/** What a watcher link's visitor sees first: whose pages these are, that they are read-only, until when. */
export function WatcherBanner({
  label,
  address,
  coin,
  expiresAt,
}: {
  label: string;
  address: string;
  coin: string;
  expiresAt: number;
}) {
  const t = useT();
  const locale = useLocale();
  const until = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(expiresAt * 1000));
  return (
    <div role="note" className="mb-4 rounded-xl border border-line bg-surface-raised p-4 text-sm" data-testid="watcher-banner">
      <p className="font-semibold">{t('watcher.banner', { label: isolatedText(label), coin: coin.toUpperCase() })}</p>
      <p className="mt-1 break-all font-mono text-xs text-ink-muted" dir="ltr">
        {address}
      </p>
      <p className="mt-1 text-ink-muted">{t('watcher.readOnly', { date: isolatedText(until) })}</p>
    </div>
  );
}
