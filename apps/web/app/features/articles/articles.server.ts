/**
 * The compiled articles (virtual:openpool-articles, built from content/articles) as the pages
 * need them: one language's version of each article, with English standing in (and saying
 * so) where a translation does not exist yet.
 */
import { LOCALE_CODES, type LocaleCode } from '@openpool/domain/locales';
import { articles } from 'virtual:openpool-articles';
import { ARTICLE_CATEGORIES, type ArticleCategory, type CompiledArticle } from './article-types';
import { searchArticles } from './search';

export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  category: ArticleCategory;
  updated: string;
  /** False when the English text stands in for the page's language. */
  translated: boolean;
}

const byKey = new Map(articles.map((article) => [`${article.locale}/${article.slug}`, article]));
/** Slugs of the knowledge base; the get-support pages stand apart (one per language, linked from the index). */
const englishSlugs = articles.filter((a) => a.locale === 'en' && !a.slug.startsWith('get-support-')).map((a) => a.slug);

/** The get-support page a language links to: its own where one exists, else the English one. */
export function supportSlugFor(locale: LocaleCode): string {
  return byKey.has(`${locale}/get-support-${locale}`) ? `get-support-${locale}` : 'get-support-en';
}

function versionOf(locale: LocaleCode, slug: string): { article: CompiledArticle; translated: boolean } | null {
  // get-support-{lang} is shown in the language its slug names, whatever the page's language.
  const support = /^get-support-(.+)$/.exec(slug)?.[1];
  if (support) {
    const article = byKey.get(`${support}/${slug}`);
    return article ? { article, translated: true } : null;
  }
  const own = byKey.get(`${locale}/${slug}`);
  if (own) return { article: own, translated: true };
  const english = byKey.get(`en/${slug}`);
  return english ? { article: english, translated: locale === 'en' } : null;
}

function summary({ article, translated }: { article: CompiledArticle; translated: boolean }): ArticleSummary {
  const { slug, title, description, category, updated } = article;
  return { slug, title, description, category, updated, translated };
}

/** Every article page's slug, the get-support pages included (for the sitemap). */
export function allArticleSlugs(): string[] {
  return [...new Set(articles.map((a) => a.slug))];
}

/** The languages an article exists in (its hreflang alternates). */
export function articleLocales(slug: string): LocaleCode[] {
  if (slug.startsWith('get-support-')) return LOCALE_CODES.slice();
  return articles.filter((a) => a.slug === slug).map((a) => a.locale as LocaleCode);
}

export function findArticle(locale: LocaleCode, slug: string) {
  const version = versionOf(locale, slug);
  if (!version) return null;
  const related = version.article.related.flatMap((other) => {
    const found = versionOf(locale, other);
    return found ? [summary(found)] : [];
  });
  return { ...version, related, locales: articleLocales(slug) };
}

/** Every article in the page's language, grouped by category in the spec's order. */
export function articlesByCategory(locale: LocaleCode): Array<{ category: ArticleCategory; articles: ArticleSummary[] }> {
  const all = englishSlugs.flatMap((slug) => {
    const version = versionOf(locale, slug);
    return version ? [summary(version)] : [];
  });
  return ARTICLE_CATEGORIES.map((category) => ({
    category,
    articles: all.filter((a) => a.category === category).sort((a, b) => a.title.localeCompare(b.title, locale)),
  })).filter((group) => group.articles.length > 0);
}

export function searchInLanguage(locale: LocaleCode, query: string): ArticleSummary[] {
  const versions = englishSlugs.flatMap((slug) => {
    const version = versionOf(locale, slug);
    return version ? [{ ...version, ...version.article }] : [];
  });
  return searchArticles(versions, query).map(summary);
}
