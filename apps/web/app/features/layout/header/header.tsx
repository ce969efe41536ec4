import { CurrencySwitch } from './currency-switch';
import { LanguageSwitch } from './language-switch';
import { ColorModeToggle } from '~/features/layout/color-mode-toggle';
import { Logo } from '~/features/layout/logo';
import { DesktopNav } from './desktop-nav';
import { useHeaderNav } from './header-nav';
import { MobileMenu } from './mobile-menu';

/**
 * The header: logo, the three groups and the referral entry, then the display
 * switches. From lg up they sit in the bar; below lg a button opens them in the mobile menu.
 */
export function Header() {
  const nav = useHeaderNav();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface-raised">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 lg:gap-6">
        <Logo />
        <DesktopNav nav={nav} />
        <div className="ms-auto hidden items-center gap-1 lg:flex">
          <CurrencySwitch />
          <LanguageSwitch helpTranslateUrl={nav.helpTranslateUrl ?? undefined} />
          <ColorModeToggle />
        </div>
        <div className="ms-auto lg:hidden">
          <MobileMenu nav={nav} />
        </div>
      </div>
    </header>
  );
}
