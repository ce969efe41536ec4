/** The `seo` an article page returns (shared/page-seo.ts), words in the page's language. */
import { sitePaths } from '@openpool/domain/paths';
import { localizePath, getLocale, type LocaleCode } from '@openpool/domain/locales';
import { loadCatalogue } from '~/i18n/catalogues';
import type { PageSeo } from '~/shared/page-seo';
import { articleJsonLd } from './article-seo';
import type { CompiledArticle } from './article-types';

export async function articlePageSeo(
  siteUrl: string,
  locale: LocaleCode,
  article: CompiledArticle,
  locales: readonly LocaleCode[],
): Promise<PageSeo> {
  const t = await loadCatalogue(locale, ['site']);
  const url = (path: string) => siteUrl + localizePath(path, locale);
  return {
    title: article.title,
    description: article.description,
    type: 'article',
    alternates: locales,
    jsonLd: articleJsonLd({
      url: url(sitePaths.article(article.slug)),
      listUrl: url('/articles'),
      homeUrl: url('/'),
      title: article.title,
      description: article.description,
      updated: article.updated,
      language: getLocale(article.locale as LocaleCode).iso,
      homeName: t._('site.name'),
      listName: t._('page.articles.title'),
      publisher: t._('site.name'),
      faq: article.category === 'faq' ? article.faq : [],
    }),
  };
}
