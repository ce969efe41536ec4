import type { ReactNode } from 'react';
import { CurrencyProvider } from '~/currency/currency-context';
import { useT } from '~/i18n/use-t';
import { Integrations } from '~/platform/telemetry/integrations';
import { ProfileProvider } from '~/platform/profile';
import { AlertBanner } from './alert-banner';
import { CoinStrip } from './coin-strip';
import { Header } from './header/header';
import { LoadingBar } from './loading-bar';
import { OfflineIndicator } from './offline-indicator';
import { ScrollToTop } from './scroll-to-top';
import { TelegramButton } from './telegram-button';
import { island } from '~/shared/island';

// Below every page's content, so no first visit needs its code until the visitor scrolls near it
// (decision 037).
const Footer = island('footer', () => import('./footer').then((m) => ({ default: m.Footer })));

/** The frame around every page (layout, header, footer, page-level feedback; decision 005). */
export function SiteFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <ProfileProvider>
      <CurrencyProvider>
        {/* Below 1400 px the scroll-to-top button stands in a 3.5 rem bar at the window's bottom:
            the page's end is kept clear of it (scroll-to-top.tsx). */}
        <div className="flex min-h-screen flex-col max-[1399px]:pb-14">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface-raised focus:px-3 focus:py-2"
          >
            {t('nav.skipToContent')}
          </a>
          <LoadingBar />
          <CoinStrip placement="top" />
          <AlertBanner />
          <Header />
          <OfflineIndicator />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
            {children}
          </main>
          {/* The floating buttons: inside a landmark like all content, outside main; before the
              footer, where the Telegram button stands when the page has no margin to float it in. */}
          <aside>
            <ScrollToTop />
            <TelegramButton />
          </aside>
          <Footer />
          <Integrations />
        </div>
      </CurrencyProvider>
    </ProfileProvider>
  );
}
