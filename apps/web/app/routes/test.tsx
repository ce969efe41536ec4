import { parseSearchInput, resolveSearch, type SearchOutcome } from '@openpool/domain/address-format';
import { COINS, isCoinTicker } from '@openpool/domain/coins';
import { Form } from 'react-router';
import { appContext } from '~/platform/context';
import { ConnectionWatch } from '~/features/conn-test/connection-watch';
import { useT } from '~/i18n/use-t';
import { SearchProblem } from '~/shared/search-problem';
import type { Route } from './+types/test';

const MAX_FIELD = 128;
type Invalid = Extract<SearchOutcome, { kind: 'invalid' }>;

export function loader({ url, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const coins = config.enabled.filter(isCoinTicker).map((ticker) => ({ ticker, name: COINS[ticker].name }));
  const coin = url.searchParams.get('coin') ?? '';
  const typed = (url.searchParams.get('address') ?? '').slice(0, MAX_FIELD);
  // The address as the search takes it (decision 027): a pasted login gives the worker too.
  const login = parseSearchInput(typed);
  const address = login?.address ?? '';
  const worker = (url.searchParams.get('worker') ?? '').trim().slice(0, MAX_FIELD) || (login?.worker ?? '');
  const known = coins.find((c) => c.ticker === coin)?.ticker;
  // An address that cannot be the coin's is said so at once: the check would wait forever.
  const outcome = known && address ? resolveSearch(address, known, config.enabled) : null;
  const problem: Invalid | null = outcome?.kind === 'invalid' ? outcome : null;
  const check = known && address && !problem ? { coin: known, address, worker } : null;
  return { coins, check, problem, defaults: { coin: known ?? 'ltc', address: address || typed.trim(), worker } };
}

/** `/test`: a live connection check; the form's values live in the URL. */
export default function ConnectionTest({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { coins, check, problem, defaults } = loaderData;
  const field = 'mt-1 w-full rounded-md border border-line bg-surface-raised px-3 py-2';
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.test.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('connTest.lead')}</p>
      <Form
        method="get"
        className="mt-5 grid max-w-3xl gap-3 sm:grid-cols-[10rem_1fr_12rem_auto] sm:items-end"
        data-testid="conn-form"
      >
        <label className="text-sm">
          {t('connTest.coin')}
          <select name="coin" defaultValue={defaults.coin} className={field}>
            {coins.map((coin) => (
              <option key={coin.ticker} value={coin.ticker}>
                {coin.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t('connTest.address')}
          <input
            name="address"
            required
            maxLength={MAX_FIELD}
            defaultValue={defaults.address}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'conn-address-problem' : undefined}
            dir="ltr"
            className={field}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className="text-sm">
          {t('connTest.worker')}
          <input
            name="worker"
            maxLength={MAX_FIELD}
            defaultValue={defaults.worker}
            dir="ltr"
            className={field}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink">
          {t('connTest.start')}
        </button>
      </Form>
      {problem ? (
        <div className="max-w-3xl">
          <SearchProblem
            outcome={problem}
            id="conn-address-problem"
            hrefFor={(other) => `/test?${new URLSearchParams({ coin: other, address: problem.input, worker: defaults.worker })}`}
          />
        </div>
      ) : null}
      {check ? <ConnectionWatch key={`${check.coin}/${check.address}/${check.worker}`} {...check} /> : null}
    </section>
  );
}
