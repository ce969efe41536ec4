/**
 * The sitewide alert banner (decision 005): the operator's text and link for the page's
 * language from config, the default text with a note where the operator wrote none for it;
 * nothing at all when that text is empty or the announced window has ended (decision 027).
 */
import { alertIsOver, localizedLink, localizedTextOrFallback } from '@openpool/domain/site-links';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { SpriteIcon } from '~/platform/sprite-icon';
import { ExternalLink } from './footer/external-link';

/** The longest delay a timer takes (about 24.8 days); a later end is checked on a later visit. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A date or a time the operator typed in digits: '2027-01-12', '12.01.2027', '02:00', '02:00-02:30'. */
const DIGIT_FIGURE = /\d+(?:[-./:]\d+)+/g;

/**
 * The operator's text with its dates and times held left to right. In right-to-left text a
 * digit after a Persian letter counts as an Arabic number, and '2027-01-12' read '12-01-2027'
 * (each group of digits placed right to left of the one before); held in an isolate, it reads as
 * the operator typed it (decision 027).
 */
export function withLtrFigures(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(DIGIT_FIGURE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <bdi key={match.index} dir="ltr">
        {match[0]}
      </bdi>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function AlertBanner() {
  const t = useT();
  const locale = useLocale();
  const alert = useSiteSettings()?.alert;
  const endsAt = alert?.ends_at;
  // The server leaves out a passed announcement; a page rendered (or cached) before the end
  // hides it in the browser at the end.
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!endsAt) return;
    const left = Date.parse(endsAt) - Date.now();
    if (!Number.isFinite(left) || left > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setOver(alertIsOver({ ends_at: endsAt }, Date.now())), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [endsAt]);
  const { text, fallback } = alert ? localizedTextOrFallback(alert.text, locale.code) : { text: '', fallback: false };
  if (!alert || !text || over) return null;
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
          {/* The default text is the operator's English: it keeps its own direction on a fa page. */}
          <span dir="auto" lang={fallback ? 'en' : undefined} data-testid="alert-text">
            {locale.dir === 'rtl' ? withLtrFigures(text) : text}
          </span>
          {fallback ? (
            <>
              {' '}
              <span className="text-xs opacity-80" data-testid="alert-fallback">
                {t('alert.fallback')}
              </span>
            </>
          ) : null}
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
