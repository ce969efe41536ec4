/**
 * The mobile menu's full-screen modal `<dialog>` (mobile-menu.tsx owns the button and the open
 * state), in its own chunk: it loads when a visitor first reaches for the menu button, so a
 * first visit and the desktop never download it. Its content mounts only while open (so
 * nothing in it is duplicated in the page), Tab cycles inside it, Escape and the close button
 * close it and hand focus back to the menu button, the page behind does not scroll, and
 * widening the window to the desktop header closes it.
 */
import { useEffect, useEffectEvent, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { CurrencySwitch } from './currency-switch';
import { LanguageSwitch } from './language-switch';
import { useT } from '~/i18n/use-t';
import { ColorModeToggle } from '~/features/layout/color-mode-toggle';
import { Logo } from '~/features/layout/logo';
import { CoinTiles } from './coin-tiles';
import type { HeaderNav } from './header-nav';
import { CloseIcon } from './icons';
import { MenuSections } from './menu-sections';
import { ReferralLink } from './referral-link';

const FOCUSABLE =
  'a[href], button:not([disabled]), summary, input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
const DESKTOP = '(min-width: 1024px)';

/** What Tab can reach inside the dialog right now: not collapsed, not inert, not hidden. */
function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.checkVisibility({ visibilityProperty: true }),
  );
}

export default function MobileMenuDialog({
  id,
  nav,
  open,
  onClose,
  buttonRef,
}: {
  id: string;
  nav: HeaderNav;
  open: boolean;
  onClose: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const closeForDesktop = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const { documentElement: root, body } = document;
    const previous = [root.style.overflow, body.style.overflow] as const;
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    // Widening the window to the desktop header leaves nothing for the menu to do.
    const desktop = window.matchMedia(DESKTOP);
    const onChange = () => desktop.matches && closeForDesktop();
    desktop.addEventListener('change', onChange);
    return () => {
      [root.style.overflow, body.style.overflow] = previous;
      desktop.removeEventListener('change', onChange);
    };
  }, [open]);

  function onDialogClosed() {
    onClose();
    const active = document.activeElement;
    if (!active || active === document.body || dialogRef.current?.contains(active)) buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusables = focusablesIn(event.currentTarget);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onDialogClick(event: MouseEvent) {
    // An internal link closes at once; the navigation that follows would close it anyway.
    const link = (event.target as Element).closest('a');
    if (link && link.target !== '_blank') onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-modal="true"
      aria-label={t('header.menu.title')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onDialogClosed}
      onKeyDown={onKeyDown}
      onClick={onDialogClick}
      data-testid="mobile-menu"
      className="m-0 h-full max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-surface p-0 text-ink opacity-100 transition-opacity duration-300 backdrop:bg-transparent motion-reduce:transition-none starting:opacity-0"
    >
      {open ? (
        <div className="mx-auto flex min-h-full max-w-2xl flex-col">
          <div className="sticky top-0 z-10 flex h-16 items-center justify-between gap-3 border-b border-line bg-surface px-4">
            <Logo />
            <button
              ref={closeRef}
              type="button"
              aria-label={t('header.menu.close')}
              onClick={() => onClose()}
              data-testid="mobile-menu-close"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md transition-colors hover:bg-line/60"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex flex-col gap-6 px-4 pt-4 pb-10">
            <div className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-raised p-2">
              <ColorModeToggle />
              <CurrencySwitch />
              <div className="ms-auto">
                <LanguageSwitch helpTranslateUrl={nav.helpTranslateUrl ?? undefined} />
              </div>
            </div>
            <MenuSections groups={nav.groups} />
            {nav.referralUrl ? (
              <ReferralLink href={nav.referralUrl} className="justify-center border border-accent/40 py-3 text-base" />
            ) : null}
            <CoinTiles />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
