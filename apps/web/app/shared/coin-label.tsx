import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';

/**
 * A coin's availability label of the site config, 'Coming soon' or 'New',
 * wherever the coin is named as a pool: its home card, its coin page and the menu's tiles.
 * Nothing for a coin without one.
 */
export function CoinLabel({ ticker, className = '' }: { ticker: string; className?: string }) {
  const t = useT();
  const label = useSiteSettings()?.coinLabels[ticker];
  if (!label) return null;
  return (
    <span
      className={`shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink ${className}`}
      data-testid={`coin-label-${ticker}`}
    >
      {t(label === 'new' ? 'pool.label.new' : 'pool.label.coming_soon')}
    </span>
  );
}
