/**
 * The strip of coin icons above the header and in the footer (decision
 * 005): one link per coin of the configured group that is also enabled, in config order.
 */
import type { CSSProperties } from 'react';
import { COINS, isCoinTicker, type Coin } from '@openpool/domain/coins';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { useSiteSettings, type SiteSettings } from '~/platform/site-settings';

export function stripCoins(settings: Pick<SiteSettings, 'iconStripCoins' | 'enabledCoins'> | undefined): Coin[] {
  if (!settings) return [];
  return settings.iconStripCoins
    .filter((ticker) => isCoinTicker(ticker) && settings.enabledCoins.includes(ticker))
    .map((ticker) => COINS[ticker as Coin['ticker']]);
}

/** The coin's mark (`.coin-dot` in app.css): a disc in its colour with a lighter ring. */
export function CoinDot({ color, className = 'size-3' }: { color: string; className?: string }) {
  return <span aria-hidden="true" className={`coin-dot ${className}`} style={{ '--coin': color } as CSSProperties} />;
}

const LINK = 'strip-link';

export function CoinStrip({ placement }: { placement: 'top' | 'footer' }) {
  const t = useT();
  const coins = stripCoins(useSiteSettings());
  if (coins.length === 0) return null;

  const items = coins.map((coin) => (
    <li key={coin.ticker} className="shrink-0">
      <LocaleLink
        to={`/${coin.ticker}`}
        className={LINK}
        aria-label={t('strip.coin', { name: coin.name, ticker: coin.ticker.toUpperCase() })}
      >
        <CoinDot color={coin.color} />
        <span>{coin.ticker.toUpperCase()}</span>
      </LocaleLink>
    </li>
  ));

  if (placement === 'footer') {
    return (
      <ul aria-label={t('strip.label')} className="flex flex-wrap justify-center gap-1" data-testid="coin-strip-footer">
        {items}
      </ul>
    );
  }
  // Below xl the row scrolls sideways without a scrollbar, its edges fading to say so; `w-max
  // mx-auto` centres it when it fits, and scrolling starts at the inline start (the right in
  // right-to-left pages). From xl on it wraps, centred.
  return (
    <nav
      aria-label={t('strip.label')}
      className="border-b border-line bg-surface-raised print:hidden"
      data-testid="coin-strip-top"
    >
      <div className="overflow-x-auto overscroll-x-contain [mask-image:linear-gradient(to_right,transparent,#000_1rem,#000_calc(100%-1rem),transparent)] [scrollbar-width:none] xl:[mask-image:none] [&::-webkit-scrollbar]:hidden">
        <ul className="mx-auto flex w-max gap-0.5 px-4 py-1 xl:w-auto xl:flex-wrap xl:justify-center xl:gap-0 xl:px-2">
          {items}
        </ul>
      </div>
    </nav>
  );
}
