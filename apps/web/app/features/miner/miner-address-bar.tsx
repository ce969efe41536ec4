import { sitePaths } from '@openpool/domain/paths';
import { truncateMiddle } from '@openpool/domain/format';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { CopyButton } from '~/shared/copy-button';

type MinerPage = 'stats' | 'payouts' | 'settings' | 'verify';
const PAGE_TITLE = {
  stats: 'page.miner.stats',
  payouts: 'page.miner.payouts',
  settings: 'page.miner.settings',
  verify: 'page.miner.verify',
} as const;

/**
 * Under the title of the payouts and settings pages: the address (shortened, copyable) and
 * links to the address's other miner pages.
 */
export function MinerAddressBar({ coin, address, current }: { coin: string; address: string; current: MinerPage }) {
  const t = useT();
  const others = (['stats', 'payouts', 'settings', 'verify'] as const).filter((page) => page !== current);
  return (
    <div className="mt-1 mb-4 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <span className="min-w-0 font-mono break-all text-ink-muted" title={address} dir="ltr">
        {truncateMiddle(address, 12, 12)}
      </span>
      <CopyButton value={address} label={address} />
      {others.map((page) => (
        <LocaleLink key={page} to={sitePaths.miner(coin, page, address)} className="text-accent hover:underline">
          {t(PAGE_TITLE[page])}
        </LocaleLink>
      ))}
    </div>
  );
}
