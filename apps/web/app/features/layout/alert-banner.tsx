/**
 * The sitewide alert banner (decision 005): the text and link for
 * the page's language from config; nothing at all when that text is empty.
 */
import { localizedLink, localizedText } from '@openpool/domain/site-links';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { SpriteIcon } from '~/platform/sprite-icon';
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
        <SpriteIcon id="alert" className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
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
