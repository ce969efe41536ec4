/**
 * The sitewide alert banner (spec section 2, Header; issue 3, item 2): the text and link for
 * the page's language from config; nothing at all when that text is empty.
 */
import { localizedLink, localizedText } from '@openpool/domain/site-links';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';
import { useSiteSettings } from '~/shared/site-settings';
import { ExternalLink } from './footer/external-link';

export function AlertBanner() {
  const t = useT();
  const locale = useLocale();
  const alert = useSiteSettings()?.alert;
  const text = alert ? localizedText(alert.text, locale.code) : '';
  if (!alert || !text) return null;
  const link = alert.link ? localizedLink(alert.link, locale.code) : undefined;
  return (
    <section
      aria-label={t('alert.label')}
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/20 dark:bg-amber-400/10 dark:text-amber-100"
      data-testid="alert-banner"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-2.5 px-4 py-2.5 text-sm leading-6">
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          focusable="false"
          className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400"
        >
          <path
            fill="currentColor"
            fillRule="evenodd"
            d="M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 6a1 1 0 1 1 2 0v4.5a1 1 0 1 1-2 0V6Zm1 6.75a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z"
          />
        </svg>
        <p className="min-w-0 flex-1">
          {/* The operator's text may be in another script than the page (English on a fa page). */}
          <span dir="auto" data-testid="alert-text">
            {text}
          </span>
          {link ? (
            <>
              {' '}
              <ExternalLink
                href={link}
                className="font-semibold whitespace-nowrap underline decoration-amber-600/60 underline-offset-2 hover:decoration-2 dark:decoration-amber-400/60"
              >
                {t('alert.details')}
              </ExternalLink>
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}
