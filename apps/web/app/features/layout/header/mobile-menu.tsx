import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '~/i18n/use-t';
import type { HeaderNav } from './header-nav';
import { ChunkBoundary, preloadableLazy } from '~/platform/preloadable-lazy';
import { MenuIcon } from './icons';

const { Component: MobileMenuDialog, prefetch: loadDialog } = preloadableLazy(() => import('./mobile-menu-dialog'));

/**
 * The mobile menu: the button below lg that opens the full-screen menu
 * (mobile-menu-dialog.tsx). The dialog's code loads as soon as a finger or pointer reaches the
 * button, and stays mounted after the first opening; any navigation closes the menu.
 */
export function MobileMenu({ nav }: { nav: HeaderNav }) {
  const t = useT();
  const location = useLocation();
  const dialogId = useId();
  // Kept with the location it was opened at, so a navigation closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={mounted ? dialogId : undefined}
        aria-label={t('header.menu.open')}
        onPointerDown={() => loadDialog()}
        onFocus={() => loadDialog()}
        onClick={() => {
          loadDialog();
          setMounted(true);
          setOpenAt(location.key);
        }}
        data-testid="mobile-menu-button"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink transition-colors hover:bg-line/60 lg:hidden"
      >
        <MenuIcon />
      </button>
      {mounted ? (
        <ChunkBoundary
          onError={() => {
            setOpenAt(null);
            setMounted(false);
          }}
        >
          <MobileMenuDialog id={dialogId} nav={nav} open={open} onClose={() => setOpenAt(null)} buttonRef={buttonRef} />
        </ChunkBoundary>
      ) : null}
    </>
  );
}
