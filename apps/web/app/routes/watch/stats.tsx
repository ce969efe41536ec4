import { isWatcherToken } from '@openpool/domain/routes';
import { useOutletContext } from 'react-router';
import { pageNotFound } from '~/platform/http-errors';
import { formatHashrate } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { TimeChart } from '~/features/charts/time-chart';
import { useT } from '~/i18n/use-t';
import { ExportDialog } from '~/features/miner/islands';
import { fetchMinerPage, fetchWatchTarget } from '~/features/miner/miner-api.server';
import { HashrateFigures } from '~/features/miner/miner-figures';
import { BalanceFigures } from '~/features/miner/islands';
import { MINER_RANGES, parseMinerRange } from '~/features/miner/miner-range';
import { RewardChart } from '~/features/miner/islands';
import { WorkPanels } from '~/features/miner/work-panels';
import { sitePaths } from '@openpool/domain/paths';
import { WorkersTable } from '~/features/miner/islands';
import { lookup, pageData } from '~/data/api-lookup.server';
import { Panel } from '~/shared/panel';
import { RangeLinks } from '~/shared/range-links';
import type { Route } from './+types/stats';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!isWatcherToken(params.token)) pageNotFound();
  const range = parseMinerRange(url.searchParams.get('range'));
  const { api } = context.get(appContext);
  const now = Math.floor(Date.now() / 1000);
  const dashboard = await lookup('watcher stats', async () => {
    const target = await fetchWatchTarget(api, params.token);
    return fetchMinerPage(api, target.coin, target.address, range);
  });
  if (dashboard.kind !== 'found') return pageData({ kind: dashboard.kind, range, now });
  // Everything but what is watched (the alerts line): a watcher sees no alerts.
  const { stats, chart, workers, rewards, quality, best, reported } = dashboard.value;
  return pageData({ kind: dashboard.kind, range, now, stats, chart, workers, rewards, quality, best, reported });
}

/** The miner's stats through a watcher link: the stats page's figures, worker links kept inside the link. */
export default function WatchStats({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { coin, watcher } = useOutletContext<{ coin: { ticker: string }; watcher: { token: string; address: string } }>();
  if (loaderData.kind !== 'found')
    return <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('miner.unavailable')}</p>;
  const { stats, chart, workers, rewards, quality, best, reported, now, range } = loaderData;
  const points = chart.points.map((p) => ({ t: p.t, v: p.hashrate }));
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3" data-testid="watcher-stats">
      <HashrateFigures
        stats={stats}
        chart={
          <>
            <div className="mb-3 flex justify-end">
              <RangeLinks ranges={MINER_RANGES} range={range} />
            </div>
            <TimeChart points={points} label={t('miner.chart.label')} format={formatHashrate} />
          </>
        }
      />
      <BalanceFigures stats={stats} ticker={coin.ticker} />
      <WorkPanels reported={reported} best={best} quality={quality} now={now} testPrefix="watcher" />
      <Panel title={t('miner.dailyRewards.title')} className="lg:col-span-3" testId="watcher-rewards">
        <div className="mb-3 flex justify-end">
          <ExportDialog coin={coin.ticker} address={watcher.address} />
        </div>
        <RewardChart rewards={rewards} ticker={coin.ticker} today={now} />
      </Panel>
      <Panel title={t('miner.workers.title')} className="lg:col-span-3" testId="watcher-workers">
        <WorkersTable
          workers={workers}
          coin={coin.ticker}
          address={watcher.address}
          now={now}
          pathOf={(row) => sitePaths.watchWorker(watcher.token, row.worker, row.scheme)}
        />
      </Panel>
    </div>
  );
}
