import { useT } from '~/i18n/use-t';
import { ExternalIcon, GiftIcon } from './icons';

/**
 * The referral-program entry: external, and a different page for some languages (site config).
 * `iconBelowXl` keeps the crowded lg header to the icon; the name stays for screen readers.
 */
export function ReferralLink({
  href,
  className = '',
  iconBelowXl = false,
}: {
  href: string;
  className?: string;
  iconBelowXl?: boolean;
}) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={iconBelowXl ? t('header.referral') : undefined}
      data-testid="header-referral"
      className={`inline-flex items-center gap-1.5 rounded-md whitespace-nowrap px-3 py-2 text-sm font-semibold text-accent transition-colors hover:bg-accent/10 ${className}`}
    >
      <GiftIcon className="size-4 shrink-0" />
      <span className={iconBelowXl ? 'sr-only xl:not-sr-only' : undefined}>{t('header.referral')}</span>
      <ExternalIcon className={`size-3.5 shrink-0 opacity-70 ${iconBelowXl ? 'hidden xl:block' : ''}`} />
      <span className="sr-only">{t('header.opensInNewTab')}</span>
    </a>
  );
}
