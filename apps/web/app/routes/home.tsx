import { COINS } from '@openpool/domain/coins';
import { redirectRootToDetectedLocale } from '~/features/i18n/detect-locale.server';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';
import { appContext } from '~/context';
import type { Route } from './+types/home';

export function loader({ request, context }: Route.LoaderArgs) {
  redirectRootToDetectedLocale(request);
  return { coins: context.get(appContext).config.enabled.map((ticker) => ({ ticker, name: COINS[ticker].name })) };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // The unprefixed home answers by cookie and Accept-Language; caches must key on them.
  return loaderHeaders.get('Vary') ? loaderHeaders : { Vary: 'Cookie, Accept-Language' };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <PendingPage title={t('page.home.title')}>
      <p className="mt-2 text-ink-muted">{t('page.home.intro', { count: loaderData.coins.length })}</p>
      <ul className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="coin-list">
        {loaderData.coins.map((coin) => (
          <li key={coin.ticker}>
            <LocaleLink
              to={`/${coin.ticker}`}
              className="flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 py-2 hover:border-accent"
            >
              <span className="font-semibold uppercase">{coin.ticker}</span>
              <span className="truncate text-sm text-ink-muted">{coin.name}</span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </PendingPage>
  );
}
