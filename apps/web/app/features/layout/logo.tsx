import { getCoin, type Coin } from '@openpool/domain/coins';
import { splitLocalePath } from '@openpool/domain/locales';
import { useLocation, useMatches } from 'react-router';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { TickerBadge } from './header/ticker-badge';

/** The coin route's id is `coin`, or `coin.{locale}` under a prefix (routes.ts). */
const COIN_ROUTE_ID = /^coin(?:\.[a-z-]+)?$/;

/**
 * The coin of the page, if it is a coin page: the first path segment after the locale, when it
 * is a public coin, or a private one whose coin route has loaded. An unsupported ticker is a
 * 404, which gets the generic logo.
 */
export function useCurrentCoin(): Coin | undefined {
  const { pathname } = useLocation();
  const matches = useMatches();
  const settings = useSiteSettings();
  const segment = splitLocalePath(pathname).rest.split('/')[1] ?? '';
  const coin = getCoin(segment);
  if (!coin) return undefined;
  if (settings?.enabledCoins.includes(coin.ticker)) return coin;
  const loaded = matches.some((match) => COIN_ROUTE_ID.test(match.id) && match.loaderData !== undefined);
  return loaded ? coin : undefined;
}

/** The pool's mark: a mined block, drawn in the theme's accent so it holds in both modes. */
function PoolMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M16 6.5 24.5 11v10L16 25.5 7.5 21V11z" className="fill-accent-ink" opacity="0.28" />
      <path d="M16 6.5 24.5 11 16 15.5 7.5 11z" className="fill-accent-ink" />
      <path d="M16 15.5v10L7.5 21V11z" className="fill-accent-ink" opacity="0.6" />
    </svg>
  );
}

/**
 * The header's logo: the coin's ticker badge on coin pages, the generic pool logo
 * elsewhere; either way it links home in the page's language.
 */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const coin = useCurrentCoin();
  return (
    <LocaleLink
      to="/"
      onClick={onNavigate}
      className="inline-flex min-w-0 shrink-0 items-center gap-2 rounded-md text-lg font-extrabold tracking-tight text-ink"
      data-testid="logo"
      data-coin={coin?.ticker}
    >
      {coin ? <TickerBadge coin={coin} className="min-w-11 px-2 py-1.5 text-sm" /> : <PoolMark />}
      <span>{t('site.name')}</span>
    </LocaleLink>
  );
}
