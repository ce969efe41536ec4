import { sitePaths } from '@openpool/domain/paths';
import { Form } from 'react-router';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import type { ArticleSummary } from './articles.server';
import type { ArticleCategory } from './article-types';

interface Props {
  query: string;
  /** get-support-{lang} of the page's language (ru, uk), else the English one. */
  supportSlug: string;
  groups: Array<{ category: ArticleCategory; articles: ArticleSummary[] }>;
  /** Search results, or null when no search was made. */
  results: ArticleSummary[] | null;
}

/** `/articles`: the knowledge base by category, and search with the query in the URL (`?q=`). */
export function ArticleIndex({ query, supportSlug, groups, results }: Props) {
  const t = useT();
  const locale = useLocale();
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.articles.title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">
        {t('kb.intro')}{' '}
        {/* A link inside a sentence is underlined: its colour alone is too close to the text's (axe link-in-text-block). */}
        <LocaleLink
          to={sitePaths.article(supportSlug)}
          className="text-accent underline underline-offset-2"
          data-testid="support-link"
        >
          {t('page.supportArticle.title')}
        </LocaleLink>
      </p>
      <Form method="get" role="search" className="mt-5 flex max-w-xl gap-2" data-testid="article-search">
        <label htmlFor="kb-q" className="sr-only">
          {t('kb.searchLabel')}
        </label>
        <input
          id="kb-q"
          name="q"
          type="search"
          defaultValue={query}
          key={query}
          maxLength={100}
          placeholder={t('kb.searchLabel')}
          className="min-w-0 flex-1 rounded-md border border-line bg-surface-raised px-3 py-2"
        />
        <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink">
          {t('kb.searchButton')}
        </button>
      </Form>
      {results ? (
        <div className="mt-6">
          <h2 className="text-lg font-semibold">{t('kb.resultsFor', { query })}</h2>
          {results.length > 0 ? (
            <ArticleList articles={results} />
          ) : (
            <p className="mt-3 text-ink-muted" data-testid="nothing-found">
              {t('common.nothingFound')}
            </p>
          )}
          <LocaleLink to="/articles" className="mt-4 inline-block text-accent hover:underline">
            {t('kb.allArticles')}
          </LocaleLink>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2" lang={locale.iso}>
          {groups.map((group) => (
            <section key={group.category} aria-labelledby={`kb-${group.category}`} data-testid={`kb-${group.category}`}>
              <h2 id={`kb-${group.category}`} className="text-lg font-semibold">
                {t(`kb.category.${group.category}`)}
              </h2>
              <ArticleList articles={group.articles} />
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function ArticleList({ articles }: { articles: ArticleSummary[] }) {
  const t = useT();
  return (
    <ul className="mt-3 space-y-2">
      {articles.map((article) => (
        <li key={article.slug} className="rounded-lg border border-line bg-surface-raised p-3">
          <LocaleLink
            to={sitePaths.article(article.slug)}
            className="font-medium text-accent hover:underline"
            lang={article.translated ? undefined : 'en'}
            dir={article.translated ? undefined : 'auto'}
          >
            {article.title}
          </LocaleLink>
          {/* One piece: at 320 px in Persian '(به' ended a title's line and 'انگلیسی)' began the next. */}
          {article.translated ? null : (
            <span className="ms-2 inline-block text-xs whitespace-nowrap text-ink-muted" data-testid="english-only">
              ({t('kb.englishOnly')})
            </span>
          )}
          <p
            className="mt-1 text-sm text-ink-muted"
            lang={article.translated ? undefined : 'en'}
            dir={article.translated ? undefined : 'auto'}
          >
            {article.description}
          </p>
        </li>
      ))}
    </ul>
  );
}
