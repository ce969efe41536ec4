import { splitLocalePath } from '@openpool/domain/locales';
import { ArticleIndex } from '~/features/articles/article-index';
import { articlesByCategory, searchInLanguage, supportSlugFor } from '~/features/articles/articles.server';
import { MAX_QUERY_LENGTH } from '~/features/articles/search';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Route } from './+types/articles';

export async function loader({ url }: Route.LoaderArgs) {
  const { locale } = splitLocalePath(url.pathname);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const t = await loadCatalogue(locale, ['site']);
  return {
    query,
    supportSlug: supportSlugFor(locale),
    groups: query ? [] : articlesByCategory(locale),
    results: query ? searchInLanguage(locale, query) : null,
    seo: { title: t._('page.articles.title'), description: t._('kb.intro') },
  };
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleIndex
      query={loaderData.query}
      supportSlug={loaderData.supportSlug}
      groups={loaderData.groups}
      results={loaderData.results}
    />
  );
}
