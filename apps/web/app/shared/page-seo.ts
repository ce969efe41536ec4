/**
 * What a page tells search engines and link previews: a route's loader may return
 * `seo`, and the root layout turns the deepest one into the title, description, OpenGraph and
 * Twitter tags, hreflang alternates and JSON-LD. Pages without it get the site's defaults.
 */
import type { LocaleCode } from '@openpool/domain/locales';
import { useMatches } from 'react-router';

export interface PageSeo {
  title: string;
  description: string;
  /** OpenGraph type: an article page is 'article'. */
  type?: 'website' | 'article';
  /** The languages this page exists in; absent means all of them. */
  alternates?: readonly LocaleCode[];
  /** JSON-LD objects (schema.org), each printed in its own script element. */
  jsonLd?: ReadonlyArray<Record<string, unknown>>;
}

export function usePageSeo(): PageSeo | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { seo?: PageSeo } | null | undefined;
    if (data && typeof data === 'object' && data.seo) return data.seo;
  }
  return null;
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can end the script. */
export function jsonLdText(value: Record<string, unknown>): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
