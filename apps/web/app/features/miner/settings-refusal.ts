/**
 * What the settings form says when the API refuses with 429 (decision 016): which
 * limit, in the visitor's language, and how long to wait from Retry-After (minutes for the
 * hourly proof limit, up to days for a mailbox left alone). The API names the limit in the
 * body's `error`; an unknown one reads as the proof limit.
 */
import type { MessageId, MessageValues } from '~/i18n/use-t';
import { formatDuration } from './payout-eta';

type Translate = (id: MessageId, values?: MessageValues) => string;

/** Without a readable Retry-After (CORS hides it unless exposed), the proof limiter's whole window. */
const FALLBACK_SECONDS = 3_600;

const MAIL_REFUSALS: Record<string, MessageId> = {
  mail_recipient_quiet: 'settings.mailRecipientQuiet',
  mail_recipient_limit: 'settings.mailRecipientLimit',
  mail_asker_limit: 'settings.mailAskerLimit',
};

export function refusalText(body: unknown, retryAfter: string | null, t: Translate, iso: string): string {
  const parsed = Number(retryAfter);
  const seconds = Number.isFinite(parsed) && parsed > 0 ? parsed : FALLBACK_SECONDS;
  const code = (body as { error?: unknown } | null)?.error;
  const mail = typeof code === 'string' ? MAIL_REFUSALS[code] : undefined;
  if (mail) return t(mail, { duration: formatDuration(seconds, iso) });
  return t('settings.tooMany', { minutes: Math.ceil(seconds / 60) });
}
