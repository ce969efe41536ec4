import { isSlug, supportArticleLanguage } from '@openpool/domain/routes';
import { splitLocalePath } from '@openpool/domain/locales';
import { appContext } from '~/platform/context';
import { ArticleView } from '~/features/articles/article-view';
import { findArticle } from '~/features/articles/articles.server';
import { articlePageSeo } from '~/features/articles/seo.server';
import { pageNotFound } from '~/platform/http-errors';
import type { Route } from './+types/article';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { locale } = splitLocalePath(url.pathname);
  // get-support-{lang} exists for its three languages only; any other get-support-* is a 404.
  if (!isSlug(params.slug) || (params.slug.startsWith('get-support-') && !supportArticleLanguage(params.slug))) pageNotFound();
  const found = findArticle(locale, params.slug);
  if (!found) return pageNotFound();
  const { siteUrl } = context.get(appContext).publicEnv;
  return {
    article: found.article,
    translated: found.translated,
    related: found.related,
    seo: await articlePageSeo(siteUrl, locale, found.article, found.locales),
  };
}

export default function Article({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} translated={loaderData.translated} related={loaderData.related} />;
}
