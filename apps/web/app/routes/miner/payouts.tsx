import { balanceSchema, payoutsSchema } from '@openpool/domain/api';
import { truncateMiddle } from '@openpool/domain/format';
import { appContext } from '~/context';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT } from '~/features/i18n/use-t';
import { PayoutAmount, PayoutsTable } from '~/features/miner/payouts-table';
import { sumAmounts } from '~/features/miner/payouts-totals';
import { lookupRedirect } from '~/features/miner/settings-payouts-lookup';
import { SettingsPayoutsSearch } from '~/features/miner/settings-payouts-search';
import { useCoin } from '~/features/pool/coin-context';
import { CopyButton } from '~/features/pool/copy-button';
import { ApiError, createApiClient } from '~/shared/api-client';
import type { Route } from './+types/payouts';

/** Rows per page; the API's `next` cursor pages on from the last one. */
const PAGE_SIZE = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lookup = lookupRedirect(request, params.coin, 'payouts');
  if (lookup) throw lookup;
  const address = params.address;
  if (!address) return { address: null };
  // Only a cursor the API could have issued; anything else starts from the newest payout.
  const cursor = new URL(request.url).searchParams.get('next');
  const next = cursor && /^\d{1,18}$/.test(cursor) ? cursor : undefined;
  const client = createApiClient({ baseUrl: context.get(appContext).serverApiBaseUrl });
  const path = `/${params.coin}/api/v1/miner`;
  const [payouts, balance] = await Promise.allSettled([
    client.request(`${path}/payouts/${encodeURIComponent(address)}`, { query: { next, limit: PAGE_SIZE } }),
    client.request(`${path}/balance/${encodeURIComponent(address)}`),
  ]);
  if (payouts.status === 'rejected') {
    const error = payouts.reason as Error;
    // A malformed or unknown address is simply nothing found; anything else is an outage.
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
      return { address, paged: next !== undefined, payouts: [], next: null, totalPaid: null };
    }
    console.warn(`payouts ${params.coin}: ${error.message}`);
    return { address, paged: next !== undefined, payouts: null, next: null, totalPaid: null };
  }
  const page = payoutsSchema.parse(payouts.value);
  const totalPaid = balance.status === 'fulfilled' ? balanceSchema.parse(balance.value).total_paid : null;
  return { address, paged: next !== undefined, payouts: page.results, next: page.next, totalPaid };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  if (loaderData.address === null) {
    return (
      <section className="rounded-xl border border-line bg-surface-raised p-4">
        <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
        <SettingsPayoutsSearch coin={coin.ticker} page="payouts" intro={t('payouts.searchIntro')} />
      </section>
    );
  }
  const { address, payouts, next, paged, totalPaid } = loaderData;
  const base = `/${coin.ticker}/miner/payouts/${encodeURIComponent(address)}`;
  const pager = 'rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent';
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.payouts')}</h1>
      <div className="mt-1 mb-4 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="min-w-0 font-mono break-all text-ink-muted" title={address} dir="ltr">
          {truncateMiddle(address, 12, 12)}
        </span>
        <CopyButton value={address} label={address} />
        <LocaleLink to={`/${coin.ticker}/miner/stats/${encodeURIComponent(address)}`} className="text-accent hover:underline">
          {t('page.miner.stats')}
        </LocaleLink>
        <LocaleLink to={`/${coin.ticker}/miner/settings/${encodeURIComponent(address)}`} className="text-accent hover:underline">
          {t('page.miner.settings')}
        </LocaleLink>
      </div>
      {payouts === null ? (
        <p className="text-ink-muted">{t('payouts.unavailable')}</p>
      ) : (
        <>
          {payouts.length === 0 ? (
            <p className="text-ink-muted" data-testid="payouts-empty">
              {t('common.nothingFound')}
            </p>
          ) : (
            <PayoutsTable payouts={payouts} coin={coin} />
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
