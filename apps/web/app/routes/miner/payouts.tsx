import { sitePaths } from '@openpool/domain/paths';
import { appContext } from '~/platform/context';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { fetchBalance, fetchPayouts } from '~/features/miner/miner-api.server';
import { PayoutAmount, PayoutsTable } from '~/features/miner/payouts-table';
import { sumAmounts } from '~/features/miner/payouts-totals';
import { lookupRedirect } from '~/features/miner/settings-payouts-lookup';
import { MinerAddressBar } from '~/features/miner/miner-address-bar';
import { ExportDialog } from '~/features/miner/export-dialog';
import { SettingsPayoutsSearch } from '~/features/miner/settings-payouts-search';
import { useCoin, useCoinInfo } from '~/features/pool/coin-context';
import { lookup, pageData, valueOr } from '~/shared/api-lookup.server';
import type { Route } from './+types/payouts';

/** Rows per page; the API's `next` cursor pages on from the last one. */
const PAGE_SIZE = 20;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const search = lookupRedirect(url, params.coin, 'payouts');
  if (search) throw search;
  const address = params.address;
  if (!address) return { address: null };
  // Only a cursor the API could have issued; anything else starts from the newest payout.
  const cursor = url.searchParams.get('next');
  const next = cursor && /^\d{1,18}$/.test(cursor) ? cursor : undefined;
  const { api } = context.get(appContext);
  const [page, balance] = await Promise.all([
    lookup(`payouts ${params.coin}`, () => fetchPayouts(api, params.coin, address, { next, limit: PAGE_SIZE })),
    // The total paid is a figure beside the list: without it the page still stands.
    lookup(`balance ${params.coin}`, () => fetchBalance(api, params.coin, address)),
  ]);
  const paged = next !== undefined;
  const totalPaid = valueOr(balance, null)?.total_paid ?? null;
  // A malformed or unknown address shows 'nothing found' (404); an outage says so (503).
  if (page.kind !== 'found') return pageData({ kind: page.kind, address, paged, payouts: null, next: null, totalPaid });
  return pageData({ kind: page.kind, address, paged, payouts: page.value.results, next: page.value.next, totalPaid });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const info = useCoinInfo();
  if (loaderData.address === null) {
    return (
      <section className="rounded-xl border border-line bg-surface-raised p-4">
        <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
        <SettingsPayoutsSearch coin={coin.ticker} page="payouts" intro={t('payouts.searchIntro')} />
      </section>
    );
  }
  const { address, payouts, next, paged, totalPaid } = loaderData;
  const base = sitePaths.miner(coin.ticker, 'payouts', address);
  const pager = 'rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent';
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
        {loaderData.kind === 'found' ? <ExportDialog coin={coin.ticker} address={address} /> : null}
      </div>
      <MinerAddressBar coin={coin.ticker} address={address} current="payouts" />
      {loaderData.kind === 'not-found' ? (
        <p className="text-ink-muted" data-testid="payouts-empty">
          {t('common.nothingFound')}
        </p>
      ) : payouts === null ? (
        <p className="text-ink-muted">{t('payouts.unavailable')}</p>
      ) : (
        <>
          {payouts.length === 0 ? (
            <p className="text-ink-muted" data-testid="payouts-empty">
              {t('common.nothingFound')}
            </p>
          ) : (
            <PayoutsTable payouts={payouts} coin={coin} info={info} />
          )}
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            {payouts.length > 0 && (
              <div className="rounded-lg border border-line p-3">
                <dt className="text-xs text-ink-muted">{t('payouts.pageTotal')}</dt>
                <dd className="font-semibold tabular-nums" data-testid="payouts-page-total">
                  <PayoutAmount amount={sumAmounts(payouts.map((payout) => payout.amount))} coin={coin} />
                </dd>
              </div>
            )}
            {totalPaid !== null && (
              <div className="rounded-lg border border-line p-3">
                <dt className="text-xs text-ink-muted">{t('payouts.totalPaid')}</dt>
                <dd className="font-semibold tabular-nums" data-testid="payouts-total-paid">
                  <PayoutAmount amount={totalPaid} coin={coin} />
                </dd>
              </div>
            )}
          </dl>
          {(paged || next) && (
            <nav className="mt-4 flex flex-wrap gap-2" aria-label={t('page.miner.payouts')}>
              {paged && (
                <LocaleLink to={base} className={pager}>
                  {t('payouts.newest')}
                </LocaleLink>
              )}
              {next && (
                <LocaleLink to={`${base}?next=${next}`} className={pager}>
                  {t('payouts.older')}
                </LocaleLink>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
