import type { settingsSchema } from '@openpool/domain/api';
import { maxRewardCoins } from '@openpool/domain/chain-bounds';
import { formatAmount } from '@openpool/domain/format';
import type { Coin } from '@openpool/domain/coins';
import { checkSettingsChange } from '@openpool/domain/settings-change';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { useT, type MessageId } from '~/i18n/use-t';
import { ApiError } from '~/platform/api-client';
import { useApi } from '~/platform/site-settings';
import { applySettings } from './miner-api';
import { SettingsNotifications, type NotificationChoices } from './settings-notifications';
import { refusalText } from './settings-refusal';
import { useLocale } from '~/i18n/use-locale';

export type MinerSettings = z.infer<typeof settingsSchema>;
type Field = 'payoutThreshold' | 'email' | 'ip';
export type Outcome = { kind: 'applied' } | { kind: 'error'; text: string } | null;

/** The API names fields in snake_case; the form in camelCase. */
const API_FIELDS: Record<string, Field> = { payout_threshold: 'payoutThreshold', email: 'email', ip: 'ip' };
/**
 * The browser does not know the pool's unit decimals; the largest any coin has only changes
 * how a value far below one unit rounds, which the API checks again anyway.
 */
const BROWSER_UNIT_DECIMALS = 18;

// False in the server HTML and during hydration, true after: the form stays disabled until
// its handlers are attached.
const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

function FieldRow({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-red-600 dark:text-red-400" data-testid={`problem-${id}`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The settings form: validated in the browser with the API's own rules, then
 * sent straight to the API, which checks everything again and wants the IPv4 address of a
 * worker active in the last 24 hours as proof. Disabled until hydration, and for an address
 * that has not sent a share yet.
 */
export function SettingsForm({
  coin,
  address,
  settings,
  active,
  outcome,
  onOutcome: setOutcome,
}: {
  coin: Coin;
  address: string;
  settings: MinerSettings;
  active: boolean;
  /**
   * Held by the page, not the form: the revalidation after an apply brings new values, which
   * start the form again (see its key), and the miner must still read that it worked.
   */
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
}) {
  const t = useT();
  const api = useApi();
  const revalidator = useRevalidator();
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const [payoutThreshold, setPayoutThreshold] = useState(settings.payout_threshold);
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<NotificationChoices>({
    removeEmail: false,
    notifyOffline: settings.notify_offline,
    notifyPayouts: settings.notify_payouts,
    offlineAfterMin: settings.offline_after_min,
    hashrateDropPct: settings.hashrate_drop_pct,
  });
  const locale = useLocale();
  const [ip, setIp] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const ids = { payoutThreshold: useId(), email: useId(), ip: useId() };

  async function submit() {
    setOutcome(null);
    // The API's own check (packages/domain), so its messages show here in the visitor's language.
    const found = checkSettingsChange(
      { ip, payout_threshold: payoutThreshold, email },
      { min: settings.min_payout, max: String(maxRewardCoins(coin.ticker)), unitDecimals: BROWSER_UNIT_DECIMALS },
      t('settings.thresholdField'),
    );
    const translated: Partial<Record<Field, string>> = {};
    for (const [field, rule] of Object.entries(found)) {
      const formField = API_FIELDS[field];
      if (formField) translated[formField] = t(rule.id as MessageId, rule.values);
    }
    setProblems(translated);
    if (Object.keys(translated).length > 0 || !api) return;

    const body: Record<string, unknown> = {
      ip: ip.trim(),
      payout_threshold: payoutThreshold.trim(),
      notify_offline: choices.notifyOffline,
      notify_payouts: choices.notifyPayouts,
      // Decision 012: mails are written in the language the miner saved the settings in.
      locale: locale.code,
      offline_after_min: choices.offlineAfterMin,
      hashrate_drop_pct: choices.hashrateDropPct,
    };
    if (email.trim() !== '') body.email = email.trim();
    else if (choices.removeEmail) body.email = '';
    setSubmitting(true);
    try {
      const applied = await applySettings(api, coin.ticker, address, body);
      setPayoutThreshold(applied.settings.payout_threshold);
      setEmail('');
      setOutcome({ kind: 'applied' });
      void revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = (error.body as { fields?: Record<string, string> } | null)?.fields ?? {};
        const fromApi: Partial<Record<Field, string>> = {};
        for (const [name, text] of Object.entries(fields)) if (API_FIELDS[name]) fromApi[API_FIELDS[name]] = text;
        setProblems(fromApi);
        if (Object.keys(fromApi).length === 0) setOutcome({ kind: 'error', text: t('settings.failed') });
      } else if (error instanceof ApiError && error.status === 403) {
        setOutcome({ kind: 'error', text: t('settings.forbidden') });
      } else if (error instanceof ApiError && error.status === 429) {
        // Which limit (wrong proofs, or the mail limits of decision 016) and how long, in the visitor's words.
        setOutcome({ kind: 'error', text: refusalText(error.body, error.retryAfter, t, locale.iso) });
      } else {
        console.warn(`settings ${coin.ticker}: ${(error as Error).message}`);
        setOutcome({ kind: 'error', text: t('settings.failed') });
      }
    } finally {
      setSubmitting(false);
    }
  }

  const input =
    'min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-sm focus:border-accent disabled:opacity-60 aria-invalid:border-red-600';
  const describedBy = (field: Field, hint: boolean) =>
    [hint ? `${ids[field]}-hint` : '', problems[field] ? `${ids[field]}-problem` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form
      noValidate
      data-testid="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={!hydrated || !active || submitting} className="flex max-w-xl min-w-0 flex-col gap-5">
        <FieldRow
          id={ids.payoutThreshold}
          label={t('settings.threshold')}
          hint={t('settings.thresholdHint', {
            min: formatAmount(settings.min_payout, coin.ticker),
            ticker: coin.ticker.toUpperCase(),
          })}
          problem={problems.payoutThreshold}
        >
          <input
            id={ids.payoutThreshold}
            name="payout_threshold"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={payoutThreshold}
            onChange={(event) => setPayoutThreshold(event.target.value)}
            aria-invalid={problems.payoutThreshold ? true : undefined}
            aria-describedby={describedBy('payoutThreshold', true)}
            className={`${input} font-mono sm:max-w-xs`}
          />
        </FieldRow>

        <SettingsNotifications
          stored={settings.email_set}
          confirmed={settings.email_confirmed}
          choices={choices}
          onChange={(next) => setChoices((current) => ({ ...current, ...next }))}
          emailField={
            <FieldRow id={ids.email} label={t('settings.email')} hint={t('settings.emailHint')} problem={problems.email}>
              <input
                id={ids.email}
                name="email"
                type="email"
                autoComplete="email"
                dir="ltr"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={problems.email ? true : undefined}
                aria-describedby={describedBy('email', true)}
                className={input}
              />
            </FieldRow>
          }
        />

        <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
          <h2 className="text-sm font-semibold">{t('settings.proof')}</h2>
          <FieldRow id={ids.ip} label={t('settings.ip')} hint={t('settings.ipHint')} problem={problems.ip}>
            <input
              id={ids.ip}
              name="ip"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              placeholder="203.0.113.7"
              value={ip}
              onChange={(event) => setIp(event.target.value)}
              aria-invalid={problems.ip ? true : undefined}
              aria-describedby={describedBy('ip', true)}
              className={`${input} font-mono sm:max-w-xs`}
            />
          </FieldRow>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-ink hover:opacity-90 disabled:opacity-60"
          >
            {submitting ? t('settings.submitting') : t('settings.submit')}
          </button>
          <p
            role="status"
            aria-live="polite"
            data-testid="settings-outcome"
            className={outcome?.kind === 'error' ? 'text-sm text-red-600 dark:text-red-400' : 'text-sm text-accent'}
          >
            {outcome?.kind === 'applied' ? t('settings.applied') : outcome?.kind === 'error' ? outcome.text : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
