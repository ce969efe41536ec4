import type { MinerPage } from '@openpool/domain/miner-page';
import { useT } from '~/i18n/use-t';
import { isolatedText } from '~/shared/ltr';
import { Panel } from '~/shared/panel';
import { BestShares, ReportedHashrate, ShareQualityTable } from './islands';

/**
 * The miner's work beyond its hashrate, the same on the owner's page and a watcher's (decision
 * 023): reported beside effective hashrate, best shares, share quality with the workers whose
 * stale rate is far above the pool's. Each panel only when its figures came.
 */
export function WorkPanels({
  reported,
  best,
  quality,
  now,
  testPrefix,
}: {
  // The miner page's read (decision 034): the miner's figures, no worker's.
  reported: MinerPage['reported'];
  best: MinerPage['best'];
  quality: MinerPage['quality'] | null;
  now: number;
  /** `miner` or `watcher`: the pages' test ids. */
  testPrefix: string;
}) {
  const t = useT();
  const hinted = quality?.stale_hint_workers ?? [];
  return (
    <>
      {reported ? (
        <Panel title={t('reported.title')} className="lg:col-span-2" testId={`${testPrefix}-reported`}>
          <ReportedHashrate figures={reported.miner} testId={`${testPrefix}-reported-table`} />
        </Panel>
      ) : null}
      {best ? (
        <Panel title={t('best.title')} className={reported ? '' : 'lg:col-span-3'} testId={`${testPrefix}-best`}>
          <BestShares
            round={best.miner.round}
            allTime={best.miner.all_time}
            network={best.network_difficulty}
            roundStarted={null}
            now={now}
            testId={`${testPrefix}-best-shares`}
          />
        </Panel>
      ) : null}
      {quality ? (
        <Panel title={t('quality.title')} className="lg:col-span-3" testId={`${testPrefix}-quality`}>
          <ShareQualityTable own={quality.miner} pool={quality.pool} hint={false} testId={`${testPrefix}-quality-table`} />
          {hinted.length > 0 ? (
            <p
              role="note"
              className="mt-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-2 text-sm"
              data-testid={`${testPrefix}-quality-hint`}
            >
              {t('quality.workersHint', { count: hinted.length, workers: hinted.map(isolatedText).join(', ') })}
            </p>
          ) : null}
        </Panel>
      ) : null}
    </>
  );
}
