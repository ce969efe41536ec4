/**
 * The display-currency switch: a button that opens a listbox of the
 * codes the rates know, shortlist first. Choosing a code selects it and closes the list;
 * Escape, Tab away and a click outside close it too. Without rates it stays on the stored
 * code, inert, and says why.
 */
import { useId, useRef, useState } from 'react';
import { useT } from '~/i18n/use-t';
import { ChunkBoundary, preloadableLazy } from '~/platform/preloadable-lazy';
import { useCurrency } from '~/currency/currency-context';
import { ChevronIcon, UnavailableIcon } from './currency-icons';
import { useDismiss } from './use-dismiss';

const { Component: CurrencyList, prefetch: loadList } = preloadableLazy(() => import('./currency-list'));

/** The list's width in px (w-64), to decide which edge it can hang from without leaving the screen. */
const LIST_WIDTH = 256;

export function CurrencySwitch() {
  const t = useT();
  const { selected, select, status } = useCurrency();
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<'start' | 'end'>('end');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const noteId = useId();
  const unavailable = status === 'failed';

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  useDismiss(rootRef, open, () => close(false));

  const openList = () => {
    if (unavailable) return;
    loadList();
    const root = rootRef.current;
    if (root) {
      // Hang the list from the button's end edge unless that would push it off the screen.
      const box = root.getBoundingClientRect();
      const rtl = getComputedStyle(root).direction === 'rtl';
      const fitsEnd = rtl ? box.left + LIST_WIDTH <= window.innerWidth - 8 : box.right - LIST_WIDTH >= 8;
      setAlign(fitsEnd ? 'end' : 'start');
    }
    setOpen(true);
  };

  const choose = (code: string) => {
    select(code);
    close(true);
  };

  return (
    <div ref={rootRef} className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        data-testid="currency-switch"
        data-status={status}
        aria-label={t('currency.button', { code: selected })}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-disabled={unavailable || undefined}
        aria-describedby={unavailable ? noteId : undefined}
        title={unavailable ? t('currency.unavailable') : undefined}
        onPointerEnter={() => loadList()}
        onFocus={() => loadList()}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            openList();
          } else if (event.key === 'Escape' && open) close(true);
        }}
        className={`inline-flex h-9 items-center gap-1 rounded-md border border-line px-2.5 text-sm font-semibold text-ink transition-colors hover:bg-surface focus-visible:bg-surface aria-disabled:cursor-not-allowed aria-disabled:text-ink-muted aria-disabled:hover:bg-transparent ${open ? 'bg-surface' : ''}`}
      >
        {/* A fixed box: every code is three letters, but not of one width; the button must not jump. */}
        <span className="inline-block w-[2.6em] text-center">{selected}</span>
        {unavailable ? <UnavailableIcon /> : <ChevronIcon open={open} />}
      </button>
      {unavailable ? (
        <span id={noteId} className="sr-only">
          {t('currency.unavailable')}
        </span>
      ) : null}
      {open ? (
        <ChunkBoundary onError={() => setOpen(false)}>
          <CurrencyList listId={listId} align={align} onChoose={choose} onClose={close} />
        </ChunkBoundary>
      ) : null}
    </div>
  );
}
