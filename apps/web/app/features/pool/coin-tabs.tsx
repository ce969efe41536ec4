import type { Coin } from '@openpool/domain/coins';
import { localizePath } from '@openpool/domain/locales';
import { NavLink } from 'react-router';
import { useLocale } from '~/features/i18n/use-locale';
import { useT, type MessageId } from '~/features/i18n/use-t';

const TABS: ReadonlyArray<{ path: string; label: MessageId; topMinersOnly?: boolean }> = [
  { path: '', label: 'tabs.pool' },
  { path: '/pool-hashrate', label: 'tabs.poolHashrate' },
  { path: '/hashrate', label: 'tabs.hashrate' },
  { path: '/difficulty', label: 'tabs.difficulty' },
  { path: '/top-miners', label: 'tabs.topMiners', topMinersOnly: true },
  { path: '/about-coin', label: 'tabs.aboutCoin' },
];

/** The coin sub-pages; the tab whose path matches is highlighted (spec section 2, Coin pages). */
export function CoinTabs({ coin }: { coin: Coin }) {
  const t = useT();
  const locale = useLocale();
  return (
    <nav aria-label={t('tabs.label')} className="mb-6 overflow-x-auto border-b border-line">
      <ul className="flex gap-1 whitespace-nowrap">
        {TABS.filter((tab) => coin.hasTopMiners || !tab.topMinersOnly).map((tab) => (
          <li key={tab.path}>
            <NavLink
              end
              to={localizePath(`/${coin.ticker}${tab.path}`, locale.code)}
              className="inline-block border-b-2 border-transparent px-3 py-2 text-sm text-ink-muted hover:text-ink aria-[current=page]:border-accent aria-[current=page]:font-semibold aria-[current=page]:text-ink"
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
