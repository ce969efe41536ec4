import { useId, type ReactNode } from 'react';
import { useT } from '~/i18n/use-t';

/** The choices of decision 012: offline delay between 5 and 60 minutes, the optional hashrate alert. */
export const OFFLINE_DELAY_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;
export const HASHRATE_DROP_CHOICES = [30, 50, 70, 90] as const;

export interface NotificationChoices {
  removeEmail: boolean;
  notifyOffline: boolean;
  notifyPayouts: boolean;
  offlineAfterMin: number;
  hashrateDropPct: number | null;
}

/**
 * The e-mail part of the settings form: the address (with its confirmation state), removing
 * it, and which alerts go to it. The texts of the mails themselves live in the API (decision 012).
 */
export function SettingsNotifications({
  stored,
  confirmed,
  choices,
  onChange,
  emailField,
}: {
  /** Whether an e-mail is stored; the public settings answer never says which (decision 028). */
  stored: boolean;
  confirmed: boolean;
  choices: NotificationChoices;
  onChange: (next: Partial<NotificationChoices>) => void;
  /** The e-mail input with its label and problem, owned by the form (validation). */
  emailField: ReactNode;
}) {
  const t = useT();
  const ids = { delay: useId(), drop: useId() };
  const select = 'min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-sm focus:border-accent disabled:opacity-60';
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3" data-testid="settings-notifications">
      <h2 className="text-sm font-semibold">{t('settings.notifications')}</h2>
      {stored ? (
        <p className="text-sm" data-testid="settings-email-state">
          {confirmed ? t('settings.emailConfirmed') : t('settings.emailPending')}
        </p>
      ) : null}
      {stored && !confirmed ? (
        // A save names no address unless typed: the link goes again only when asked for (decision 016).
        <p className="text-xs text-ink-muted" data-testid="settings-email-resend">
          {t('settings.emailResend')}
        </p>
      ) : null}
      {emailField}
      {stored ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="remove_email"
            checked={choices.removeEmail}
            onChange={(event) => onChange({ removeEmail: event.target.checked })}
          />
          {t('settings.emailRemove')}
        </label>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="notify_offline"
          checked={choices.notifyOffline}
          onChange={(event) => onChange({ notifyOffline: event.target.checked })}
        />
        {t('settings.notifyOffline')}
      </label>
      <div className="flex flex-wrap items-center gap-2 ps-6 text-sm">
        <label htmlFor={ids.delay}>{t('settings.offlineAfter')}</label>
        <select
          id={ids.delay}
          name="offline_after_min"
          value={choices.offlineAfterMin}
          disabled={!choices.notifyOffline}
          onChange={(event) => onChange({ offlineAfterMin: Number(event.target.value) })}
          className={select}
        >
          {OFFLINE_DELAY_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('settings.minutes', { minutes })}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="notify_payouts"
          checked={choices.notifyPayouts}
          onChange={(event) => onChange({ notifyPayouts: event.target.checked })}
        />
        {t('settings.notifyPayouts')}
      </label>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={ids.drop}>{t('settings.hashrateDrop')}</label>
        <select
          id={ids.drop}
          name="hashrate_drop_pct"
          value={choices.hashrateDropPct ?? ''}
          onChange={(event) => onChange({ hashrateDropPct: event.target.value === '' ? null : Number(event.target.value) })}
          className={select}
        >
          <option value="">{t('settings.hashrateDropOff')}</option>
          {HASHRATE_DROP_CHOICES.map((percent) => (
            <option key={percent} value={percent}>
              {t('settings.hashrateDropBelow', { percent })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
