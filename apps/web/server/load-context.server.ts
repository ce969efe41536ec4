/**
 * What React Router's loaders get with each request (style.md: data sources reach loaders
 * through context): the content read at start-up, the public environment, this request's API
 * client and nonce, the document cache. The context key and the API client factory come from
 * the server build itself (entry.server.tsx exports them): copies imported here would be other
 * objects.
 */
import type { Request, Response } from 'express';
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { createDocumentCache, type DocumentCache } from '../app/data/document-cache.server.ts';
import type { WebEnv } from '../app/env.server.ts';
import { resolveApiBaseUrl, type createApiClient } from '../app/platform/api-client.ts';
import type { AppContext } from '../app/platform/context.ts';
import { createApiReuse } from './api-reuse.server.ts';
import { newNonce } from './html-cache.server.ts';
import { createServerTransport } from './server-fetch.server.ts';

/** The site's content, read and validated once at start-up (server.ts). */
export type SiteContent = Pick<AppContext, 'config' | 'coinContent' | 'hardware' | 'comparePools'>;

export function createLoadContext(env: WebEnv, content: SiteContent) {
  /** The context key from the build itself: a copy imported here would be another object. */
  function contextKeyOf(build: ServerBuild): RouterContext<AppContext> {
    return (build.entry.module as unknown as { appContext: RouterContext<AppContext> }).appContext;
  }

  /** The API client factory of the build (see entry.server.tsx: its errors are the bundle's classes). */
  function apiClientFactoryOf(build: ServerBuild): typeof createApiClient {
    return (build.entry.module as unknown as { createApiClient: typeof createApiClient }).createApiClient;
  }

  // Pool-wide API answers shared by the renders of this process (decision 015; api-reuse.server.ts).
  const apiReuse = createApiReuse({ maxSeconds: env.apiReuseSeconds });
  // Loaders reach the API over kept-alive node:http connections (server-fetch.server.ts).
  const apiTransport = createServerTransport();

  // The sitemaps and robots.txt, built once from the site content and the build's
  // articles: one cache per build, so a rebuild in development starts afresh (decision 019).
  const documentCaches = new WeakMap<ServerBuild, DocumentCache>();
  function documentsOf(build: ServerBuild): DocumentCache {
    let documents = documentCaches.get(build);
    if (!documents) documentCaches.set(build, (documents = createDocumentCache()));
    return documents;
  }

  return function loadContext(build: ServerBuild, req: Request, res: Response): RouterContextProvider {
    const apiConfig = { ruSiteHost: env.ruSiteHost, ruApiUrl: env.ruApiUrl };
    const host = req.hostname || null;
    const context: AppContext = {
      ...content,
      publicEnv: {
        apiBaseUrl: resolveApiBaseUrl(host, { apiUrl: env.publicApiUrl, ...apiConfig }),
        siteUrl: env.siteUrl,
      },
      api: apiClientFactoryOf(build)({
        baseUrl: resolveApiBaseUrl(host, { apiUrl: env.apiUrl, ...apiConfig }),
        reuse: apiReuse,
        fetch: apiTransport,
      }),
      documents: documentsOf(build),
      cookieDomain: env.cookieDomain,
      referralSecret: env.referralSecret,
      // The HTML cache chose this response's nonce (a fresh one for every response).
      nonce: typeof res.locals.nonce === 'string' ? res.locals.nonce : newNonce(),
    };
    const provider = new RouterContextProvider();
    provider.set(contextKeyOf(build), context);
    return provider;
  };
}
