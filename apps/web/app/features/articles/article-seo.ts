/** JSON-LD for an article page (schema.org Article, BreadcrumbList, and FAQPage for the FAQ). */
import type { FaqEntry } from './article-types';

export interface ArticleLdInput {
  url: string;
  listUrl: string;
  homeUrl: string;
  title: string;
  description: string;
  updated: string;
  language: string;
  homeName: string;
  listName: string;
  publisher: string;
  faq: readonly FaqEntry[];
}

export function articleJsonLd(input: ArticleLdInput): Array<Record<string, unknown>> {
  const graph: Array<Record<string, unknown>> = [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: input.title,
      description: input.description,
      dateModified: input.updated,
      inLanguage: input.language,
      mainEntityOfPage: input.url,
      publisher: { '@type': 'Organization', name: input.publisher },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: input.homeName, item: input.homeUrl },
        { '@type': 'ListItem', position: 2, name: input.listName, item: input.listUrl },
        { '@type': 'ListItem', position: 3, name: input.title, item: input.url },
      ],
    },
  ];
  if (input.faq.length > 0) {
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: input.faq.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answer },
      })),
    });
  }
  return graph;
}
