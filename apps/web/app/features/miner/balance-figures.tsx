import { formatAmount, formatCoinAmount, formatHashrate, formatInteger, formatPercentOf } from '@openpool/domain/format';
import { useCurrency } from '~/currency/currency-context';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import type { MinerStats } from './miner-types';
import { LocaleLink } from '~/shared/locale-link';
import { Ltr } from '~/shared/ltr';
import { Figure, Panel } from '~/shared/panel';
import { isMining } from './miner-freshness';
import { formatDuration, payoutEta } from './payout-eta';

/** Rewards 7D/30D, balances, the payout threshold with the time to reach it, merge-mined balances. */
export function BalanceFigures({ stats, ticker }: { stats: MinerStats; ticker: string }) {
  const t = useT();
  const locale = useLocale();
  const { toFiat } = useCurrency();
  const coin = (amount: string) => formatCoinAmount(amount, ticker);
  const fiat = (amount: string) => toFiat(Number(amount), ticker);
  const eta = payoutEta(stats.balance, stats.payout_threshold, stats.reward_7d, isMining(stats));
  return (
    <Panel title={t('miner.balance.title')} testId="miner-balance">
      <dl className="grid grid-cols-1 gap-4 text-sm min-[400px]:grid-cols-2">
        {(
          [
            ['miner.reward7d', stats.reward_7d, 'miner-reward-7d'],
            ['miner.reward30d', stats.reward_30d, 'miner-reward-30d'],
            ['miner.balance', stats.balance, 'miner-balance-value'],
            ['miner.unconfirmed', stats.unconfirmed_balance, 'miner-unconfirmed'],
            ['miner.totalPaid', stats.total_paid, 'miner-total-paid'],
          ] as const
        ).map(([label, amount, testId]) => (
          <Figure key={testId} label={t(label)} value={coin(amount)} detail={fiat(amount)} testId={testId} />
        ))}
        <Figure label={t('miner.threshold')} value={coin(stats.payout_threshold)} testId="miner-threshold" />
      </dl>
      <p className="mt-3 text-xs text-ink-muted" data-testid="miner-threshold-eta">
        {eta.kind === 'reached'
          ? t('miner.threshold.reached')
          : eta.kind === 'no-rate'
            ? t('miner.threshold.noRate')
            : eta.kind === 'not-mining'
              ? t('miner.threshold.notMining', { hashrate: formatHashrate(0) })
              : t('miner.threshold.eta', { duration: formatDuration(eta.seconds, locale.iso) })}
      </p>
      {stats.merged.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold">{t('miner.merged.title')}</h3>
          {/* One block per coin, a line per figure: as a four-column table the Total paid column
              was cut off in the balance panel's third of a desktop page. */}
          <ul className="grid gap-2" data-testid="miner-merged" aria-label={t('miner.merged.title')}>
            {stats.merged.map((m) => (
              <li key={m.coin} className="rounded-lg border border-line px-3 py-2" data-testid={`miner-merged-${m.coin}`}>
                <p className="text-sm font-semibold">{m.coin.toUpperCase()}</p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
                  {(
                    [
                      ['miner.balance', m.balance, 'balance'],
                      ['miner.unconfirmed', m.unconfirmed_balance, 'unconfirmed'],
                      ['miner.totalPaid', m.total_paid, 'paid'],
                    ] as const
                  ).map(([label, amount, key]) => (
                    <div key={key} className="contents">
                      <dt className="text-ink-muted">{t(label)}</dt>
                      <dd className="text-end font-medium break-all tabular-nums" data-testid={`miner-merged-${key}-${m.coin}`}>
                        <Ltr>{formatAmount(amount, m.coin)}</Ltr>
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}

/** Solo effort (share difficulty since the last solo block over network difficulty) and blocks found. */
export function SoloFigures({ stats, blocksHref }: { stats: MinerStats; blocksHref?: string }) {
  const t = useT();
  return (
    <Panel title={t('miner.solo.title')} className="lg:col-span-3" testId="miner-solo">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4 lg:grid-cols-6">
        {/* No solo share since the last solo block, or no network figure: nothing to measure yet. */}
        <Figure
          label={t('miner.solo.effort')}
          value={stats.solo_effort === null ? t('common.notEnoughData') : formatPercentOf('effort', stats.solo_effort)}
          words={stats.solo_effort === null}
          testId="miner-solo-effort"
        />
        <Figure label={t('miner.solo.blocks')} value={formatInteger(stats.blocks)} testId="miner-blocks" />
      </dl>
      {/* "My blocks": the coin's blocks page filtered to this miner (decision 027). */}
      {blocksHref ? (
        <p className="mt-3 text-sm">
          <LocaleLink to={blocksHref} className="font-semibold text-accent hover:underline" data-testid="miner-my-blocks">
            {t('miner.solo.myBlocks')}
          </LocaleLink>
        </p>
      ) : null}
    </Panel>
  );
}
