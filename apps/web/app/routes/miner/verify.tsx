import { sitePaths } from '@openpool/domain/paths';
import { appContext } from '~/platform/context';
import { useT } from '~/i18n/use-t';
import { MinerAddressBar } from '~/features/miner/miner-address-bar';
import { fetchVerifyPeriods } from '~/features/miner/verify-api.server';
import { VerifyView } from '~/features/miner/verify-view';
import { useCoin } from '~/features/pool/coin-context';
import { LocaleLink } from '~/shared/locale-link';
import { lookup, pageData } from '~/data/api-lookup.server';
import type { Route } from './+types/verify';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const periods = await lookup(`audit ${params.coin}`, () =>
    fetchVerifyPeriods(api, params.coin, params.address, Math.floor(Date.now() / 1000)),
  );
  if (periods.kind !== 'found') return pageData({ kind: periods.kind, address: params.address, periods: null });
  return pageData({ kind: periods.kind, address: params.address, periods: periods.value });
}

/**
 * `/{coin}/miner/verify/{address}` (decision 025): the miner's recent credits, each checked in
 * the browser against the pool's published audit records, and the command that checks any range.
 */
export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const { address, periods } = loaderData;
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.verify')}</h1>
      <MinerAddressBar coin={coin.ticker} address={address} current="verify" />
      <p className="mb-4 text-sm text-ink-muted">
        {t('verify.intro')}{' '}
        <LocaleLink to={sitePaths.article('provably-fair-accounting')} className="text-accent hover:underline">
          {t('verify.learnMore')}
        </LocaleLink>
      </p>
      {loaderData.kind === 'not-found' ? (
        <p className="text-ink-muted">{t('common.nothingFound')}</p>
      ) : periods === null ? (
        <p className="text-ink-muted" data-testid="verify-unavailable">
          {t('verify.unavailable')}
        </p>
      ) : (
        <VerifyView coin={coin.ticker} address={address} rows={periods.rows} to={periods.to} />
      )}
    </section>
  );
}
