import { getCoin } from '@openpool/domain/coins';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { CoinLabel } from '~/shared/coin-label';
import { useSiteSettings } from '~/platform/site-settings';
import { TickerBadge } from './ticker-badge';

/** Every public coin as a tile of the mobile menu, linking to its pool page in the page's language. */
export function CoinTiles() {
  const t = useT();
  const settings = useSiteSettings();
  const coins = (settings?.enabledCoins ?? []).flatMap((ticker) => getCoin(ticker) ?? []);
  if (coins.length === 0) return null;
  return (
    <section aria-labelledby="mobile-menu-pools">
      <h2 id="mobile-menu-pools" className="mb-3 text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {t('nav.pools')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4" data-testid="menu-coin-tiles">
        {coins.map((coin) => (
          <li key={coin.ticker}>
            <LocaleLink
              to={`/${coin.ticker}`}
              className="flex min-w-0 items-center gap-2 rounded-lg border border-line bg-surface-raised p-2 transition-colors hover:border-accent"
            >
              <TickerBadge coin={coin} className="min-w-12 shrink-0" />
              {/* Coin names are Latin-script proper nouns: cut at their end in right-to-left pages too. */}
              <span dir="ltr" className="min-w-0 truncate text-sm text-ink">
                {coin.name}
              </span>
              <CoinLabel ticker={coin.ticker} className="ms-auto" />
            </LocaleLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
