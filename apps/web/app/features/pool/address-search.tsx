import { lastSearchStorageKey } from '@openpool/domain/address';
import type { SearchOutcome } from '@openpool/domain/address-format';
import type { CoinTicker } from '@openpool/domain/coins';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '~/i18n/use-t';
import { SearchProblem } from '~/shared/search-problem';
import { prefetchAddressRules, useOpenMinerPage } from '~/shared/use-open-miner-page';

type Invalid = Extract<SearchOutcome, { kind: 'invalid' }>;

/**
 * The address search of the pool header (`coin` given) and the home page (`coin` null, the
 * address's format picks the coin). What a miner pastes is forgiven (decision 027): spaces,
 * `ADDRESS.WORKER`, `ADDRESS/WORKER`, a stratum URL; a wrong address is not sent to a page
 * that would only say "Nothing found" but answered here, with the pools whose format it has.
 * A GET form, so before hydration the server's loader applies the same rules (`initial`).
 * On every route change a coin's box is refilled with the coin's last search.
 */
export function AddressSearch({ coin, initial = null }: { coin: CoinTicker | null; initial?: Invalid | null }) {
  const t = useT();
  const openMinerPage = useOpenMinerPage(coin);
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // A problem the browser found belongs to the page it was found on; a new page shows its own.
  const [found, setFound] = useState<{ key: string; problem: Invalid | null } | null>(null);
  const problem = found?.key === location.key ? found.problem : initial;
  const setProblem = (next: Invalid | null) => setFound({ key: location.key, problem: next });

  useEffect(() => {
    if (!input.current || !coin) return;
    try {
      input.current.value = initial?.input ?? localStorage.getItem(lastSearchStorageKey(coin)) ?? '';
    } catch {
      // Storage refused (privacy mode): the box simply starts empty.
    }
  }, [coin, location.key, initial]);

  return (
    <form
      role="search"
      aria-label={t('pool.search.label')}
      method="get"
      className="w-full min-w-0"
      data-testid={coin ? 'address-search' : 'home-search'}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void openMinerPage(input.current?.value ?? '', 'stats', '?source=search').then(
          (outcome) => setProblem(outcome.kind === 'invalid' ? outcome : null),
          // The rules could not be downloaded (offline): the form goes to the server, which applies them.
          () => form.submit(),
        );
      }}
      onFocus={prefetchAddressRules}
    >
      <div className="flex w-full min-w-0 items-stretch gap-2">
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
            defaultValue={initial?.input}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onInput={() => setProblem(null)}
            placeholder={t('pool.search.placeholder')}
            // An address reads left to right in every language: in fa a pasted address showed its
            // end, right-aligned, with its start (what a miner checks) cut off. The placeholder keeps
            // the page's side.
            dir="ltr"
            className="peer min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm placeholder:font-sans placeholder:text-ink-muted focus:border-accent max-sm:placeholder:text-transparent rtl:placeholder:text-right"
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
      </div>
      {problem ? <SearchProblem outcome={problem} id={`${id}-problem`} /> : null}
    </form>
  );
}
