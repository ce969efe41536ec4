import { badgeTextColor, type Coin } from '@openpool/domain/coins';

/** The upper-case ticker on the coin's colour, in whichever text colour reads best on it. */
export function TickerBadge({ coin, className = '' }: { coin: Pick<Coin, 'ticker' | 'color'>; className?: string }) {
  return (
    <span
      className={`inline-flex items-center justify-center rounded-md px-1.5 py-0.5 text-xs leading-4 font-bold tracking-wide ${className}`}
      style={{ backgroundColor: coin.color, color: badgeTextColor(coin.color) }}
    >
      {coin.ticker.toUpperCase()}
    </span>
  );
}
