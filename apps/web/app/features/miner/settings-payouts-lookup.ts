import { sitePaths } from '@openpool/domain/paths';
import { parseSearchInput } from '@openpool/domain/address-format';
import { localizePath, splitLocalePath } from '@openpool/domain/locales';
import { redirect } from 'react-router';
import { LOOKUP_PARAM } from './settings-payouts-search';

/**
 * The address search of the payouts and settings pages submitted before hydration arrives as
 * `?lookup=`: redirect to the same page for that address (a blank one back to the search).
 * Returns nothing when there is no lookup to answer.
 */
export function lookupRedirect(url: URL, coin: string, page: 'payouts' | 'settings'): Response | null {
  if (!url.searchParams.has(LOOKUP_PARAM)) return null;
  // A pasted login or stratum URL gives its address, as in the browser (decision 027).
  const address = parseSearchInput(url.searchParams.get(LOOKUP_PARAM) ?? '')?.address;
  const { locale } = splitLocalePath(url.pathname);
  return redirect(address ? localizePath(sitePaths.miner(coin, page, address), locale) : url.pathname);
}
