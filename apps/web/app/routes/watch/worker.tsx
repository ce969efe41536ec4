import { useOutletContext } from 'react-router';
import { formatHashrate } from '@openpool/domain/format';
import { sitePaths } from '@openpool/domain/paths';
import { isRewardScheme, isWellFormedWorker } from '@openpool/domain/address';
import { isWatcherToken } from '@openpool/domain/routes';
import { appContext } from '~/platform/context';
import { TimeChart } from '~/features/charts/time-chart';
// Below a phone's first screen: islands, as on the stats page (decision 037).
import { BestShares, ReportedHashrate, ShareQualityTable } from '~/features/miner/islands';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { fetchBestAndReported, fetchShareQuality, fetchWatchTarget, fetchWorker } from '~/features/miner/miner-api.server';
import { MINER_RANGES, parseMinerRange } from '~/features/miner/miner-range';
import { lookup, pageData } from '~/data/api-lookup.server';
import { pageNotFound } from '~/platform/http-errors';
import { NothingFound, Panel } from '~/shared/panel';
import { RangeLinks } from '~/shared/range-links';
import type { Route } from './+types/worker';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (
    !isWatcherToken(params.token) ||
    !isWellFormedWorker(params.worker) ||
    (params.scheme !== undefined && !isRewardScheme(params.scheme))
  )
    pageNotFound();
  const range = parseMinerRange(url.searchParams.get('range'));
  const { api } = context.get(appContext);
  const now = Math.floor(Date.now() / 1000);
  const found = await lookup('watcher worker', async () => {
    const { coin, address } = await fetchWatchTarget(api, params.token);
    const [worker, quality, extras] = await Promise.all([
      fetchWorker(api, coin, address, params.worker, params.scheme, range),
      fetchShareQuality(api, coin, address).catch(() => null),
      fetchBestAndReported(api, coin, address),
    ]);
    const mine = (row: { worker: string; scheme: string }) => row.worker === params.worker && row.scheme === worker.worker.scheme;
    const own = quality?.workers.find(mine) ?? null;
    const best = extras.best?.workers.find(mine) ?? null;
    return {
      // The worker row without its agent and country: a watcher sees figures, not the rig's setup.
      worker: { scheme: worker.worker.scheme, status: worker.worker.status },
      points: worker.points,
      quality: quality && own ? { own, pool: quality.pool } : null,
      best: best ? { ...best, network: extras.best?.network_difficulty ?? null } : null,
      reported: extras.reported?.workers.find(mine) ?? null,
    };
  });
  if (found.kind !== 'found') return pageData({ kind: found.kind, range, now });
  return pageData({ kind: found.kind, range, now, ...found.value });
}

/** One worker through a watcher link: hashrate, reported beside effective, best shares, share quality. */
export default function WatchWorker({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { watcher } = useOutletContext<{ watcher: { token: string } }>();
  const back = (
    <LocaleLink to={sitePaths.watch(watcher.token)} className="text-sm text-accent hover:underline">
      {t('worker.back')}
    </LocaleLink>
  );
  if (loaderData.kind === 'not-found') return <NothingFound hint={t('worker.notFound.hint')} />;
  if (loaderData.kind !== 'found')
    return <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('miner.unavailable')}</p>;
  const { quality, best, reported, points, range, now } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="watcher-worker">
      <header>
        <h1 className="break-all text-xl font-bold tracking-tight sm:text-2xl">
          {t('page.miner.worker', { worker: params.worker })}
        </h1>
        <p className="mt-1">{back}</p>
      </header>
      <Panel title={t('miner.chart.title')} testId="watcher-worker-chart">
        <div className="mb-3 flex justify-end">
          <RangeLinks ranges={MINER_RANGES} range={range} />
        </div>
        <TimeChart
          points={points.map((p) => ({ t: p.t, v: p.hashrate }))}
          label={t('miner.chart.label')}
          format={formatHashrate}
        />
      </Panel>
      {reported ? (
        <Panel title={t('reported.title')} testId="watcher-worker-reported">
          <ReportedHashrate figures={reported} testId="watcher-worker-reported-table" />
        </Panel>
      ) : null}
      {best ? (
        <Panel title={t('best.title')} testId="watcher-worker-best">
          <BestShares
            round={best.round}
            allTime={best.all_time}
            network={best.network}
            roundStarted={best.round_started}
            now={now}
            testId="watcher-worker-best-shares"
          />
        </Panel>
      ) : null}
      {quality ? (
        <Panel title={t('quality.title')} testId="watcher-worker-quality">
          <ShareQualityTable
            own={quality.own}
            pool={quality.pool}
            hint={quality.own.stale_hint}
            testId="watcher-worker-quality-table"
          />
        </Panel>
      ) : null}
    </div>
  );
}
