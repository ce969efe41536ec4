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
      {/* One column below 360 px: two left a 320 px phone some 70 px for a name ('Ethereum …'). */}
      <ul className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3 md:grid-cols-4" data-testid="menu-coin-tiles">
        {coins.map((coin) => (
          <li key={coin.ticker}>
            <LocaleLink
              to={`/${coin.ticker}`}
              className="flex min-w-0 items-center gap-2 rounded-lg border border-line bg-surface-raised p-2 transition-colors hover:border-accent"
            >
              <TickerBadge coin={coin} className="min-w-12 shrink-0" />
              {/* Whole (two lines if need be), never cut: Latin-script proper nouns, so left to right
                  in right-to-left pages too. */}
              <span dir="ltr" className="min-w-0 text-sm leading-tight text-ink">
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
