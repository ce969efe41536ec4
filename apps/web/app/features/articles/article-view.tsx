import { sitePaths } from '@openpool/domain/paths';
import { dateTimeFormat } from '@openpool/domain/intl';
import { getLocale, type LocaleCode } from '@openpool/domain/locales';
import { useMemo, type MouseEvent } from 'react';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import type { ArticleSummary } from './articles.server';
import { COPY_LABEL_TOKEN, type CompiledArticle } from './article-types';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A copy button inside the article body: copies its command block, says 'Copied!' for two seconds. */
function copyCommand(event: MouseEvent<HTMLDivElement>, copied: string) {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-copy]');
  const code = button?.parentElement?.querySelector('pre')?.textContent;
  if (!button || code == null) return;
  const label = button.textContent;
  void navigator.clipboard?.writeText(code.replace(/\n$/, '')).then(() => {
    button.textContent = copied;
    setTimeout(() => (button.textContent = label), 2000);
  });
}

export function ArticleView({
  article,
  translated,
  related,
}: {
  article: CompiledArticle;
  translated: boolean;
  related: ArticleSummary[];
}) {
  const t = useT();
  const locale = useLocale();
  const html = useMemo(() => article.html.replaceAll(COPY_LABEL_TOKEN, escapeHtml(t('common.copy'))), [article.html, t]);
  // The text's own language when it is not the page's (English standing in, or get-support-ru elsewhere).
  const textLocale = getLocale(article.locale as LocaleCode);
  const textLang = article.locale === locale.code ? undefined : textLocale.iso;
  // English shown on a Persian page runs left to right, or its punctuation lands at the wrong end.
  const textDir = textLocale.dir === locale.dir ? undefined : textLocale.dir;
  const updated = dateTimeFormat(locale.iso, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${article.updated}T00:00:00Z`),
  );
  return (
    <div>
      <nav aria-label={t('kb.breadcrumbs')} className="text-sm text-ink-muted" data-testid="breadcrumbs">
        <ol className="flex flex-wrap gap-1">
          <li>
            <LocaleLink to="/" className="hover:underline">
              {t('nav.home')}
            </LocaleLink>{' '}
            /
          </li>
          <li>
            <LocaleLink to="/articles" className="hover:underline">
              {t('page.articles.title')}
            </LocaleLink>{' '}
            /
          </li>
          <li aria-current="page" lang={textLang} dir={textDir}>
            {article.title}
          </li>
        </ol>
      </nav>
      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-8">
        <article lang={textLang} dir={textDir} className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{article.title}</h1>
          {/* The page's own words inside the English article keep the page's language (not the
              article's, whatever the direction) and direction: in Persian the note's full stop
              stood at its left end, before its first word. */}
          <p
            className="mt-1 text-sm text-ink-muted"
            lang={textLang ? locale.iso : undefined}
            dir={textDir ? locale.dir : undefined}
          >
            {t('kb.updated', { date: updated })}
          </p>
          {translated ? null : (
            <p
              role="note"
              lang={locale.iso}
              dir={textDir ? locale.dir : undefined}
              className="mt-3 rounded-md border border-dashed border-line p-3 text-sm"
              data-testid="not-translated"
            >
              {t('kb.notTranslated')}
            </p>
          )}
          {article.toc.length > 1 ? (
            <nav
              aria-labelledby="toc-title"
              className="mt-4 rounded-lg border border-line bg-surface-raised p-3 text-sm lg:hidden"
            >
              <Toc article={article} titleId="toc-title" lang={textLang} dir={textDir} />
            </nav>
          ) : null}
          <div
            className="article-body mt-4"
            data-testid="article-body"
            onClick={(event) => copyCommand(event, t('common.copied'))}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
        <aside className="mt-8 space-y-6 text-sm lg:mt-0">
          {article.toc.length > 1 ? (
            <nav aria-labelledby="toc-title-side" className="sticky top-4 hidden lg:block">
              <Toc article={article} titleId="toc-title-side" lang={textLang} dir={textDir} />
            </nav>
          ) : null}
          {related.length > 0 ? (
            <section aria-labelledby="related-title" data-testid="related">
              <h2 id="related-title" className="font-semibold">
                {t('kb.related')}
              </h2>
              <ul className="mt-2 space-y-1">
                {related.map((other) => (
                  <li key={other.slug}>
                    <LocaleLink
                      to={sitePaths.article(other.slug)}
                      className="text-accent hover:underline"
                      lang={other.translated ? undefined : 'en'}
                      dir={other.translated ? undefined : 'auto'}
                    >
                      {other.title}
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function Toc({ article, titleId, lang, dir }: { article: CompiledArticle; titleId: string; lang?: string; dir?: 'ltr' | 'rtl' }) {
  const t = useT();
  return (
    <>
      <h2 id={titleId} className="font-semibold">
        {t('kb.toc')}
      </h2>
      <ol className="mt-2 space-y-1" lang={lang} dir={dir}>
        {article.toc.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? 'ps-4' : undefined}>
            <a href={`#${entry.id}`} className="text-accent hover:underline">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}
