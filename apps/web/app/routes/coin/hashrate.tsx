import type { CoinTicker } from '@openpool/domain/coins';
import { formatHashrate } from '@openpool/domain/format';
import { appContext } from '~/context';
import { ChartPage, parseRange } from '~/features/charts/chart-page';
import { loadChart } from '~/features/charts/load-chart';
import { useT } from '~/features/i18n/use-t';
import { useCoin, usePool } from '~/features/pool/coin-context';
import type { Route } from './+types/hashrate';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const range = parseRange(new URL(request.url).searchParams.get('range'));
  return {
    range,
    points: await loadChart(context.get(appContext).serverApiBaseUrl, params.coin as CoinTicker, 'hashrate', range),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const pool = usePool();
  return (
    <ChartPage
      title={t('page.coin.hashrate', { name: coin.name })}
      range={loaderData.range}
      points={loaderData.points}
      current={pool.stats?.net_hashrate ?? null}
      seriesLabel={t('chart.series.hashrate')}
      format={formatHashrate}
    />
  );
}
