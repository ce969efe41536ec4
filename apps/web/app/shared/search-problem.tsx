import type { AddressProblem, SearchOutcome } from '@openpool/domain/address-format';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { useT, type MessageId, type MessageValues } from '~/i18n/use-t';
import { useLocale } from '~/i18n/use-locale';
import { LocaleLink } from './locale-link';
import { searchTarget } from './use-open-miner-page';

type T = (id: MessageId, values?: MessageValues) => string;
type Invalid = Extract<SearchOutcome, { kind: 'invalid' }>;

/** The words for what is wrong with an address (decision 027); `coin` names whose format it breaks. */
export function problemText(t: T, problem: AddressProblem, coin: string, listFormat: (items: string[]) => string): string {
  switch (problem.kind) {
    case 'empty':
      return t('validation.required');
    case 'spaces':
      return t('search.problem.spaces');
    case 'too-long':
      return t('search.problem.tooLong', { max: problem.max });
    case 'prefix':
      return t('search.problem.prefix', { coin, prefixes: listFormat(problem.prefixes.map((prefix) => `${prefix}…`)) });
    case 'length':
      return problem.min === problem.max
        ? t('search.problem.lengthExact', { coin, prefix: problem.prefix, count: problem.min, length: problem.length })
        : t('search.problem.length', {
            coin,
            prefix: problem.prefix,
            min: problem.min,
            max: problem.max,
            length: problem.length,
          });
    case 'character':
      return t('search.problem.character', { coin, character: problem.character });
  }
}

/** '"ltc1…", "L…" or "M…"' in the page's language. */
export function useOrList(): (items: string[]) => string {
  const locale = useLocale();
  return (items) => {
    const quoted = items.map((item) => `\u2068${item}\u2069`);
    try {
      return new Intl.ListFormat(locale.iso, { type: 'disjunction' }).format(quoted);
    } catch {
      return quoted.join(', ');
    }
  };
}

/**
 * Under a search box: what is wrong with what was searched, and the pools whose format it
 * has, each a link to the miner there. `id` is the box's aria-describedby.
 */
export function SearchProblem({
  outcome,
  page = 'stats',
  id,
  hrefFor,
}: {
  outcome: Invalid;
  page?: 'stats' | 'payouts' | 'settings';
  id: string;
  /** Where another coin's link goes; the miner's page by default (the test page: its own check). */
  hrefFor?: (coin: CoinTicker) => string;
}) {
  const t = useT();
  const orList = useOrList();
  const coinName = outcome.coin ? COINS[outcome.coin].name : '';
  const lead = outcome.coin
    ? t('search.notAddressOf', { coin: coinName })
    : outcome.otherCoins.length > 1
      ? t('search.severalCoins')
      : t('search.noCoin');
  const detail = outcome.problem && outcome.coin ? problemText(t, outcome.problem, coinName, orList) : null;
  const generic = outcome.problem && !outcome.coin ? problemText(t, outcome.problem, '', orList) : null;
  return (
    <div id={id} role="alert" data-testid="search-problem" className="mt-2 text-sm text-red-700 dark:text-red-300">
      <p>
        {lead} {detail ?? generic}
      </p>
      {outcome.otherCoins.length > 0 ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-ink">
          {outcome.coin ? <span>{t('search.otherCoin')}</span> : null}
          {outcome.otherCoins.map((other: CoinTicker) => (
            <LocaleLink
              key={other}
              to={
                hrefFor ? hrefFor(other) : searchTarget({ kind: 'open', coin: other, address: outcome.input, worker: null }, page)
              }
              className="font-semibold text-accent underline"
              data-testid="search-other-coin"
            >
              {t('search.openIn', { coin: COINS[other].name })}
            </LocaleLink>
          ))}
        </p>
      ) : null}
    </div>
  );
}
