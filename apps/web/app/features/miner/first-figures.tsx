import { dateTimeFormat } from '@openpool/domain/intl';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { isolatedText } from '~/shared/ltr';

const BUCKET_S = 600;
/** How long a miner counts as new: until its 24-hour figures have had a few hours to mean something. */
const NEW_FOR_S = 3 * 3600;

/**
 * When a new miner's first figures appear (decision 023). Hashrates are averages of complete
 * 10-minute intervals: the one holding the first share ends at the next multiple of 10 minutes,
 * and that is when the first 10-minute figure shows; the 24-hour average is a full day's only
 * after a day. Unix seconds in; null once the miner is no longer new.
 */
export function firstFigures(firstSeen: number, now: number): { firstAt: number; fullAt: number } | null {
  if (now - firstSeen > NEW_FOR_S) return null;
  const firstAt = (Math.floor(firstSeen / BUCKET_S) + 1) * BUCKET_S;
  return { firstAt, fullAt: firstSeen + 24 * 3600 };
}

export function FirstFiguresNotice({ firstSeen, now }: { firstSeen: number; now: number }) {
  const t = useT();
  const locale = useLocale();
  const times = firstFigures(firstSeen, now);
  if (!times) return null;
  const time = (seconds: number) =>
    isolatedText(dateTimeFormat(locale.iso, { timeStyle: 'short', timeZone: 'UTC' }).format(seconds * 1000));
  const date = (seconds: number) =>
    isolatedText(dateTimeFormat(locale.iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(seconds * 1000));
  return (
    <p
      role="status"
      className="rounded-xl border border-accent/40 bg-accent/5 p-4 text-sm lg:col-span-3"
      data-testid="miner-first-figures"
    >
      {t(now < times.firstAt ? 'miner.lag.firstSoon' : 'miner.lag.firstShown', {
        first: time(firstSeen),
        at: time(times.firstAt),
        full: date(times.fullAt),
      })}
    </p>
  );
}
