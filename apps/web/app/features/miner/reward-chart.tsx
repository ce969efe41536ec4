import { dateTimeFormat } from '@openpool/domain/intl';
import { formatCoinAmount, formatNumber } from '@openpool/domain/format';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';
import type { DailyReward } from './miner-types';
import { sumAmounts } from './payouts-totals';

const DAY = 86_400;
const DAYS = 31;
const HEIGHT = 160;

/** The axis's top: the first 1, 2, 2.5 or 5 times a power of ten at or above `max`, so its halves read round. */
export function axisTop(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const top = [1, 2, 2.5, 5, 10].map((step) => step * power).find((value) => value >= max * (1 - 1e-12));
  return top ?? 10 * power;
}

/** Decimals an axis label needs to tell its ticks apart (0, top/2, top): none for 40, two for 0.25. */
export function axisDecimals(top: number): number {
  const half = top / 2;
  return Math.min(8, Math.max(0, -Math.floor(Math.log10(half)) + 1));
}

/**
 * Daily rewards as CSS bars, oldest left, on a value axis (0, half and the top, in coins a day)
 * with grid lines (decision 024). Each bar is focusable and shows its day and amount on hover or
 * focus ('Nov 20: 9.658983 LTC'); a screen reader reads the same text, and below the chart a
 * sentence and a table of the days with rewards are its text alternative. Days without a reward
 * are zero-height bars so the axis keeps calendar time.
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
  const dateOf = (day: number) => dateFormat.format(new Date(day * DAY * 1000));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const day = lastDay - (DAYS - 1 - i);
    return { day, amount: Number(byDay.get(day)?.amount ?? 0), text: byDay.get(day)?.amount ?? '0' };
  });
  const max = Math.max(...days.map((d) => d.amount));
  const top = axisTop(max);
  const decimals = axisDecimals(top);
  const ticks = [top, top / 2, 0].map((tick) => ({ tick, label: formatNumber(tick, decimals) }));
  const earning = days.filter((d) => d.amount !== 0);
  const best = earning.reduce<(typeof days)[number] | null>(
    (found, d) => (found === null || d.amount > found.amount ? d : found),
    null,
  );
  const total = sumAmounts(earning.map((d) => d.text));
  return (
    <figure className="m-0">
      {/* Time runs left to right in every language, as in the canvas charts beside it (decision 027). */}
      <div dir="ltr" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          className="relative text-end text-[11px] leading-none text-ink-muted tabular-nums"
          style={{ height: HEIGHT }}
          aria-hidden="true"
          data-testid="reward-axis"
        >
          {/* Unseen but in flow: the labels below are placed at their heights, out of flow, so
              without these the column was 0 px wide and they hung over the card's padding, 4 px
              from its edge on a 320 px phone. These give it the widest label's width. */}
          <div className="invisible" data-testid="reward-axis-width">
            {ticks.map(({ tick, label }) => (
              <div key={tick}>{label}</div>
            ))}
          </div>
          {ticks.map(({ tick, label }, index) => (
            <span key={tick} className="absolute end-0 -translate-y-1/2" style={{ top: `${index * 50}%` }}>
              {label}
            </span>
          ))}
        </div>
        <div className="relative" style={{ height: HEIGHT }}>
          {/* Grid lines at the top and the half; the axis's 0 is the list's bottom border. */}
          <span aria-hidden="true" className="absolute inset-x-0 top-0 border-t border-dashed border-line" />
          <span aria-hidden="true" className="absolute inset-x-0 top-1/2 border-t border-dashed border-line" />
          <ol
            className="relative flex h-full items-end gap-px border-b border-line sm:gap-0.5"
            aria-label={t('miner.dailyRewards.title')}
            data-testid="reward-chart"
          >
            {days.map(({ day, amount, text }, index) => {
              const label = t('miner.dailyRewards.bar', { date: dateOf(day), amount: formatCoinAmount(text, ticker) });
              // The tip opens inward near the edges, so the first and last days' stay on the page.
              const align = index < 4 ? 'start-0' : index > DAYS - 5 ? 'end-0' : 'start-1/2 -translate-x-1/2';
              return (
                <li
                  key={day}
                  // Focusable so a keyboard reaches each day's value as a pointer does.
                  tabIndex={0}
                  className="group relative flex h-full min-w-0 flex-1 items-end outline-none focus-visible:ring-2 focus-visible:ring-accent"
                  data-testid="reward-bar"
                >
                  <span className="sr-only">{label}</span>
                  <span
                    aria-hidden="true"
                    className="w-full rounded-t-sm bg-accent group-hover:opacity-80 group-focus:opacity-80"
                    style={{ height: `${max > 0 ? Math.max(amount > 0 ? 2 : 0, (amount / top) * 100) : 0}%` }}
                  />
                  <span
                    aria-hidden="true"
                    className={`pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded-md border border-line bg-surface-raised px-2 py-1 text-xs whitespace-nowrap shadow group-hover:block group-focus:block ${align}`}
                    data-testid="reward-tip"
                  >
                    {label}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
        <span />
        <p className="mt-1 flex justify-between text-xs text-ink-muted" aria-hidden="true">
          <Isolated>{dateOf(lastDay - DAYS + 1)}</Isolated>
          <Isolated>{dateOf(lastDay)}</Isolated>
        </p>
      </div>
      <figcaption className="mt-2 text-sm text-ink-muted" data-testid="reward-summary">
        {t('miner.dailyRewards.axis', { ticker: ticker.toUpperCase() })}{' '}
        {best
          ? t('miner.dailyRewards.summary', {
              count: earning.length,
              total: formatCoinAmount(total, ticker),
              best: formatCoinAmount(best.text, ticker),
              date: dateOf(best.day),
            })
          : null}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-accent">{t('miner.dailyRewards.table')}</summary>
        <table className="mt-2 w-full max-w-sm text-sm tabular-nums" data-testid="reward-table">
          <thead>
            <tr className="text-xs text-ink-muted">
              <th scope="col" className="py-1 pe-3 text-start font-medium">
                {t('payouts.date')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('payouts.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {earning.map((d) => (
              <tr key={d.day} className="border-t border-line">
                <td className="py-1 pe-3">
                  <Isolated>{dateOf(d.day)}</Isolated>
                </td>
                <td className="py-1 text-end">
                  <Ltr>{formatCoinAmount(d.text, ticker)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
