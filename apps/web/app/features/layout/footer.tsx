/**
 * The site footer (decision 005): Products, Resources, Hardware,
 * Pools and Help Center; social links; the coin strip; the copyright with the current year.
 * Five columns on xl (Pools takes two tracks), three on md, two on phones; never an accordion.
 */
import { COINS, isCoinTicker, type Coin } from '@openpool/domain/coins';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { CoinStrip } from './coin-strip';
import { ExternalLink } from './footer/external-link';
import { FOOTER_MAIN_POOLS, footerColumns, type FooterColumn, type FooterLink } from './footer/footer-links';
import { SocialLinks } from './footer/social-links';

const LINK = 'footer-link';
const HEADING = 'text-xs font-semibold tracking-wider text-ink uppercase';

function ColumnLink({ link }: { link: FooterLink }) {
  const t = useT();
  if (link.href !== undefined) {
    return (
      <ExternalLink href={link.href} className={LINK}>
        {t(link.label)}
      </ExternalLink>
    );
  }
  return (
    <LocaleLink to={link.to} className={LINK}>
      {t(link.label)}
    </LocaleLink>
  );
}

function LinkColumn({ column }: { column: FooterColumn }) {
  const t = useT();
  return (
    <div data-testid={`footer-${column.id}`}>
      <h2 className={HEADING}>{t(column.title)}</h2>
      <ul className="mt-4 space-y-2">
        {column.links.map((link) => (
          <li key={link.label}>
            <ColumnLink link={link} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PoolsColumn({ coins }: { coins: readonly Coin[] }) {
  const t = useT();
  const main = coins.slice(0, FOOTER_MAIN_POOLS);
  const more = coins.slice(FOOTER_MAIN_POOLS);
  return (
    <div className="col-span-2" data-testid="footer-pools">
      <h2 className={HEADING}>{t('nav.pools')}</h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2">
        {main.map((coin) => (
          <li key={coin.ticker} className="min-w-0">
            <LocaleLink to={`/${coin.ticker}`} className={LINK}>
              {coin.name}
            </LocaleLink>
          </li>
        ))}
      </ul>
      {more.length > 0 ? (
        <ul
          aria-label={t('footer.morePools')}
          data-testid="footer-more-pools"
          className="mt-4 flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-3 text-xs"
        >
          {more.map((coin) => (
            <li key={coin.ticker}>
              <LocaleLink to={`/${coin.ticker}`} className={LINK}>
                {coin.name}
              </LocaleLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Footer() {
  const t = useT();
  const locale = useLocale();
  const settings = useSiteSettings();
  const columns = settings ? footerColumns(settings, locale.code) : [];
  const coins = (settings?.enabledCoins ?? []).filter(isCoinTicker).map((ticker) => COINS[ticker]);
  // Pools sits fourth, between Hardware and Help Center (spec order).
  const beforePools = columns.filter((column) => column.id !== 'help');
  const afterPools = columns.filter((column) => column.id === 'help');
  // The server renders its own current year; a visitor loading across New Year may see the other.
  // A year, not a figure: a string, so the translator does not group it as '2 026'.
  const year = new Date().getFullYear();

  return (
    <footer className="mt-16 border-t border-line bg-surface-raised text-sm" data-testid="site-footer">
      <div className="mx-auto max-w-7xl px-4 pt-12">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-base font-bold text-ink">{t('site.name')}</p>
            <p className="mt-1 text-ink-muted">{t('site.tagline')}</p>
          </div>
          <SocialLinks />
        </div>

        <div
          className={`mt-10 grid grid-flow-row-dense grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3 ${
            beforePools.length === 3 ? 'xl:grid-cols-6' : 'xl:grid-cols-5'
          }`}
        >
          {beforePools.map((column) => (
            <LinkColumn key={column.id} column={column} />
          ))}
          {coins.length > 0 ? <PoolsColumn coins={coins} /> : null}
          {afterPools.map((column) => (
            <LinkColumn key={column.id} column={column} />
          ))}
        </div>

        <div className="mt-10 border-t border-line pt-6">
          <CoinStrip placement="footer" />
        </div>
      </div>

      {/* Room at the bottom for the floating Telegram and scroll-to-top buttons. */}
      <div className="mt-6 border-t border-line">
        <p
          className="mx-auto max-w-7xl px-4 pt-6 pb-24 text-center text-ink-muted"
          data-testid="footer-copyright"
          suppressHydrationWarning
        >
          {t('footer.copyright', { year: String(year) })}
        </p>
      </div>
    </footer>
  );
}
