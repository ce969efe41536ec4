import { sitePaths } from '@openpool/domain/paths';
import { lastSearchStorageKey } from '@openpool/domain/address';
import type * as AddressFormat from '@openpool/domain/address-format';
import type { SearchOutcome } from '@openpool/domain/address-format';
import type { CoinTicker } from '@openpool/domain/coins';
import { localizePath } from '@openpool/domain/locales';
import { useNavigate } from 'react-router';
import { useLocale } from '~/i18n/use-locale';
import { useSiteSettings } from '~/platform/site-settings';

type MinerPage = 'stats' | 'payouts' | 'settings';

/** Where an opened search goes: the miner's page, or its worker's when a login named one. */
export function searchTarget(outcome: Extract<SearchOutcome, { kind: 'open' }>, page: MinerPage): string {
  const miner = sitePaths.miner(outcome.coin, page, outcome.address);
  return page === 'stats' && outcome.worker ? `${miner}/${encodeURIComponent(outcome.worker)}` : miner;
}

/**
 * The address rules of every coin (1 KB of the frame's code): downloaded when a search field is
 * first focused or submitted, not with every page (decision 037).
 */
let addressRules: Promise<typeof AddressFormat> | null = null;
export function loadAddressRules(): Promise<typeof AddressFormat> {
  addressRules ??= import('@openpool/domain/address-format').catch((error: unknown) => {
    addressRules = null;
    throw error;
  });
  return addressRules;
}

/** For a search field's focus: starts the download; a failure waits for the submit. */
export function prefetchAddressRules(): void {
  void loadAddressRules().catch(() => undefined);
}

/**
 * What an address search does on submit, for the home page's, the pool header's and the
 * payouts and settings pages' own (decision 027): blank does nothing; a login or stratum URL
 * gives its address (and worker); an address of the coin's shape is remembered as the coin's
 * last search (`lastSearch:{coin}`) and its page opens; anything else comes back, for the
 * form to say what is wrong. `coin` null is the home page: the address's shape picks the coin.
 */
export function useOpenMinerPage(
  coin: CoinTicker | null,
): (input: string, page: MinerPage, query?: string) => Promise<SearchOutcome> {
  const locale = useLocale();
  const navigate = useNavigate();
  const enabled = useSiteSettings()?.enabledCoins ?? [];
  return async (input, page, query = '') => {
    const { resolveSearch } = await loadAddressRules();
    const outcome = resolveSearch(input, coin, enabled);
    if (outcome.kind !== 'open') return outcome;
    try {
      localStorage.setItem(lastSearchStorageKey(outcome.coin), outcome.address);
    } catch {
      // Storage refused (privacy mode): not remembered, the page still opens.
    }
    void navigate(`${localizePath(searchTarget(outcome, page), locale.code)}${query}`);
    return outcome;
  };
}
