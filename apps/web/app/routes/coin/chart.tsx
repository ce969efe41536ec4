import { formatDifficulty, formatHashrate } from '@openpool/domain/format';
import { appContext } from '~/platform/context';
import { fetchChart, type ChartKind } from '~/features/charts/chart-api.server';
import { ChartPage, parseRange } from '~/features/charts/chart-page';
import type { ValueKind } from '~/features/charts/value-axis';
import { useT, type MessageId } from '~/i18n/use-t';
import { useCoin, usePool } from '~/features/pool/coin-context';
import type { PoolStats } from '@openpool/domain/api';
import { lookup, valueOr } from '~/data/api-lookup.server';
import type { Route } from './+types/chart';

/** What each of the three chart pages shows; the page is the last segment of its path. */
const CHARTS: Record<
  ChartKind,
  {
    title: MessageId;
    series: MessageId;
    current: (stats: PoolStats) => number;
    format: (value: number) => string;
    kind: ValueKind;
  }
> = {
  difficulty: {
    title: 'page.coin.difficulty',
    series: 'chart.series.difficulty',
    current: (stats) => stats.net_difficulty,
    format: formatDifficulty,
    kind: 'difficulty',
  },
  hashrate: {
    title: 'page.coin.hashrate',
    series: 'chart.series.hashrate',
    current: (stats) => stats.net_hashrate,
    format: formatHashrate,
    kind: 'hashrate',
  },
  'pool-hashrate': {
    title: 'page.coin.poolHashrate',
    series: 'chart.series.hashrate',
    current: (stats) => stats.hashrate,
    format: formatHashrate,
    kind: 'hashrate',
  },
};

function chartOf(pathname: string): ChartKind {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return last in CHARTS ? (last as ChartKind) : 'hashrate';
}

// `url`, not `request.url`: a client-side navigation asks for `/btc/difficulty.data`, whose last
// segment named no chart, and every chart page then showed the network hashrate.
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const range = parseRange(url.searchParams.get('range'));
  const chart = chartOf(url.pathname);
  const { api } = context.get(appContext);
  const points = await lookup(`chart ${params.coin} ${chart}`, () => fetchChart(api, params.coin, chart, range), {
    missing: 'unavailable',
  });
  // A part of the coin's pages, like the pool header above it: without its series the page still
  // stands (200) and says the chart is unavailable (decision 007).
  return { chart, range, points: valueOr(points, null) };
}

/** `/{coin}/difficulty`, `/{coin}/hashrate` and `/{coin}/pool-hashrate`: one module, three routes. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const pool = usePool();
  const chart = CHARTS[loaderData.chart];
  return (
    <ChartPage
      title={t(chart.title, { name: coin.name })}
      range={loaderData.range}
      points={loaderData.points}
      current={pool.stats ? chart.current(pool.stats) : null}
      currentAt={pool.stats?.updated_at ?? null}
      seriesLabel={t(chart.series)}
      format={chart.format}
      kind={chart.kind}
    />
  );
}
