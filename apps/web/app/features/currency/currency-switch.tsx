/**
 * The display-currency switch (spec sections 2 and 4): a button that opens a listbox of the
 * codes the rates know, shortlist first. Choosing a code selects it and closes the list;
 * Escape, Tab away and a click outside close it too. Without rates it stays on the stored
 * code, inert, and says why.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';
import { useCurrency } from './currency-context';
import { CURRENCY_SHORTLIST, currencyNamer, sortCurrencyCodes } from './currency-codes';
import { CheckIcon, ChevronIcon, UnavailableIcon } from './currency-icons';
import { useDismiss } from './use-dismiss';

/** The list's width in px (w-64), to decide which edge it can hang from without leaving the screen. */
const LIST_WIDTH = 256;

export function CurrencySwitch() {
  const t = useT();
  const locale = useLocale();
  const { selected, select, rates, status } = useCurrency();
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<'start' | 'end'>('end');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const noteId = useId();
  const unavailable = status === 'failed';
  const codes = useMemo(() => sortCurrencyCodes(rates ? Object.keys(rates.fiat) : CURRENCY_SHORTLIST), [rates]);
  const nameOf = useMemo(() => currencyNamer(locale.iso), [locale.iso]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  useDismiss(rootRef, open, () => close(false));

  const focusOption = (list: HTMLUListElement, index: number) => {
    const options = list.querySelectorAll<HTMLElement>('[role="option"]');
    options[(index + options.length) % options.length]?.focus();
  };

  const openList = () => {
    if (unavailable) return;
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

  useEffect(() => {
    // On opening, focus lands on the current choice so the arrows move from there.
    const list = listRef.current;
    if (open && list)
      (list.querySelector<HTMLElement>('[aria-selected="true"]') ?? list.querySelector<HTMLElement>('[role="option"]'))?.focus();
  }, [open]);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    const options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
    const index = options.indexOf(document.activeElement as HTMLElement);
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') focusOption(list, index + (key === 'ArrowDown' ? 1 : -1));
    else if (key === 'Home' || key === 'End') focusOption(list, key === 'Home' ? 0 : -1);
    else if (key === 'Enter' || key === ' ') {
      const code = options[index]?.dataset.code;
      if (code) choose(code);
    } else if (key === 'Escape') close(true);
    else if (key === 'Tab') {
      setOpen(false);
      return; // Tab still moves focus on.
    } else if (/^[a-z]$/i.test(key)) {
      // Type-ahead: the next code starting with the letter typed.
      const letter = key.toUpperCase();
      const order = [...options.slice(index + 1), ...options.slice(0, index + 1)];
      order.find((option) => option.dataset.code?.startsWith(letter))?.focus();
    } else return;
    event.preventDefault();
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
        <div
          className={`absolute top-full z-50 mt-2 w-64 overflow-hidden rounded-lg border border-line bg-surface-raised shadow-lg transition-[opacity,translate] duration-300 starting:-translate-y-1 starting:opacity-0 motion-reduce:transition-none ${align === 'end' ? 'end-0' : 'start-0'}`}
        >
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('currency.listLabel')}
            onKeyDown={onListKeyDown}
            className="max-h-[min(20rem,60vh)] overflow-y-auto overscroll-contain py-1"
          >
            {codes.map((code) => {
              const name = nameOf(code);
              const isSelected = code === selected;
              const lastOfShortlist = code === CURRENCY_SHORTLIST.at(-1) && codes.length > CURRENCY_SHORTLIST.length;
              return (
                <li
                  key={code}
                  role="option"
                  aria-selected={isSelected}
                  tabIndex={-1}
                  data-code={code}
                  onClick={() => choose(code)}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm outline-none hover:bg-surface focus:bg-surface focus-visible:outline-2 focus-visible:-outline-offset-2 ${lastOfShortlist ? 'mb-1 border-b border-line pb-3' : ''}`}
                >
                  <span className={`w-10 shrink-0 font-semibold ${isSelected ? 'text-accent' : ''}`}>{code}</span>
                  <span className="min-w-0 flex-1 truncate text-ink-muted">{name && name !== code ? name : ''}</span>
                  {isSelected ? <CheckIcon /> : null}
                </li>
              );
            })}
          </ul>
          {status === 'loading' || status === 'idle' ? (
            <p className="border-t border-line px-3 py-2 text-xs text-ink-muted" role="status">
              {t('currency.loading')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
