import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import type { HeaderLink } from './header-nav';
import { ExternalIcon } from './icons';

/**
 * One entry of a header group: its name and a line saying what it is. External links open in
 * a new tab, which the icon shows and a screen reader hears; internal ones get the locale prefix.
 */
export function HeaderLinkItem({ link, onNavigate }: { link: HeaderLink; onNavigate?: () => void }) {
  const t = useT();
  const className =
    'group/link flex flex-col gap-0.5 rounded-lg px-3 py-2 outline-offset-0 hover:bg-line/60 focus-visible:bg-line/60';
  const content = (
    <>
      <span className="flex items-center gap-1.5 text-sm font-semibold text-ink">
        {t(link.label)}
        {link.external ? (
          <>
            <ExternalIcon className="size-3.5 text-ink-muted" />
            <span className="sr-only">{t('header.opensInNewTab')}</span>
          </>
        ) : null}
      </span>
      <span className="text-sm text-ink-muted">{t(link.hint)}</span>
    </>
  );
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className} onClick={onNavigate}>
        {content}
      </a>
    );
  }
  return (
    <LocaleLink to={link.href} className={className} onClick={onNavigate}>
      {content}
    </LocaleLink>
  );
}
