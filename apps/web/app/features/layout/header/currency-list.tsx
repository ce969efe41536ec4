/**
 * The open list of the currency switch, in its own chunk: it loads when a visitor first points
 * at or focuses the switch, so a first visit does not download a list it may never open.
 * Focus lands on the current code; arrows, Home, End, a letter, Enter, Escape and Tab work.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useCurrency } from '~/currency/currency-context';
import { CURRENCY_SHORTLIST, currencyNamer, sortCurrencyCodes } from '~/currency/currency-codes';
import { CheckIcon } from './currency-icons';

export default function CurrencyList({
  listId,
  align,
  onChoose,
  onClose,
}: {
  listId: string;
  align: 'start' | 'end';
  onChoose: (code: string) => void;
  /** Escape (focus back to the button) or Tab (focus moves on). */
  onClose: (returnFocus: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { selected, rates, status } = useCurrency();
  const listRef = useRef<HTMLUListElement>(null);
  const codes = useMemo(() => sortCurrencyCodes(rates ? Object.keys(rates.fiat) : CURRENCY_SHORTLIST), [rates]);
  const nameOf = useMemo(() => currencyNamer(locale.iso), [locale.iso]);

  useEffect(() => {
    // On opening, focus lands on the current choice so the arrows move from there.
    const list = listRef.current;
    if (list)
      (list.querySelector<HTMLElement>('[aria-selected="true"]') ?? list.querySelector<HTMLElement>('[role="option"]'))?.focus();
  }, []);

  const focusOption = (list: HTMLUListElement, index: number) => {
    const options = list.querySelectorAll<HTMLElement>('[role="option"]');
    options[(index + options.length) % options.length]?.focus();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    const options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
    const index = options.indexOf(document.activeElement as HTMLElement);
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') focusOption(list, index + (key === 'ArrowDown' ? 1 : -1));
    else if (key === 'Home' || key === 'End') focusOption(list, key === 'Home' ? 0 : -1);
    else if (key === 'Enter' || key === ' ') {
      const code = options[index]?.dataset.code;
      if (code) onChoose(code);
    } else if (key === 'Escape') onClose(true);
    else if (key === 'Tab') {
      onClose(false);
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
              onClick={() => onChoose(code)}
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
  );
}
