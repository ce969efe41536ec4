/**
 * The title and description of a page whose loader gives none, without making a first visit
 * download the table that writes them (route-seo.ts) or its words (the catalogue's head part):
 * about 2 KB gzipped that every page paid for a head the server had already written (decision
 * 038). The server has both from its start and writes the head whole. The browser keeps what
 * the server wrote while it hydrates, and loads both before its first client-side navigation
 * renders (the root's client loader), so from then on every page's title is its own again.
 */
import type { LocaleCode } from '@openpool/domain/locales';
import { hasPart, loadCatalogue } from '~/i18n/catalogues';
import type { MessageId, MessageValues } from '~/i18n/use-t';
import type { PageSeo } from './page-seo';
import type { RouteMatchLike, routeSeo as tableOfTitles } from './route-seo';

type RouteSeo = typeof tableOfTitles;

let routeSeo: RouteSeo | null = null;
let loading: Promise<void> | null = null;

function loadTable(): Promise<void> {
  loading ??= import('./route-seo').then(
    (module) => {
      routeSeo = module.routeSeo;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Server: loads the table before the first request (the catalogues are all loaded there). */
export function preloadRouteSeo(): Promise<void> {
  return loadTable();
}

/**
 * Browser, before a navigation renders: the table and the language's head words. Offline, the
 * navigation goes on; the page then has the site's own title until a later navigation loads them.
 */
export async function loadHeadSeo(locale: LocaleCode): Promise<void> {
  await Promise.all([loadTable(), loadCatalogue(locale, ['head'])]).catch((error: unknown) => {
    console.warn('page titles could not be loaded', error);
  });
}

/** Whether the next render can write a page's head itself, in that language. */
export function headSeoReady(locale: LocaleCode): boolean {
  return routeSeo !== null && hasPart(locale, 'head');
}

/**
 * What the server wrote for the page the visit began on: its `og:title` is the page's own title
 * (seo-tags.tsx), which differs from the document's title (the page's, then the site's name);
 * on a page with the site's title they are the same, and the page has no title of its own.
 * Read when this module loads, before hydration: a first page whose loader gives its own words
 * (a device, an article) never asks for it while hydrating, and a later read would find another
 * page's head. Another path (a navigation whose words could not be loaded) gets the site's own
 * title rather than the first page's.
 */
function readServerHead(): { path: string; seo: PageSeo | null } {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
  const title = content('meta[property="og:title"]');
  const description = content('meta[name="description"]');
  const own = title !== null && description !== null && title !== document.title;
  return { path: window.location.pathname, seo: own ? { title, description } : null };
}
const serverHead = typeof document === 'undefined' ? null : readServerHead();

function documentSeo(): PageSeo | null {
  return serverHead && serverHead.path === window.location.pathname ? serverHead.seo : null;
}

/** The page's title and description from its route, in its language. */
export function headSeo(
  matches: readonly RouteMatchLike[],
  t: (id: MessageId, values?: MessageValues) => string,
  locale: LocaleCode,
  rtl: boolean,
): PageSeo | null {
  if (routeSeo && (typeof document === 'undefined' || hasPart(locale, 'head'))) return routeSeo(matches, t, rtl);
  return typeof document === 'undefined' ? null : documentSeo();
}
