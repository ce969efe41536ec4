import { sitePaths } from '@openpool/domain/paths';
import type { MinerAlerts } from '@openpool/domain/api';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';

/**
 * What the pool watches for this miner (decision 012): 'Alerts: e-mail · offline after 10 min ·
 * payouts', the chats following it, a link to change the e-mail alerts in settings, and
 * 'Follow in Telegram' (a deep link that follows the miner at once) when the pool runs a bot.
 */
export function AlertsLine({ alerts, coin, address }: { alerts: MinerAlerts; coin: string; address: string }) {
  const t = useT();
  const parts: string[] = [];
  const email = alerts.email;
  if (email && !email.confirmed) parts.push(t('miner.alerts.emailPending'));
  else if (email && (email.offline || email.payouts || email.hashrate_drop_pct !== null)) {
    parts.push(t('miner.alerts.email'));
    if (email.offline) parts.push(t('miner.alerts.offline', { minutes: email.offline_after_min }));
    if (email.payouts) parts.push(t('miner.alerts.payouts'));
    if (email.hashrate_drop_pct !== null) parts.push(t('miner.alerts.hashrate', { percent: email.hashrate_drop_pct }));
  }
  if (alerts.telegram_chats > 0) parts.push(t('miner.alerts.chats', { count: alerts.telegram_chats }));
  return (
    <div
      className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm lg:col-span-3"
      data-testid="miner-alerts"
    >
      <p className="min-w-0">
        <span className="font-semibold">{t('miner.alerts.label')}</span>{' '}
        <span data-testid="miner-alerts-watched">{parts.length > 0 ? parts.join(' · ') : t('miner.alerts.none')}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3 sm:ms-auto">
        <LocaleLink to={sitePaths.miner(coin, 'settings', address)} className="text-accent underline-offset-2 hover:underline">
          {t('miner.alerts.change')}
        </LocaleLink>
        {alerts.telegram_link ? (
          <a
            href={alerts.telegram_link}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-accent px-3 py-1.5 font-medium text-accent-ink hover:opacity-90"
            data-testid="miner-alerts-telegram"
          >
            {t('miner.alerts.follow')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
