import {
  formatCoinAmount,
  formatDifficulty,
  formatFee,
  formatHashrate,
  formatInteger,
  formatPercentOf,
} from '@openpool/domain/format';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { explorerLink } from '@openpool/domain/coin-links';
import { useCoin, useCoinInfo, usePool } from '~/features/pool/coin-context';
import { BlocksTable, ConnectionGuide } from '~/features/pool/islands';
import { fetchBlocks, RECENT_BLOCKS } from '~/features/pool/pool-api.server';
import { lookup, valueOr } from '~/data/api-lookup.server';
import { relativeTime } from '~/shared/relative-time';
import { useSchemeLabel } from '~/shared/scheme-label';
import { Servers } from '~/features/pool/servers';
import { Ltr } from '~/shared/ltr';
import { LocaleLink } from '~/shared/locale-link';
import { Figure, Panel } from '~/shared/panel';
import { appContext } from '~/platform/context';
import { CoinCalculator } from '~/features/hardware/islands';
import { findReferenceDevice } from '~/features/hardware/reference.server';
import { fetchMergedFigures } from '~/features/hardware/hardware-api.server';
import { isCoinTicker, COINS } from '@openpool/domain/coins';
import type { Route } from './+types/pool';

/** The coin's reference device in the hardware catalogue, for the calculator (decision 010). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { hardware, coinContent, api } = context.get(appContext);
  const reference = isCoinTicker(params.coin) ? coinContent.coins[params.coin]?.reference : undefined;
  const newest = { page: 1, status: null, scheme: null, finder: null };
  const [blocks, merged] = await Promise.all([
    // The blocks page's own source: its newest blocks, the merge-mined ones among them.
    lookup(`blocks ${params.coin}`, () => fetchBlocks(api, params.coin, newest, RECENT_BLOCKS), { missing: 'unavailable' }),
    // The coins this pool's work merge-mines, which the calculator adds (decision 024).
    isCoinTicker(params.coin) ? fetchMergedFigures(api, { ticker: params.coin, algorithm: COINS[params.coin].algorithm }) : [],
  ]);
  return {
    blocks: valueOr(blocks, null),
    merged,
    reference:
      reference && isCoinTicker(params.coin)
        ? findReferenceDevice(hardware, reference.device, COINS[params.coin].algorithm)
        : null,
  };
}

/** `/{coin}`: the start-mining page (decision 005). */
export default function PoolPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const schemeLabel = useSchemeLabel();
  const locale = useLocale();
  const coin = useCoin();
  const { stats } = usePool();
  const info = useCoinInfo();
  if (!stats) {
    return (
      <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted" data-testid="pool-unavailable">
        {t('pool.unavailable')}
      </p>
    );
  }
  const lastBlock = stats.last_blocks_found[0];
  const merged = coin.mergedCoins.map((c) => c.toUpperCase()).join(', ');
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Panel title={t('pool.stats.title')} className="lg:col-span-3">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="pool-stats">
          <Figure label={t('pool.card.hashrate')} value={formatHashrate(stats.hashrate)} testId="stat-hashrate" />
          <Figure label={t('pool.card.miners')} value={formatInteger(stats.miners)} testId="stat-miners" />
          <Figure label={t('pool.stats.workers')} value={formatInteger(stats.workers)} testId="stat-workers" />
          <Figure label={t('pool.stats.blocks24h')} value={formatInteger(stats.blocks_24h)} testId="stat-blocks24h" />
          <Figure
            label={t('pool.stats.lastBlock')}
            value={lastBlock ? relativeTime(lastBlock.date, stats.updated_at, locale.iso) : '—'}
            words
            testId="stat-last-block"
          />
          <Figure label={t('pool.stats.effort')} value={formatPercentOf('effort', stats.effort)} testId="stat-effort" />
          <Figure label={t('pool.card.network')} value={formatHashrate(stats.net_hashrate)} testId="stat-net-hashrate" />
          <Figure
            label={t('pool.stats.netDifficulty')}
            value={formatDifficulty(stats.net_difficulty)}
            testId="stat-net-difficulty"
          />
          <Figure label={t('pool.stats.height')} value={formatInteger(stats.height)} testId="stat-height" />
        </dl>
      </Panel>

      <Panel title={t('pool.servers.title')} className="lg:col-span-2">
        <Servers servers={stats.servers} />
        <p className="mt-3 text-xs text-ink-muted">{t('pool.servers.login', { format: 'WALLET.WORKER' })}</p>
      </Panel>

      <Panel title={t('pool.payout.title')}>
        <dl className="grid gap-2 text-sm">
          <Row label={t('pool.payout.min')} value={formatCoinAmount(stats.payout.min, coin.ticker)} />
          <Row label={t('pool.payout.threshold')} value={formatCoinAmount(stats.payout.default_threshold, coin.ticker)} />
          <Row
            label={t('pool.payout.schedule')}
            value={t(stats.payout.schedule === 'daily' ? 'pool.payout.daily' : 'pool.payout.hourly')}
            words
          />
        </dl>
        {merged ? <p className="mt-3 text-xs text-ink-muted">{t('pool.payout.merged', { coins: merged })}</p> : null}
      </Panel>

      {info && stats.servers.urls[0] ? (
        <Panel title={t('guide.title')} className="lg:col-span-3">
          <ConnectionGuide coin={coin} info={info} tcp={stats.servers.urls[0]} ssl={stats.servers.ssl_urls[0]} />
        </Panel>
      ) : null}

      <Panel title={t('pool.schemes.title')} className="lg:col-span-3">
        <ul className="grid gap-3 md:grid-cols-3" data-testid="schemes">
          {stats.schemes.map((scheme) => (
            <li key={scheme} className="rounded-lg border border-line p-3">
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{schemeLabel(scheme)}</span>
                <span className="text-sm tabular-nums text-ink-muted">
                  {t('pool.schemes.fee', { fee: formatFee(stats.fees[scheme]) })}
                </span>
              </p>
              <p className="mt-1 text-sm text-ink-muted">
                {t(scheme === 'pps' ? 'pool.schemes.pps' : scheme === 'prop' ? 'pool.schemes.prop' : 'pool.schemes.solo')}
              </p>
            </li>
          ))}
        </ul>
      </Panel>

      {info ? (
        <div className="lg:col-span-3">
          <CoinCalculator
            stats={stats}
            ticker={coin.ticker}
            hashrate={info.reference.hashrate}
            reference={loaderData.reference}
            merged={loaderData.merged}
          />
        </div>
      ) : null}

      <Panel title={t('pool.blocks.title')} className="lg:col-span-3">
        {loaderData.blocks === null ? (
          <p className="text-sm text-ink-muted">{t('pool.blocksPage.unavailable')}</p>
        ) : loaderData.blocks.results.length === 0 ? (
          <p className="text-sm text-ink-muted" data-testid="blocks-none">
            {t('pool.blocks.none')}
          </p>
        ) : (
          <BlocksTable
            blocks={loaderData.blocks.results}
            ticker={coin.ticker}
            now={stats.updated_at}
            explorerUrl={(hash) => (info ? explorerLink(info, 'block', hash) : null)}
            label={t('pool.blocks.title')}
          />
        )}
        <p className="mt-3 text-sm">
          <LocaleLink
            to={`/${coin.ticker}/blocks`}
            className="font-semibold text-accent hover:underline"
            data-testid="all-blocks"
          >
            {t('pool.blocksPage.link')}
          </LocaleLink>
        </p>
      </Panel>
    </div>
  );
}

function Row({ label, value, words = false }: { label: string; value: string; words?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{words ? value : <Ltr>{value}</Ltr>}</dd>
    </div>
  );
}
