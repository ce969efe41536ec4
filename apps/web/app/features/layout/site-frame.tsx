import type { ReactNode } from 'react';
import { LanguageSwitch } from '~/features/i18n/language-switch';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT } from '~/features/i18n/use-t';
import { useSiteSettings } from '~/shared/site-settings';

/**
 * The frame around every page. The full header, menus and footer of spec section 2 are the
 * next issue's; this is the working skeleton they extend.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const settings = useSiteSettings();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-surface-raised focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-line bg-surface-raised">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <LocaleLink to="/" className="text-lg font-bold tracking-tight">
            {t('site.name')}
          </LocaleLink>
          <nav aria-label={t('nav.home')} className="flex items-center gap-1 text-sm sm:gap-3">
            <LocaleLink to="/articles" className="hidden rounded-md px-2 py-1 hover:bg-line sm:inline">
              {t('nav.knowledgeBase')}
            </LocaleLink>
            <LocaleLink to="/compare-mining-pools" className="hidden rounded-md px-2 py-1 hover:bg-line md:inline">
              {t('nav.comparePools')}
            </LocaleLink>
            {settings ? <LanguageSwitch helpTranslateUrl={settings.links.help_translate} /> : null}
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="border-t border-line py-6 text-center text-sm text-ink-muted">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
