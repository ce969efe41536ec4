import { lastSearchStorageKey } from '@openpool/domain/address';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '~/i18n/use-t';
import { useOpenMinerPage } from '~/shared/use-open-miner-page';

/**
 * The pool header's address search: an empty address does nothing;
 * otherwise it is trimmed, stored under `lastSearch:{coin}` and opens the stats page with
 * `source=search`. On every route change the box is refilled with the coin's last search.
 */
export function AddressSearch({ coin }: { coin: string }) {
  const t = useT();
  const openMinerPage = useOpenMinerPage(coin);
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (!input.current) return;
    try {
      input.current.value = localStorage.getItem(lastSearchStorageKey(coin)) ?? '';
    } catch {
      // Storage refused (privacy mode): the box simply starts empty.
    }
  }, [coin, location.key]);

  return (
    <form
      role="search"
      aria-label={t('pool.search.label')}
      className="flex w-full min-w-0 items-stretch gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        openMinerPage(input.current?.value ?? '', 'stats', '?source=search');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('pool.search.label')}
      </label>
      {/* The spec's placeholder does not fit a phone ('Enter your mining addres'): below 640 px it
          is hidden and the field's short name shows in its place while the field is empty. */}
      <span className="relative flex min-w-0 flex-1">
        <input
          ref={input}
          id={id}
          name="address"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('pool.search.placeholder')}
          className="peer min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm placeholder:font-sans placeholder:text-ink-muted focus:border-accent max-sm:placeholder:text-transparent"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 start-3 hidden items-center text-sm text-ink-muted max-sm:peer-placeholder-shown:flex"
        >
          {t('pool.search.label')}
        </span>
      </span>
      <button
        type="submit"
        className="shrink-0 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-ink hover:opacity-90"
      >
        {t('pool.search.submit')}
      </button>
    </form>
  );
}
