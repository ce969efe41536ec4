import { LOCALES, switchLocalePath } from '@openpool/domain/locales';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { SpriteIcon } from '~/platform/sprite-icon';
import { localeCookie } from '~/i18n/locale-cookie';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';

function GlobeIcon() {
  return <SpriteIcon id="globe" className="size-4 shrink-0" />;
}

/**
 * Switching language keeps the rest of the path and remembers the choice in
 * the `i18n_redirected` cookie, which root-path detection reads. A `<details>`, so it opens
 * without JavaScript too; with it, a click outside or Escape closes it like a menu.
 */
export function LanguageSwitch({ helpTranslateUrl }: { helpTranslateUrl?: string }) {
  const t = useT();
  const current = useLocale();
  const location = useLocation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const here = location.pathname + location.search + location.hash;

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      // Handled here, so an Escape meant for this list does not also close a dialog around it.
      event.preventDefault();
      event.stopPropagation();
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <details ref={detailsRef} className="group relative" data-testid="language-switch">
      <summary className="flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-2.5 text-sm font-semibold text-ink-muted transition-colors group-open:bg-line/60 group-open:text-ink hover:bg-line/60 hover:text-ink [&::-webkit-details-marker]:hidden">
        <GlobeIcon />
        <span className="sr-only">{t('header.language.current', { language: current.label })}</span>
        <span aria-hidden="true">{current.label}</span>
      </summary>
      <div className="absolute end-0 top-full z-50 pt-2">
        <ul className="max-h-[min(24rem,70vh)] w-56 overflow-auto rounded-xl border border-line bg-surface-raised p-1.5 shadow-lg shadow-ink/5">
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
                className="lang-option"
              >
                <span>{locale.name}</span>
                <span className="text-xs text-ink-muted">{locale.label}</span>
              </Link>
            </li>
          ))}
          {helpTranslateUrl ? (
            <li className="mt-1 border-t border-line pt-1">
              <a
                href={helpTranslateUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-lg px-2.5 py-2 text-sm font-medium text-accent hover:bg-line/60"
              >
                {t('nav.helpTranslate')}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}
