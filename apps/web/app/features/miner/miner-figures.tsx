import { formatHashrate, formatInteger } from '@openpool/domain/format';
import type { ReactNode } from 'react';
import { useT } from '~/i18n/use-t';
import type { MinerStats } from './miner-types';
import { Figure, Panel } from '~/shared/panel';

/**
 * Hashrate 10M/6H/24H, workers online/offline, the hashrate chart (`chart`, the page's) and the
 * 24 h shares with their percentages: one panel, beside the balance, with no empty half.
 */
export function HashrateFigures({ stats, chart }: { stats: MinerStats; chart?: ReactNode }) {
  const t = useT();
  const { valid, stale, invalid } = stats.shares_24h;
  return (
    <Panel title={t('miner.chart.title')} className="lg:col-span-2" testId="miner-hashrate">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <Figure label={t('miner.hashrate10m')} value={formatHashrate(stats.hashrate_10m)} testId="miner-hashrate-10m" />
        <Figure label={t('miner.hashrate6h')} value={formatHashrate(stats.hashrate_6h)} testId="miner-hashrate-6h" />
        <Figure label={t('miner.hashrate24h')} value={formatHashrate(stats.hashrate_24h)} testId="miner-hashrate-24h" />
        <Figure label={t('miner.workersOnline')} value={formatInteger(stats.workers_online)} testId="miner-workers-online" />
        <Figure label={t('miner.workersOffline')} value={formatInteger(stats.workers_offline)} testId="miner-workers-offline" />
      </dl>
      {/* Which window each figure is (decision 023): they move when an interval ends, not with each share. */}
      <p className="mt-2 text-xs text-ink-muted" data-testid="miner-windows">
        {t('miner.lag.windows')}
      </p>
      {chart ? (
        <div className="mt-4" data-testid="miner-chart">
          {chart}
        </div>
      ) : null}
      {/* Counts only: the stale and invalid rates have one definition, by work, in the share quality
          panel (decision 024); a rate by count here read 5.9 % beside its 1.57 % for the same shares. */}
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t('miner.shares.title')}</h3>
      <dl className="grid grid-cols-3 gap-4 text-sm">
        <Figure label={t('miner.shares.valid')} value={formatInteger(valid)} testId="miner-shares-valid" />
        <Figure label={t('miner.shares.stale')} value={formatInteger(stale)} testId="miner-shares-stale" />
        <Figure label={t('miner.shares.invalid')} value={formatInteger(invalid)} testId="miner-shares-invalid" />
      </dl>
      <p className="mt-2 text-xs text-ink-muted">{t('miner.shares.ratesBelow')}</p>
    </Panel>
  );
}
