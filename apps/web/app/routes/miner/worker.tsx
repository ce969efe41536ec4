import { useMemo } from 'react';
import { formatHashrate, formatInteger } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { TimeChart } from '~/features/charts/time-chart';
// Below a phone's first screen: islands, as on the stats page (decision 037).
import { BestShares, ReportedHashrate, ShareQualityTable } from '~/features/miner/islands';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { fetchBestAndReported, fetchShareQuality, fetchWorker } from '~/features/miner/miner-api.server';
import { MINER_RANGES, parseMinerRange } from '~/features/miner/miner-range';
import { Figure, NothingFound, Panel } from '~/shared/panel';
import { RangeLinks } from '~/shared/range-links';
import { useSchemeLabel } from '~/shared/scheme-label';
import { useCoin } from '~/features/pool/coin-context';
import { relativeTime } from '~/shared/relative-time';
import { lookup, pageData } from '~/data/api-lookup.server';
import type { Route } from './+types/worker';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const range = parseMinerRange(url.searchParams.get('range'));
  const { api } = context.get(appContext);
  const now = Math.floor(Date.now() / 1000);
  const [worker, quality, extras] = await Promise.all([
    lookup(`miner worker ${params.coin}`, () =>
      fetchWorker(api, params.coin, params.address, params.worker, params.scheme, range),
    ),
    // Share quality (decision 023) is a panel of the page: without it the page still stands.
    fetchShareQuality(api, params.coin, params.address).catch(() => null),
    // Best shares and reported hashrate (decision 023), likewise.
    fetchBestAndReported(api, params.coin, params.address),
  ]);
  // Same rule as the stats page: 'Nothing found' inside the frame, with a 404 status so the
  // page is not indexed (the scheme itself was already checked by the miner middleware).
  if (worker.kind !== 'found') return pageData({ kind: worker.kind, range, now });
  const scheme = worker.value.worker.scheme;
  const mine = (row: { worker: string; scheme: string }) => row.worker === params.worker && row.scheme === scheme;
  const own = quality?.workers.find(mine) ?? null;
  const best = extras.best?.workers.find(mine) ?? null;
  const reported = extras.reported?.workers.find(mine) ?? null;
  return pageData({
    kind: worker.kind,
    now,
    ...worker.value,
    range,
    quality: quality && own ? { own, pool: quality.pool } : null,
    best: best ? { ...best, network: extras.best?.network_difficulty ?? null } : null,
    reported,
  });
}

/** `/{coin}/miner/stats/{address}/{worker}/{scheme?}`: one worker's figures and chart for its scheme. */
export default function WorkerPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const schemeLabel = useSchemeLabel();
  const locale = useLocale();
  const coin = useCoin();
  const points = useMemo(
    () => (loaderData.kind === 'found' ? loaderData.points.map((p) => ({ t: p.t, v: p.hashrate })) : []),
    [loaderData],
  );
  if (loaderData.kind === 'not-found') return <NothingFound hint={t('worker.notFound.hint')} />;

  const back = (
    <LocaleLink
      to={`/${coin.ticker}/miner/stats/${encodeURIComponent(params.address)}`}
      className="text-sm text-accent hover:underline"
      data-testid="worker-back"
    >
      {t('worker.back')}
    </LocaleLink>
  );
  const header = (
    <header className="min-w-0">
      <h1 className="break-all text-xl font-bold tracking-tight sm:text-2xl">
        {t('page.miner.worker', { worker: params.worker })}
        {loaderData.kind === 'found' ? (
          <span className="ms-2 align-middle text-sm font-medium text-ink-muted" data-testid="worker-scheme">
            {schemeLabel(loaderData.worker.scheme)}
          </span>
        ) : null}
      </h1>
      <p className="mt-1 break-all font-mono text-sm text-ink-muted" dir="ltr">
        {params.address}
      </p>
      <p className="mt-1">{back}</p>
    </header>
  );
  if (loaderData.kind !== 'found') {
    return (
      <div className="grid grid-cols-1 gap-4">
        {header}
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">{t('miner.unavailable')}</p>
      </div>
    );
  }

  const { worker, range, now } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-4">
      {header}
      <Panel title={t('worker.figures')} testId="worker-figures">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Figure
            label={t('miner.workers.status')}
            value={t(worker.status === 'online' ? 'miner.workers.online' : 'miner.workers.offline')}
            words
            testId="worker-status"
          />
          <Figure label={t('miner.hashrate10m')} value={formatHashrate(worker.hashrate_10m)} testId="worker-hashrate-10m" />
          <Figure label={t('worker.hr30m')} value={formatHashrate(worker.avg_hashrate_30m)} testId="worker-hashrate-30m" />
          <Figure label={t('worker.hr3h')} value={formatHashrate(worker.avg_hashrate_3h)} testId="worker-hashrate-3h" />
          <Figure label={t('miner.hashrate24h')} value={formatHashrate(worker.avg_hashrate_24h)} testId="worker-hashrate-24h" />
          {(
            [
              ['miner.shares.valid', worker.valid, 'worker-valid'],
              ['miner.shares.stale', worker.stale, 'worker-stale'],
              ['miner.shares.invalid', worker.invalid, 'worker-invalid'],
            ] as const
          ).map(([label, count, testId]) => (
            // Counts only: rates have one definition, by work, in the share quality panel (decision 024).
            <Figure key={testId} label={t(label)} value={formatInteger(count)} testId={testId} />
          ))}
          <Figure
            label={t('miner.workers.lastShare')}
            value={worker.last_share > 0 ? relativeTime(Math.floor(worker.last_share / 1000), now, locale.iso) : '—'}
            words
            testId="worker-last-share"
          />
          {worker.agent ? <Figure label={t('worker.agent')} value={worker.agent} words testId="worker-agent" /> : null}
        </dl>
        <p className="mt-2 text-xs text-ink-muted" data-testid="worker-windows">
          {t('miner.lag.workerWindows')}
        </p>
      </Panel>
      {loaderData.reported || loaderData.best ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {loaderData.reported ? (
            <Panel title={t('reported.title')} testId="worker-reported">
              <ReportedHashrate figures={loaderData.reported} testId="worker-reported-table" />
            </Panel>
          ) : null}
          {loaderData.best ? (
            <Panel title={t('best.title')} testId="worker-best">
              <BestShares
                round={loaderData.best.round}
                allTime={loaderData.best.all_time}
                network={loaderData.best.network}
                roundStarted={loaderData.best.round_started}
                now={now}
                testId="worker-best-shares"
              />
            </Panel>
          ) : null}
        </div>
      ) : null}
      {loaderData.quality ? (
        <Panel title={t('quality.title')} testId="worker-quality">
          <ShareQualityTable
            own={loaderData.quality.own}
            pool={loaderData.quality.pool}
            hint={loaderData.quality.own.stale_hint}
            testId="worker-quality-table"
          />
        </Panel>
      ) : null}
      <Panel title={t('miner.chart.title')} testId="worker-chart">
        <div className="mb-3 flex justify-end">
          <RangeLinks ranges={MINER_RANGES} range={range} />
        </div>
        <TimeChart points={points} label={t('miner.chart.label')} format={formatHashrate} />
      </Panel>
    </div>
  );
}
