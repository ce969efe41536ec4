/** The shape of a compiled article, shared by the build (vite-plugins/articles) and the pages. */
export const ARTICLE_CATEGORIES = ['faq', 'connection', 'mining', 'hardware', 'payouts', 'security'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface CompiledArticle {
  locale: string;
  slug: string;
  title: string;
  description: string;
  category: ArticleCategory;
  /** ISO date, YYYY-MM-DD. */
  updated: string;
  related: string[];
  /** Sanitised HTML; copy buttons carry COPY_LABEL_TOKEN for the page's language. */
  html: string;
  toc: TocEntry[];
  /** Plain text of the body, for search. */
  text: string;
  /** Question and answer pairs (each h2 and what follows it) of a FAQ article, for JSON-LD. */
  faq: FaqEntry[];
}

/** Stands for the copy button's words in compiled HTML; the page puts its language's in. */
export const COPY_LABEL_TOKEN = '%%copy%%';
