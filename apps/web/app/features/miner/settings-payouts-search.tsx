import { lastSearchStorageKey } from '@openpool/domain/address';
import type { SearchOutcome } from '@openpool/domain/address-format';
import type { CoinTicker } from '@openpool/domain/coins';
import { useId, useState } from 'react';
import { useT } from '~/i18n/use-t';
import { SearchProblem } from '~/shared/search-problem';
import { prefetchAddressRules, useOpenMinerPage } from '~/shared/use-open-miner-page';
import { useStoredValue } from '~/shared/use-stored-value';

/** The query parameter the form sends before hydration; the route's loader redirects on it. */
export const LOOKUP_PARAM = 'lookup';

/**
 * The payouts and settings pages without an address: the pool header's
 * search, prefilled with the coin's last searched address, that opens this same page for the
 * address instead of the stats page. A GET form, so it works before hydration too.
 */
export function SettingsPayoutsSearch({ coin, page, intro }: { coin: CoinTicker; page: 'payouts' | 'settings'; intro: string }) {
  const t = useT();
  const openMinerPage = useOpenMinerPage(coin);
  const lastSearch = useStoredValue(lastSearchStorageKey(coin));
  const id = useId();
  const [problem, setProblem] = useState<Extract<SearchOutcome, { kind: 'invalid' }> | null>(null);

  return (
    <form
      role="search"
      // Distinct from the pool header's search on the same page (two unnamed search landmarks).
      aria-label={intro}
      method="get"
      className="flex w-full min-w-0 flex-col gap-3"
      data-testid={`${page}-search`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = new FormData(form).get(LOOKUP_PARAM);
        void openMinerPage(typeof input === 'string' ? input : '', page).then(
          (outcome) => setProblem(outcome.kind === 'invalid' ? outcome : null),
          // The rules could not be downloaded (offline): the form goes to the server, which applies them.
          () => form.submit(),
        );
      }}
      onFocus={prefetchAddressRules}
    >
      <label htmlFor={id} className="text-ink-muted">
        {intro}
      </label>
      <div className="flex min-w-0 items-stretch gap-2">
        <input
          // The stored address arrives after hydration: a new key refills the box with it.
          key={lastSearch ?? ''}
          defaultValue={lastSearch ?? ''}
          id={id}
          name={LOOKUP_PARAM}
          type="search"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onInput={() => setProblem(null)}
          placeholder={t('pool.search.placeholder')}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm placeholder:font-sans placeholder:text-ink-muted focus:border-accent"
        />
        <button
          type="submit"
          className="shrink-0 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-ink hover:opacity-90"
        >
          {t('pool.search.submit')}
        </button>
      </div>
      {problem ? <SearchProblem outcome={problem} page={page} id={`${id}-problem`} /> : null}
    </form>
  );
}
