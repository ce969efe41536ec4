import { useId, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { useT } from '~/i18n/use-t';
import { HeaderLinkItem } from './header-link';
import type { HeaderGroup } from './header-nav';
import { ChevronDownIcon } from './icons';

/** How a group came to be open: a hover closes on leave, a press stays until dismissed. */
export type OpenedBy = 'hover' | 'press';

interface NavDropdownProps {
  group: HeaderGroup;
  openedBy: OpenedBy | null;
  onOpen: (by: OpenedBy) => void;
  onClose: () => void;
}

function linksOf(panel: HTMLElement | null): HTMLAnchorElement[] {
  return panel ? Array.from(panel.querySelectorAll('a')) : [];
}

/**
 * A disclosure (button with aria-expanded + a list of links), not an ARIA menu: the links
 * stay plain links. Mouse: opens on hover, closes on leave. Touch and click: toggles. Keyboard:
 * Enter, Space or ArrowDown open and focus the first link; arrows move; Escape returns to the
 * button. Without JavaScript the panel stays closed and the footer carries the same links.
 */
export function NavDropdown({ group, openedBy, onOpen, onClose }: NavDropdownProps) {
  const t = useT();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const open = openedBy !== null;

  function openAndFocus(which: 'first' | 'last') {
    // The panel must be visible before a link inside it can take focus.
    flushSync(() => onOpen('press'));
    const links = linksOf(panelRef.current);
    (which === 'first' ? links[0] : links.at(-1))?.focus();
  }

  function closeToButton() {
    onClose();
    buttonRef.current?.focus();
  }

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType === 'mouse' && !open) onOpen('hover');
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType === 'mouse' && open) onClose();
  }

  function onButtonClick(event: MouseEvent) {
    // detail 0: the click came from Enter or Space.
    if (event.detail === 0) {
      if (open) onClose();
      else openAndFocus('first');
      return;
    }
    // A mouse click on a group that hover opened keeps it open instead of closing it under the pointer.
    if (openedBy === 'hover') onOpen('press');
    else if (open) onClose();
    else onOpen('press');
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onClose();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent) {
    const links = linksOf(panelRef.current);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % links.length,
      ArrowUp: (index - 1 + links.length) % links.length,
      Home: 0,
      End: links.length - 1,
    };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      links[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    }
  }

  return (
    <div
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={(event) => {
        // Tabbing out of the group closes it; focus moving to nothing (a click on padding) does not.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) onClose();
      }}
      data-testid={`header-group-${group.id}`}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 whitespace-nowrap text-sm font-medium text-ink-muted transition-colors hover:bg-line/60 hover:text-ink aria-expanded:bg-line/60 aria-expanded:text-ink"
      >
        {t(group.label)}
        <ChevronDownIcon
          className={`size-4 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        // Out of reach the moment it closes, though it takes 0.3 s to fade.
        inert={!open}
        onKeyDown={onPanelKeyDown}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) onClose();
        }}
        // Visibility flips at once on opening (so a link can take focus) and waits out the fade on closing.
        className={`absolute start-0 top-full z-50 pt-2 duration-300 motion-reduce:transition-none ${
          open
            ? 'visible translate-y-0 opacity-100 transition-[opacity,translate]'
            : 'invisible -translate-y-1 opacity-0 transition-[opacity,translate,visibility]'
        }`}
      >
        <ul className="w-72 rounded-xl border border-line bg-surface-raised p-1.5 shadow-lg shadow-ink/5">
          {group.links.map((link) => (
            <li key={link.label}>
              <HeaderLinkItem link={link} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
