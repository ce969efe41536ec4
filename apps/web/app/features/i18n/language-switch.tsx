import { LOCALES, switchLocalePath } from '@openpool/domain/locales';
import { Link, useLocation } from 'react-router';
import { localeCookie } from './locale-cookie';
import { useLocale } from './use-locale';
import { useT } from './use-t';

/**
 * Switching language keeps the rest of the path (spec section 4) and remembers the choice in
 * the `i18n_redirected` cookie, which root-path detection reads.
 */
export function LanguageSwitch({ helpTranslateUrl }: { helpTranslateUrl: string }) {
  const t = useT();
  const current = useLocale();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  return (
    <details className="relative" data-testid="language-switch">
      <summary
        className="cursor-pointer list-none rounded-md px-2 py-1 text-sm font-semibold hover:bg-line"
        aria-label={t('nav.language')}
      >
        {current.label}
      </summary>
      <ul className="absolute end-0 z-20 mt-1 max-h-96 w-56 overflow-auto rounded-md border border-line bg-surface-raised p-1 shadow-lg">
        {LOCALES.map((locale) => (
          <li key={locale.code}>
            <Link
              to={switchLocalePath(here, locale.code)}
              hrefLang={locale.iso}
              lang={locale.iso}
              aria-current={locale.code === current.code ? 'true' : undefined}
              onClick={(event) => {
                document.cookie = localeCookie(locale.code);
                // The switch stays mounted across the navigation: close it like a menu.
                event.currentTarget.closest('details')?.removeAttribute('open');
              }}
              className="flex justify-between rounded px-2 py-1.5 text-sm hover:bg-line aria-[current]:font-semibold"
            >
              <span>{locale.name}</span>
              <span className="text-ink-muted">{locale.label}</span>
            </Link>
          </li>
        ))}
        <li className="mt-1 border-t border-line pt-1">
          <a
            href={helpTranslateUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded px-2 py-1.5 text-sm text-accent hover:bg-line"
          >
            {t('nav.helpTranslate')}
          </a>
        </li>
      </ul>
    </details>
  );
}
