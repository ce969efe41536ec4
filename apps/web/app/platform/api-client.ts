/**
 * The one HTTP client of the web app, on the server and in the browser (decision 007):
 * configurable base URL, 5000 ms timeout, no retries, JSON bodies for objects and arrays,
 * and errors that carry the status code and the parsed body. Loaders get their instance from
 * the router context, browser code from `useApi()` (decision 007); the paths live in
 * `api-paths.ts`.
 */

const API_TIMEOUT_MS = 5000;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The answer's Retry-After header (a 429 or 503 says when to try again), if readable. */
  readonly retryAfter: string | null;

  constructor(status: number, body: unknown, url: string, retryAfter: string | null = null) {
    super(`API ${status} for ${url}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** The request never got an answer: timeout, refused connection, DNS. */
export class ApiUnreachableError extends Error {
  override name = 'ApiUnreachableError';
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T = unknown>(path: string, init?: ApiRequest): Promise<T>;
}

function encodeBody(body: unknown): { body: BodyInit | undefined; json: boolean } {
  if (body === undefined) return { body: undefined, json: false };
  if (Array.isArray(body) || (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype)) {
    return { body: JSON.stringify(body), json: true };
  }
  return { body: body as BodyInit, json: false };
}

async function parseBody(response: Awaited<ReturnType<ApiTransport>>): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * What the client needs of `fetch`: the global one in the browser, a lighter one over node:http
 * on the web server (server-fetch.server.ts).
 */
export type ApiTransport = (
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: BodyInit;
    credentials?: RequestCredentials;
    signal: AbortSignal;
  },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

export function createApiClient(options: {
  baseUrl: string;
  fetch?: ApiTransport;
  timeoutMs?: number;
  /** The web server's reuse of pool-wide answers (api-reuse.server.ts); none in the browser. */
  reuse?: ApiReuse | null;
}): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const reuse = options.reuse ?? null;
  return {
    baseUrl,
    async request<T>(path: string, init: ApiRequest = {}): Promise<T> {
      const appPath = path.startsWith('/') ? path : `/${path}`;
      const url = new URL(baseUrl + appPath);
      for (const [key, value] of Object.entries(init.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const { body, json } = encodeBody(init.body);
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (json) headers['content-type'] = 'application/json';
      const send = async (): Promise<Answer> => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        try {
          const response = await doFetch(url, {
            method: init.method ?? 'GET',
            headers,
            body,
            credentials: init.credentials,
            signal,
          });
          return {
            status: response.status,
            cacheControl: response.headers.get('cache-control'),
            retryAfter: response.headers.get('retry-after'),
            // The timeout covers the body too: a server that stalls mid-body is as unreachable.
            body: await parseBody(response),
          };
        } catch (error) {
          throw new ApiUnreachableError(`API unreachable at ${url.origin}: ${(error as Error).message}`, { cause: error });
        }
      };
      // Only a plain GET may share another request's answer (its own signal or headers may not).
      const plain = (init.method ?? 'GET') === 'GET' && !init.signal && !init.headers && init.body === undefined;
      const answer = reuse && plain ? await reuse.answer(url.href, appPath, send) : await send();
      if (answer.status < 200 || answer.status > 299) {
        throw new ApiError(answer.status, answer.body, url.toString(), answer.retryAfter ?? null);
      }
      return answer.body as T;
    },
  };
}

/** An API answer as the client reads it, before it becomes a value or an error. */
export interface Answer {
  status: number;
  cacheControl: string | null;
  retryAfter?: string | null;
  body: unknown;
}

/** Answers shared between requests (the web server's api-reuse.server.ts); none in the browser. */
export interface ApiReuse {
  /** The answer for `url` (app path `path`): a kept one, or `send()`'s (then kept where it may be). */
  answer(url: string, path: string, send: () => Promise<Answer>): Promise<Answer>;
}

/**
 * The API base URL for a request: the Russian-domain API when the site is served on the
 * Russian-domain host, the configured one otherwise.
 */
export function resolveApiBaseUrl(
  host: string | null,
  config: { apiUrl: string; ruSiteHost?: string | undefined; ruApiUrl?: string | undefined },
): string {
  if (host && config.ruSiteHost && config.ruApiUrl && host.toLowerCase() === config.ruSiteHost) return config.ruApiUrl;
  return config.apiUrl;
}
