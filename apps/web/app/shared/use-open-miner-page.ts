import { sitePaths } from '@openpool/domain/paths';
import { lastSearchStorageKey, normaliseSearchAddress } from '@openpool/domain/address';
import { localizePath } from '@openpool/domain/locales';
import { useNavigate } from 'react-router';
import { useLocale } from '~/i18n/use-locale';

/**
 * What an address search does on submit, for the pool header's search and the
 * payouts and settings pages' own: an empty address does nothing; otherwise it is trimmed,
 * remembered as the coin's last search (`lastSearch:{coin}`) and the miner's page opens.
 */
export function useOpenMinerPage(coin: string): (input: string, page: 'stats' | 'payouts' | 'settings', query?: string) => void {
  const locale = useLocale();
  const navigate = useNavigate();
  return (input, page, query = '') => {
    const address = normaliseSearchAddress(input);
    if (!address) return;
    try {
      localStorage.setItem(lastSearchStorageKey(coin), address);
    } catch {
      // Storage refused (privacy mode): not remembered, the page still opens.
    }
    void navigate(`${localizePath(sitePaths.miner(coin, page, address), locale.code)}${query}`);
  };
}
