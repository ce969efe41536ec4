import { badgeTextColor, COINS, type CoinTicker } from '@openpool/domain/coins';
import { formatFee, formatHashrate, formatInteger } from '@openpool/domain/format';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { useSchemeLabel } from '~/shared/scheme-label';
import { Isolated, Ltr } from '~/shared/ltr';
import type { CardSummary } from './pool-stats';

/** One coin on the home page: figures from its pool stats, or its defaults when they failed. */
export function PoolCard({
  pool,
  label,
  estimate,
}: {
  pool: CardSummary;
  label?: 'coming_soon' | 'new';
  estimate?: React.ReactNode;
}) {
  const t = useT();
  const schemeLabel = useSchemeLabel();
  const coin = COINS[pool.ticker as CoinTicker];
  const stats = pool.stats;
  return (
    <li
      className="relative flex flex-col rounded-xl border border-line bg-surface-raised p-4 transition-colors hover:border-accent"
      data-testid={`pool-card-${pool.ticker}`}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full text-xs font-bold uppercase"
          style={{ backgroundColor: coin.color, color: badgeTextColor(coin.color) }}
        >
          {pool.ticker}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">
            <LocaleLink
              to={`/${pool.ticker}`}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {coin.name}
            </LocaleLink>
          </h2>
          <p className="text-xs text-ink-muted">
            <span className="font-medium uppercase" data-testid="card-name">
              {pool.name}
            </span>{' '}
            · {stats?.algorithm ?? coin.algorithm}
          </p>
        </div>
        {label ? (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink">
            {t(label === 'new' ? 'pool.label.new' : 'pool.label.coming_soon')}
          </span>
        ) : null}
      </div>
      {stats ? (
        <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <div>
            <dt className="text-xs text-ink-muted">{t('pool.card.hashrate')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="card-hashrate">
              <Ltr>{formatHashrate(stats.hashrate)}</Ltr>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted">{t('pool.card.miners')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="card-miners">
              <Ltr>{formatInteger(stats.miners)}</Ltr>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted">{t('pool.card.network')}</dt>
            <dd className="tabular-nums" data-testid="card-network">
              <Ltr>{formatHashrate(stats.net_hashrate)}</Ltr>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-ink-muted">{t('pool.card.fees')}</dt>
            <dd className="tabular-nums" data-testid="card-fees">
              {Object.entries(stats.fees).map(([scheme, fee], index) => (
                <span key={scheme}>
                  {index > 0 ? ' · ' : null}
                  {/* The scheme and its fee as one unit: an isolated figure is neutral to the
                      text around it, and in fa the last fee left its scheme ('1.5% PPS+ 2% ... SOLO'). */}
                  <Isolated>
                    {schemeLabel(scheme)} <Ltr>{formatFee(fee)}</Ltr>
                  </Isolated>
                </span>
              ))}
            </dd>
          </div>
          {estimate ? <div className="col-span-2">{estimate}</div> : null}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-ink-muted" data-testid="card-unavailable">
          {t('pool.card.unavailable')}
        </p>
      )}
    </li>
  );
}
