import { appContext } from '~/platform/context';
import { SEARCH_ENGINE_CACHE_CONTROL, robotsTxt } from '~/features/sitemap/sitemap';
import { documentResponse } from '~/data/document-cache.server';
import type { Route } from './+types/robots';

/** `/robots.txt`, naming the sitemap at the site's own origin; kept with the sitemaps (decision 019). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicEnv, documents } = context.get(appContext);
  const document = await documents.get('robots.txt', 'text/plain; charset=utf-8', () => robotsTxt(publicEnv.siteUrl));
  return documentResponse(request, document, SEARCH_ENGINE_CACHE_CONTROL);
}
