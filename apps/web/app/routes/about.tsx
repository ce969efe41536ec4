import { appContext } from '~/platform/context';
import { fetchPools } from '~/features/about/about-api.server';
import { CoinTable } from '~/features/about/coin-table';
import { PoolTotalsList, Unavailable } from '~/features/about/pool-figures';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { lookup, valueOr } from '~/data/api-lookup.server';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(appContext);
  // The page is mostly the pool's own description: without the live figures it still stands.
  const pools = valueOr(await lookup('about: pool list', () => fetchPools(api, config.enabled)), null);
  return { pools, coinCount: config.enabled.length };
}

/** `/about`: the pool, its coins and schemes with fees from config, and live totals from the API. */
export default function About({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { pools, coinCount } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.about.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('aboutPool.lead', { count: coinCount })}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('aboutPool.live')}</h2>
      {pools ? <PoolTotalsList totals={pools.totals} /> : <Unavailable />}
      <h2 className="mt-8 text-lg font-semibold">{t('aboutPool.coinsTitle')}</h2>
      {pools ? <CoinTable rows={pools.rows} /> : <Unavailable />}
      <p className="mt-4">
        <LocaleLink to="/articles/reward-schemes" className="text-accent hover:underline">
          {t('aboutPool.learnMore')}
        </LocaleLink>
      </p>
    </section>
  );
}
