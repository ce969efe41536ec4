import { useMemo } from 'react';
import { formatHashrate } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { TimeChart } from '~/features/charts/time-chart';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { fetchMinerPage } from '~/features/miner/miner-api.server';
import { MINER_RANGES, parseMinerRange } from '~/features/miner/miner-range';
import { AlertsLine } from '~/features/miner/alerts-line';
import { ExportDialog } from '~/features/miner/islands';
import { FirstFiguresNotice } from '~/features/miner/first-figures';
import { WatchButton } from '~/features/watch-list/watch-button';
import { WorkPanels } from '~/features/miner/work-panels';
import { HashrateFigures } from '~/features/miner/miner-figures';
import { BalanceFigures, SoloFigures } from '~/features/miner/islands';
import { NothingFound, Panel } from '~/shared/panel';
import { RangeLinks } from '~/shared/range-links';
import { RewardChart } from '~/features/miner/islands';
import { useReferralTrack } from '~/features/miner/use-referral-track';
import { WorkersTable } from '~/features/miner/islands';
import { CopyButton } from '~/shared/copy-button';
import { useCoin } from '~/features/pool/coin-context';
import { relativeTime } from '~/shared/relative-time';
import { isOutOfDate } from '~/features/miner/miner-freshness';
import { lookup, pageData } from '~/data/api-lookup.server';
import type { Route } from './+types/stats';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const range = parseMinerRange(url.searchParams.get('range'));
  const { api } = context.get(appContext);
  // One clock for every relative time on the page, so the server and the browser render alike.
  const now = Math.floor(Date.now() / 1000);
  // One read for the whole page (decision 034).
  const dashboard = await lookup(`miner stats ${params.coin}`, () => fetchMinerPage(api, params.coin, params.address, range));
  // An address the pool never saw: the page itself with 'Nothing found' (frame and search
  // stay, so the visitor can correct a typo) but a 404 status, not an error boundary, so
  // crawlers do not index an empty page for every address someone types.
  // The API down or answering nonsense: say so, keep the frame, answer 503 (try again).
  if (dashboard.kind !== 'found') return pageData({ kind: dashboard.kind, range, now });
  return pageData({ kind: dashboard.kind, range, now, ...dashboard.value });
}

/**
 * `/{coin}/miner/stats/{address}`. Figures refresh every minute without a reload: the coin
 * layout's `useMinuteRefresh()` re-runs every loader of the page, this one included, so the
 * page does not start a second timer.
 */
export default function MinerStatsPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const coin = useCoin();
  const address = params.address;
  useReferralTrack(coin.ticker, address);
  const chartPoints = useMemo(
    () => (loaderData.kind === 'found' ? loaderData.chart.points.map((p) => ({ t: p.t, v: p.hashrate })) : []),
    [loaderData],
  );

  if (loaderData.kind === 'not-found') return <NothingFound hint={t('miner.notFound.hint')} />;

  const header = (
    <header className="min-w-0">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.stats')}</h1>
      <p className="mt-1 flex min-w-0 items-center gap-2">
        <span className="sr-only">{t('miner.address')}</span>
        <span className="min-w-0 break-all font-mono text-sm" dir="ltr" data-testid="miner-address">
          {address}
        </span>
        <CopyButton value={address} label={t('miner.address')} />
        <WatchButton coin={coin.ticker} address={address} />
      </p>
    </header>
  );

  if (loaderData.kind !== 'found') {
    return (
      <div className="grid grid-cols-1 gap-4">
        {header}
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted" data-testid="miner-unavailable">
          {t('miner.unavailable')}
        </p>
      </div>
    );
  }

  const { stats, workers, rewards, alerts, quality, best, reported, now, range } = loaderData;
  const outOfDate = isOutOfDate(stats);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="lg:col-span-3">{header}</div>

      {outOfDate ? (
        <div
          role="status"
          className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 lg:col-span-3"
          data-testid="miner-out-of-date"
        >
          <p className="font-semibold">{t('miner.outOfDate')}</p>
          <p className="mt-1 text-sm">
            {t('miner.lastShare', { time: relativeTime(stats.last_share, now, locale.iso) })} {t('miner.resetRule')}
          </p>
        </div>
      ) : null}

      <FirstFiguresNotice firstSeen={stats.first_seen} now={now} />

      {alerts ? <AlertsLine alerts={alerts} coin={coin.ticker} address={address} /> : null}

      <HashrateFigures
        stats={stats}
        chart={
          <>
            <div className="mb-3 flex justify-end">
              <RangeLinks ranges={MINER_RANGES} range={range} />
            </div>
            <TimeChart points={chartPoints} label={t('miner.chart.label')} format={formatHashrate} />
          </>
        }
      />
      <BalanceFigures stats={stats} ticker={coin.ticker} />
      {stats.schemes.includes('solo') ? (
        <SoloFigures stats={stats} blocksHref={`/${coin.ticker}/blocks?${new URLSearchParams({ finder: address })}`} />
      ) : null}

      <WorkPanels reported={reported} best={best} quality={quality} now={now} testPrefix="miner" />

      <Panel title={t('miner.dailyRewards.title')} className="lg:col-span-3" testId="miner-rewards">
        <div className="mb-3 flex justify-end">
          <ExportDialog coin={coin.ticker} address={address} />
        </div>
        <RewardChart rewards={rewards} ticker={coin.ticker} today={now} />
      </Panel>

      <Panel title={t('miner.workers.title')} className="lg:col-span-3" testId="miner-workers">
        <WorkersTable workers={workers} coin={coin.ticker} address={address} now={now} />
      </Panel>
    </div>
  );
}
