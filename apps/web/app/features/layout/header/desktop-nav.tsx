import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '~/i18n/use-t';
import type { HeaderGroup, HeaderNav } from './header-nav';
import { NavDropdown, type OpenedBy } from './nav-dropdown';
import { ReferralLink } from './referral-link';

/** Kept with the page it was opened on, so a navigation closes it without an effect. */
type OpenGroup = { id: HeaderGroup['id']; by: OpenedBy; pathname: string } | null;

/** The groups of the desktop header (lg and up): one open at a time, dismissed by a click outside or Escape. */
export function DesktopNav({ nav }: { nav: HeaderNav }) {
  const t = useT();
  const [openState, setOpenGroup] = useState<OpenGroup>(null);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const openGroup = openState?.pathname === pathname ? openState : null;

  useEffect(() => {
    if (!openGroup) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    // Escape inside a group is handled there (it also moves focus); this covers a hover-opened one.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setOpenGroup(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openGroup]);

  return (
    <nav ref={navRef} aria-label={t('header.navLabel')} className="hidden items-center gap-1 lg:flex">
      {nav.groups.map((group) => (
        <NavDropdown
          key={group.id}
          group={group}
          openedBy={openGroup?.id === group.id ? openGroup.by : null}
          onOpen={(by) => setOpenGroup({ id: group.id, by, pathname })}
          onClose={() => setOpenGroup((current) => (current?.id === group.id ? null : current))}
        />
      ))}
      {nav.referralUrl ? <ReferralLink href={nav.referralUrl} className="ms-1 xl:ms-2" iconBelowXl /> : null}
    </nav>
  );
}
