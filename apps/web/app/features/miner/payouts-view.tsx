import type { MinerPayouts } from '@openpool/domain/api';
import { useT } from '~/i18n/use-t';
import { LocaleLink } from '~/shared/locale-link';
import { Ltr } from '~/shared/ltr';
import { PayoutAmount, PayoutsTable, type Explorers } from './payouts-table';

/** Where a payouts page's links lead: the filter and the cursor, nothing else in the query. */
export interface PayoutsQuery {
  coin?: string | null;
  before?: string | null;
  after?: string | null;
}

/** The query string of a payouts page (empty for the newest page of every coin). */
export function payoutsSearch(query: PayoutsQuery): string {
  const params = new URLSearchParams();
  if (query.coin) params.set('coin', query.coin);
  if (query.before) params.set('before', query.before);
  else if (query.after) params.set('after', query.after);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filter and cursor of a payouts page's URL; anything the API could not have issued is dropped. */
export function parsePayoutsQuery(url: URL, coins: readonly string[] | null): PayoutsQuery {
  const cursor = (name: string) => {
    const value = url.searchParams.get(name);
    return value && /^\d{1,18}$/.test(value) ? value : null;
  };
  const coin = url.searchParams.get('coin');
  return {
    coin: coin && (coins === null || coins.includes(coin)) ? coin : null,
    // `next` was the older-page cursor of the first payouts page; old links keep working.
    before: cursor('before') ?? cursor('next'),
    after: cursor('after'),
  };
}

const pill = 'rounded-full border px-3 py-1 text-sm font-medium';

/**
 * A miner's payouts in every coin it is paid in: each coin's total paid (a link that filters the
 * list to it), the list, and pages newer and older. `base` is the page's path without a query,
 * the miner's payouts page or a watcher link's.
 */
export function PayoutsView({ payouts, explorers, base }: { payouts: MinerPayouts; explorers: Explorers; base: string }) {
  const t = useT();
  const filter = payouts.coin;
  const link = (query: PayoutsQuery) => `${base}${payoutsSearch(query)}`;
  const pager = 'rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent';
  return (
    <>
      <h2 className="mt-4 mb-2 text-sm font-semibold">{t('payouts.totalsTitle')}</h2>
      {/* One card a row on phones: a merged coin's total ('2 498 203.970320 PEP') is one unbreakable
          figure, wider than half a 320-375 px screen, and ran over the next card. */}
      <ul className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 sm:gap-3 lg:grid-cols-4" data-testid="payouts-totals">
        {payouts.totals.map((total) => (
          <li
            key={total.coin}
            className={`min-w-0 rounded-lg border p-3 break-words ${filter === total.coin ? 'border-accent' : 'border-line'}`}
            data-testid={`payouts-total-${total.coin}`}
          >
            <p className="text-xs text-ink-muted">{t('payouts.totalPaidIn', { coin: total.coin.toUpperCase() })}</p>
            <p className="font-semibold tabular-nums" data-testid="payouts-total-amount">
              <PayoutAmount amount={total.total_paid} ticker={total.coin} />
            </p>
            <p className="mt-1 text-xs text-ink-muted">
              <Ltr>{t('payouts.count', { count: total.payouts })}</Ltr>
            </p>
          </li>
        ))}
      </ul>
      <nav className="mt-4 flex flex-wrap items-center gap-2" aria-label={t('payouts.filterLabel')} data-testid="payouts-filter">
        <span className="text-xs text-ink-muted">{t('payouts.filterLabel')}</span>
        {[null, ...payouts.coins].map((coin) => {
          const current = filter === coin;
          return (
            <LocaleLink
              key={coin ?? 'all'}
              to={link({ coin })}
              aria-current={current ? 'page' : undefined}
              className={`${pill} ${current ? 'border-accent bg-accent/10 text-accent' : 'border-line hover:border-accent hover:text-accent'}`}
            >
              {coin === null ? t('payouts.allCoins') : coin.toUpperCase()}
            </LocaleLink>
          );
        })}
      </nav>
      <div className="mt-3">
        {payouts.results.length === 0 ? (
          <p className="text-ink-muted" data-testid="payouts-empty">
            {t('common.nothingFound')}
          </p>
        ) : (
          <PayoutsTable payouts={payouts.results} explorers={explorers} />
        )}
      </div>
      {(payouts.newer || payouts.older) && (
        <nav className="mt-4 flex flex-wrap gap-2" aria-label={t('payouts.pagesLabel')} data-testid="payouts-pager">
          {payouts.newer && (
            <>
              <LocaleLink to={link({ coin: filter })} className={pager}>
                {t('payouts.newest')}
              </LocaleLink>
              <LocaleLink to={link({ coin: filter, after: payouts.newer })} className={pager} rel="prev">
                {t('payouts.newer')}
              </LocaleLink>
            </>
          )}
          {payouts.older && (
            <LocaleLink to={link({ coin: filter, before: payouts.older })} className={pager} rel="next">
              {t('payouts.older')}
            </LocaleLink>
          )}
        </nav>
      )}
    </>
  );
}
