/**
 * What the route tests share (style.md, Tests: the Epic Stack's route tests): the repository's
 * own content, a stubbed API client answering payloads from ./payloads.ts, the router context
 * the server builds, a route module's answer as the server would send it, and a render of route
 * modules under `createRoutesStub` inside the root's SEO tags and error boundary.
 */
import { readFileSync } from 'node:fs';
import { URL as NodeUrl, fileURLToPath } from 'node:url';
import type { PoolStats } from '@openpool/domain/api';
import { parseCoinContent } from '@openpool/domain/coin-content';
import { parseComparePools } from '@openpool/domain/compare-pools';
import { splitLocalePath } from '@openpool/domain/locales';
import { parseSiteConfig } from '@openpool/domain/site-config';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  Outlet,
  useMatches,
  RouterContextProvider,
  createRoutesStub,
  type ActionFunction,
  type LoaderFunction,
  type MiddlewareFunction,
} from 'react-router';
import { expect, vi } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Translator } from '~/i18n/translator';
import { I18nProvider } from '~/i18n/use-t';
import { loadHardwareCatalogue } from '@openpool/domain/content-files';
import { ErrorBoundary as RootErrorBoundary } from '~/root';
import { ApiError, ApiUnreachableError, type ApiClient, type ApiRequest } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { createDocumentCache } from '~/data/document-cache.server';
import { usePageSeo } from '~/shared/page-seo';
import { SeoTags } from '~/shared/seo-tags';
import { routeSeo } from '~/shared/route-seo';
import { SiteSettingsContext, siteSettingsFrom } from '~/platform/site-settings';
import { createPoolStats } from '~/testing/payloads';

// Node's URL: happy-dom replaces the global one, which the file system does not take.
const CONTENT = new NodeUrl('../../../../content/', import.meta.url);
const read = (path: string) => readFileSync(new NodeUrl(path, CONTENT), 'utf8');

/** The content the server validates at start-up, as the repository has it. */
export const content = {
  config: parseSiteConfig(read('site.json')),
  coinContent: parseCoinContent(JSON.parse(read('coins.json'))),
  comparePools: parseComparePools(JSON.parse(read('compare/pools.json'))),
  hardware: loadHardwareCatalogue(fileURLToPath(CONTENT))!,
};

export const SITE_URL = 'https://pool.test';
export const API_URL = 'http://api.test';

/** The pool stats of every coin the site enables: what the home page and the coin header ask for. */
export function everyPoolStats(overrides: Record<string, Partial<PoolStats>> = {}): Record<string, PoolStats> {
  return Object.fromEntries(
    content.config.enabled.map((ticker) => [apiPaths.poolStats(ticker), createPoolStats(ticker, overrides[ticker])]),
  );
}

// --- The API ---------------------------------------------------------------------------------

export interface StubApi extends ApiClient {
  /** Every path asked for, in order, with its query if it had one (`/ltc/api/v1/pool/chart?range=7d`). */
  paths: string[];
}

/** The pool API as a table of answers by path (its query aside); a path it does not know is the API's 404. */
export function stubApi(answers: Record<string, unknown>): StubApi {
  const paths: string[] = [];
  return {
    baseUrl: API_URL,
    paths,
    async request<T>(path: string, init: ApiRequest = {}): Promise<T> {
      const query = new URLSearchParams(init.query as Record<string, string> | undefined).toString();
      paths.push(query ? `${path}?${query}` : path);
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new ApiError(404, { error: 'not_found' }, `${API_URL}${path}`);
      return structuredClone(answer) as T;
    },
  };
}

/** Every call times out, as when the API is down. */
export const downApi: ApiClient = {
  baseUrl: API_URL,
  request: () => Promise.reject(new ApiUnreachableError(`API unreachable at ${API_URL}: timeout`)),
};

/** The warnings `lookup()` logs for an API it could not use, silenced and kept for a test to read. */
export function captureWarnings() {
  return vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

/** The router context as the server builds it, on the repository's content and this API. */
export function contextWith(api: ApiClient, overrides: Partial<AppContext> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    ...content,
    publicEnv: { apiBaseUrl: API_URL, siteUrl: SITE_URL },
    api,
    documents: createDocumentCache(),
    cookieDomain: undefined,
    nonce: 'route-test',
    ...overrides,
  });
  return context;
}

// --- What the server answers -----------------------------------------------------------------

export interface RouteModule {
  default?: unknown;
  loader?: unknown;
  action?: unknown;
  middleware?: unknown;
  shouldRevalidate?: unknown;
}

export interface Answer {
  status: number;
  /** Where a redirect goes. */
  location: string | null;
  headers: Headers;
  /** The deepest loader's data, the thrown error's body, or a resource route's body as text. */
  data: unknown;
}

type Thrown = { type?: string; data?: unknown; init?: ResponseInit | null };

async function answerOf(value: unknown, fallbackStatus: number): Promise<Answer> {
  if (value instanceof Response) {
    const { status, headers } = value;
    return { status, location: headers.get('location'), headers, data: value.body ? await value.text() : null };
  }
  const init = (value as Thrown | null)?.type === 'DataWithResponseInit' ? (value as Thrown).init : null;
  const headers = new Headers(init?.headers);
  const data = init ? (value as Thrown).data : value;
  return { status: init?.status ?? fallbackStatus, location: headers.get('location'), headers, data };
}

/**
 * `url` through the middleware and loaders of `chain` (outermost first), as the server runs
 * them: a thrown response or `data()` is the answer with its status, else the deepest loader's.
 */
export async function serve(
  chain: RouteModule[],
  url: string,
  params: Record<string, string>,
  api: ApiClient,
  headers: HeadersInit = {},
  overrides: Partial<AppContext> = {},
): Promise<Answer> {
  const context = contextWith(api, overrides);
  const page = new URL(url, SITE_URL);
  const args = { request: new Request(page, { headers }), url: page, params, context, pattern: '' };
  try {
    for (const module of chain) {
      for (const middleware of (module.middleware ?? []) as MiddlewareFunction<Response>[]) {
        await middleware(args as never, async () => new Response());
      }
    }
    let answer: Answer = await answerOf(null, 200);
    for (const module of chain) {
      if (module.loader) answer = await answerOf(await (module.loader as LoaderFunction)(args as never), 200);
    }
    return answer;
  } catch (thrown) {
    return await answerOf(thrown, 500);
  }
}

// --- Rendering -------------------------------------------------------------------------------

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/** A pathless layout route of the stub (routes.ts's `layout()`): the module's middleware, loader and component. */
export function layout(module: RouteModule, children?: StubRoute[]): StubRoute {
  return {
    loader: module.loader as LoaderFunction | undefined,
    action: module.action as ActionFunction | undefined,
    middleware: module.middleware as MiddlewareFunction[] | undefined,
    // As the real router has it: a route that declines a reload after its action is not reloaded.
    ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
    Component: (module.default as ComponentType | undefined) ?? Outlet,
    ...(children ? { children } : {}),
  } as StubRoute;
}

/** A route of the stub at `path` (an index route when undefined), as routes.ts has it. */
export function route(path: string | undefined, module: RouteModule, children?: StubRoute[], id?: string): StubRoute {
  // `id` as routes.ts names the route: the root's titles are chosen by it (shared/route-seo.ts).
  return {
    ...(path === undefined ? { index: true } : { path }),
    ...(id ? { id } : {}),
    ...layout(module, children),
  } as StubRoute;
}

let root: Root | undefined;
let host: HTMLElement | undefined;
// The router settles on its own after the loaders answer; no act() to wrap it in.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** For `afterEach`: the page and its head tags go. */
export function unmountPage() {
  root?.unmount();
  root = undefined;
  host?.remove();
  host = undefined;
}

export interface RenderOptions {
  api: ApiClient;
  /** The data-testid that shows once the page has rendered (`error-page` for the error page). */
  until: string;
  /** The site's settings in the page, as the server sends them (the API page prints the API's URL). */
  settings?: boolean;
  /** Parts of the router context other than the repository's content. */
  context?: Partial<AppContext>;
}

/**
 * `url` rendered through `routes` under the root's SEO tags (title, description) and error
 * boundary, in the language of its prefix; resolves once `until` shows.
 */
export async function renderPage(routes: StubRoute[], url: string, options: RenderOptions): Promise<HTMLElement> {
  const i18n: Translator = await loadCatalogue(splitLocalePath(new URL(url, SITE_URL).pathname).locale);
  function Head() {
    const matches = useMatches();
    const seo = usePageSeo() ?? routeSeo(matches, (id, values) => i18n._(id, values), i18n.locale === 'fa');
    return (
      <>
        <SeoTags i18n={i18n} seo={seo} siteUrl={SITE_URL} nonce={undefined} />
        <Outlet />
      </>
    );
  }
  const Stub = createRoutesStub(
    [
      {
        path: '/',
        Component: Head,
        HydrateFallback: () => null,
        ErrorBoundary: RootErrorBoundary as ComponentType,
        children: routes,
      },
    ],
    contextWith(options.api, options.context),
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const page = (
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nProvider>
  );
  const settings = siteSettingsFrom({ config: content.config, publicEnv: { apiBaseUrl: API_URL, siteUrl: SITE_URL } });
  root.render(options.settings ? <SiteSettingsContext.Provider value={settings}>{page}</SiteSettingsContext.Provider> : page);
  const shown = host;
  await vi.waitFor(() => expect(shown.querySelector(`[data-testid="${options.until}"]`)).not.toBeNull(), { timeout: 10_000 });
  return shown;
}

/** The text of the element with this data-testid, if there is one. */
export const textOf = (page: ParentNode, testId: string) => page.querySelector(`[data-testid="${testId}"]`)?.textContent;

/** The page's description as search engines read it. */
export const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
