import { appContext } from '~/context';
import { robotsTxt } from '~/features/sitemap/sitemap';
import type { Route } from './+types/robots';

/** `/robots.txt`, naming the sitemap at the site's own origin. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(appContext).publicEnv.siteUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
