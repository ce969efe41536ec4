import type { Coin } from '@openpool/domain/coins';
import { localizePath } from '@openpool/domain/locales';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useLocale } from '~/i18n/use-locale';
import { useT, type MessageId } from '~/i18n/use-t';

const TABS: ReadonlyArray<{ path: string; label: MessageId; topMinersOnly?: boolean }> = [
  { path: '', label: 'tabs.pool' },
  { path: '/pool-hashrate', label: 'tabs.poolHashrate' },
  { path: '/hashrate', label: 'tabs.hashrate' },
  { path: '/difficulty', label: 'tabs.difficulty' },
  { path: '/top-miners', label: 'tabs.topMiners', topMinersOnly: true },
  { path: '/blocks', label: 'tabs.blocks' },
  { path: '/about-coin', label: 'tabs.aboutCoin' },
];

/**
 * The coin sub-pages; the tab whose path matches is highlighted. On
 * a phone the tabs scroll sideways, a shadow at the edge says more are there, and the current
 * one is brought into view (once three fitted at 375 px, the rest gave no sign).
 */
export function CoinTabs({ coin }: { coin: Coin }) {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = nav.current;
    const current = box?.querySelector('[aria-current="page"]');
    if (!box || !current) return;
    const outer = box.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left < outer.left || tab.right > outer.right)
      box.scrollLeft += tab.left + tab.width / 2 - (outer.left + outer.width / 2);
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label={t('tabs.label')}
      className="scroll-cue mb-6 border-b border-line [--scroll-bg:var(--color-surface)]"
    >
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
