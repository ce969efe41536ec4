import { dateTimeFormat } from '@openpool/domain/intl';
import { formatCoinAmount } from '@openpool/domain/format';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Isolated } from '~/shared/ltr';
import type { DailyReward } from './miner-types';

const DAY = 86_400;
const DAYS = 31;
const HEIGHT = 160;

/**
 * Daily rewards as CSS bars, oldest left. Each bar is a list item that reads
 * 'Nov 20: 9.658983 LTC' to a screen reader and shows the same text as its tooltip;
 * days without a reward are zero-height bars so the axis keeps calendar time.
 */
export function RewardChart({ rewards, ticker, today }: { rewards: readonly DailyReward[]; ticker: string; today: number }) {
  const t = useT();
  const locale = useLocale();
  // The spec's notice for a chart without data, with what it means here below it.
  if (rewards.length === 0)
    return (
      <div
        className="grid place-items-center rounded-lg border border-dashed border-line p-6 text-center text-ink-muted"
        style={{ minHeight: HEIGHT }}
        data-testid="reward-chart-empty"
      >
        <p>
          <span className="block font-medium">{t('common.notEnoughData')}</span>
          <span className="block text-sm">{t('miner.dailyRewards.none')}</span>
        </p>
      </div>
    );
  const byDay = new Map(rewards.map((r) => [Math.floor(r.date / DAY), r]));
  const lastDay = Math.floor(today / DAY);
  const dateFormat = dateTimeFormat(locale.iso, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const days = Array.from({ length: DAYS }, (_, i) => {
    const day = lastDay - (DAYS - 1 - i);
    return { day, amount: Number(byDay.get(day)?.amount ?? 0), text: byDay.get(day)?.amount ?? '0' };
  });
  const max = Math.max(...days.map((d) => d.amount));
  return (
    // Time runs left to right in every language, as in the canvas charts beside it (decision 027):
    // in fa the bars ran right to left while the hashrate chart on the same page ran left to right.
    <div dir="ltr">
      <ol
        className="flex items-end gap-px border-b border-line sm:gap-0.5"
        style={{ height: HEIGHT }}
        aria-label={t('miner.dailyRewards.title')}
        data-testid="reward-chart"
      >
        {days.map(({ day, amount, text }) => {
          const label = t('miner.dailyRewards.bar', {
            date: dateFormat.format(new Date(day * DAY * 1000)),
            amount: formatCoinAmount(text, ticker),
          });
          return (
            <li key={day} className="flex h-full min-w-0 flex-1 items-end" title={label}>
              <span className="sr-only">{label}</span>
              <span
                aria-hidden="true"
                className="w-full rounded-t-sm bg-accent"
                style={{ height: `${max > 0 ? Math.max(amount > 0 ? 2 : 0, (amount / max) * 100) : 0}%` }}
              />
            </li>
          );
        })}
      </ol>
      <p className="mt-1 flex justify-between text-xs text-ink-muted" aria-hidden="true">
        <Isolated>{dateFormat.format(new Date((lastDay - DAYS + 1) * DAY * 1000))}</Isolated>
        <Isolated>{dateFormat.format(new Date(lastDay * DAY * 1000))}</Isolated>
      </p>
    </div>
  );
}
