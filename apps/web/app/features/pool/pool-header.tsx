import type { SearchOutcome } from '@openpool/domain/address-format';
import { badgeTextColor, type Coin } from '@openpool/domain/coins';
import { formatFee } from '@openpool/domain/format';
import { splitLocalePath } from '@openpool/domain/locales';
import { useLocation } from 'react-router';
import { useT } from '~/i18n/use-t';
import { CoinLabel } from '~/shared/coin-label';
import { useSchemeLabel } from '~/shared/scheme-label';
import { AddressSearch } from './address-search';
import type { PoolSummary } from './pool-stats';

/**
 * The pool header of every coin page: '{name} mining pool', the commission
 * per fee type as a percentage, the merge-mined coins (ltc: DOGE, PEP, BELLS; btc: FB) and
 * the address search. Its layout steps at the header's own widths: 400, 660, 768, 1025 px.
 */
export function PoolHeader({
  coin,
  pool,
  search = null,
}: {
  coin: Coin;
  pool: PoolSummary;
  search?: Extract<SearchOutcome, { kind: 'invalid' }> | null;
}) {
  const t = useT();
  const schemeLabel = useSchemeLabel();
  // The pool page's heading is this one; sub-pages (charts, top miners) have their own h1.
  const isPoolPage = splitLocalePath(useLocation().pathname).rest.replace(/\/$/, '') === `/${coin.ticker}`;
  const Title = isPoolPage ? 'h1' : 'p';
  const fees = pool.stats?.fees ?? {};
  const merged = coin.mergedCoins.map((ticker) => ticker.toUpperCase());
  return (
    <section
      aria-labelledby="pool-title"
      className="mb-4 grid gap-3 rounded-xl border border-line bg-surface-raised p-4 min-[660px]:p-5 min-[1025px]:grid-cols-[1fr_minmax(0,28rem)] min-[1025px]:items-center"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full text-xs font-bold uppercase min-[400px]:size-12 min-[400px]:text-sm"
          style={{ backgroundColor: coin.color, color: badgeTextColor(coin.color) }}
        >
          {coin.ticker}
        </span>
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <Title id="pool-title" className="min-w-0 text-xl font-bold tracking-tight text-balance min-[660px]:text-2xl">
              {t('pool.header.title', {
                name: pool.stats?.name && pool.stats.name !== coin.ticker.toUpperCase() ? pool.stats.name : coin.name,
              })}
            </Title>
            <CoinLabel ticker={coin.ticker} />
          </div>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted" data-testid="pool-fees">
            {Object.entries(fees).map(([scheme, fee]) => (
              <li key={scheme}>
                {t('pool.header.fee', {
                  scheme: schemeLabel(scheme),
                  fee: formatFee(fee),
                })}
              </li>
            ))}
            {merged.length > 0 ? (
              <li data-testid="pool-merged" className="font-medium text-ink">
                {t('pool.header.merged', { coins: merged.join(', ') })}
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <AddressSearch coin={coin.ticker} initial={search} />
    </section>
  );
}
