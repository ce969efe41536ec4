import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from '~/platform/context';
import { loadAllCatalogues } from '~/i18n/catalogues';
import { preloadRouteSeo } from './shared/head-seo';
import { preloadIslands } from './shared/island';
import { NonceContext } from './shared/nonce';
import { SiteSettingsContext, siteSettingsFrom } from '~/platform/site-settings';
import { renderDeadline } from '../server/render-deadline.server.ts';
import { lowPriorityPreloads } from '../server/script-priority.server.ts';
import { applyPageSecurityHeaders, originOf } from '../server/security-headers.server.ts';

// The server hands loaders their context under this key. It must be the bundle's own
// instance, so server/load-context.server.ts takes it from the build, not from context.ts.
export { appContext };
// The loaders' API client comes from the bundle's own module too: `lookup()` tells a 404 from
// an outage by `instanceof ApiError`, which a class copied into server/ would fail.
export { createApiClient } from '~/platform/api-client';
// The page cache decides whether `/` is English with the root route's own detection.
export { rootLocaleOf } from '~/data/detect-locale.server';

// Every catalogue is in memory before the first request, so rendering never waits on one.
await loadAllCatalogues();
// Parts below a phone's first screen (decision 037): the server renders them whole from the first request.
await preloadIslands();
// The route table of titles, which the browser loads only for its first navigation (decision 038).
await preloadRouteSeo();

export const streamTimeout = 5_000;

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>An error occurred while showing the error page</h1><p><a href="/">Go back to home</a></p></body></html>`;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const app = loadContext.get(appContext);
  const { nonce, publicEnv } = app;
  applyPageSecurityHeaders(responseHeaders, {
    nonce,
    connectOrigins: [originOf(publicEnv.apiBaseUrl)],
    integrations: app.config.integrations,
  });
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve) => {
    let shellRendered = false;
    // A second after the deferred data's own timeout has rejected.
    const deadline = renderDeadline(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <SiteSettingsContext.Provider value={siteSettingsFrom(app)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SiteSettingsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = deadline.body();
          // The page's scripts load after what it shows (script-priority.server.ts).
          const page = lowPriorityPreloads();
          page.pipe(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(page);
        },
        onShellError(error: unknown) {
          // Even the error page could not render: answer with plain HTML that cannot fail.
          deadline.cancel();
          console.error(error);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(FALLBACK_HTML, { status: 500, headers: responseHeaders }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
