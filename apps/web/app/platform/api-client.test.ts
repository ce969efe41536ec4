import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiUnreachableError, createApiClient, resolveApiBaseUrl } from './api-client';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the test server saw, in order. */
let received: Received[] = [];
let server: Server;
let origin: string;

function reply(res: ServerResponse, status: number, contentType: string | null, body: string): void {
  if (contentType) res.setHeader('content-type', contentType);
  res.statusCode = status;
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
  switch (path) {
    case '/api/v1/json':
      return reply(res, 200, 'application/json; charset=utf-8', '{"ok":true,"items":[1,2]}');
    case '/api/v1/text':
      return reply(res, 200, 'text/plain', 'plain words');
    case '/api/v1/empty':
      return reply(res, 204, null, '');
    case '/api/v1/fail':
      return reply(res, 500, 'application/json', '{"error":"boom","code":17}');
    case '/api/v1/missing':
      return reply(res, 404, 'text/plain', 'nothing here');
    case '/api/v1/bad-json':
      return reply(res, 502, 'application/json', '<html>gateway</html>');
    case '/api/v1/empty-error':
      return reply(res, 503, 'application/json', '');
    case '/api/v1/hang':
      // Never answers; the socket is closed when the server shuts down.
      return;
    default:
      return reply(res, 200, 'application/json', '{}');
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  received = [];
});

function only(): Received {
  expect(received).toHaveLength(1);
  return received[0]!;
}

describe('createApiClient: URLs', () => {
  it('strips every trailing slash of the base URL', () => {
    expect(createApiClient({ baseUrl: `${origin}/api///` }).baseUrl).toBe(`${origin}/api`);
    expect(createApiClient({ baseUrl: `${origin}/api` }).baseUrl).toBe(`${origin}/api`);
  });

  it('joins the base URL and a path with exactly one slash, with or without a leading slash', async () => {
    const client = createApiClient({ baseUrl: `${origin}/api/` });
    await client.request('/v1/json');
    await client.request('v1/json');
    expect(received.map((request) => request.url)).toEqual(['/api/v1/json', '/api/v1/json']);
  });

  it('adds query parameters, encoded, and leaves out undefined ones', async () => {
    const client = createApiClient({ baseUrl: `${origin}/api` });
    await client.request('/v1/json', { query: { coin: 'btc', page: 2, skipped: undefined, q: 'a b&c=d' } });
    expect(only().url).toBe('/api/v1/json?coin=btc&page=2&q=a+b%26c%3Dd');
  });

  it('sends a GET with Accept: application/json and no body by default', async () => {
    await createApiClient({ baseUrl: `${origin}/api` }).request('/v1/json');
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.body).toBe('');
  });

  it('passes extra headers through', async () => {
    await createApiClient({ baseUrl: `${origin}/api` }).request('/v1/json', { headers: { 'x-trace': 'abc' } });
    expect(only().headers['x-trace']).toBe('abc');
  });
});

describe('createApiClient: request bodies', () => {
  const client = () => createApiClient({ baseUrl: `${origin}/api` });

  it('encodes a plain object as JSON with content-type application/json', async () => {
    await client().request('/v1/json', { method: 'POST', body: { address: 'x1', amount: 0.5 } });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe('{"address":"x1","amount":0.5}');
  });

  it('encodes an array as JSON with content-type application/json', async () => {
    await client().request('/v1/json', { method: 'PUT', body: [1, 'two', { three: 3 }] });
    const request = only();
    expect(request.method).toBe('PUT');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe('[1,"two",{"three":3}]');
  });

  it('encodes an empty array and an empty object as JSON too', async () => {
    await client().request('/v1/json', { method: 'POST', body: [] });
    await client().request('/v1/json', { method: 'POST', body: {} });
    expect(received.map((request) => [request.headers['content-type'], request.body])).toEqual([
      ['application/json', '[]'],
      ['application/json', '{}'],
    ]);
  });

  it('sends a string as it is, not as JSON', async () => {
    await client().request('/v1/json', { method: 'POST', body: '{"already":"encoded"}' });
    const request = only();
    expect(request.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(request.body).toBe('{"already":"encoded"}');
  });

  it('sends FormData as multipart, not as JSON', async () => {
    const form = new FormData();
    form.set('field', 'value');
    await client().request('/v1/json', { method: 'POST', body: form });
    const request = only();
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('name="field"');
    expect(request.body).toContain('value');
  });

  it('sends URLSearchParams as a form, not as JSON', async () => {
    await client().request('/v1/json', { method: 'POST', body: new URLSearchParams({ a: '1', b: 'x y' }) });
    const request = only();
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(request.body).toBe('a=1&b=x+y');
  });
});

describe('createApiClient: responses', () => {
  const client = () => createApiClient({ baseUrl: `${origin}/api` });

  it('returns the parsed JSON body', async () => {
    await expect(client().request('/v1/json')).resolves.toEqual({ ok: true, items: [1, 2] });
  });

  it('returns a non-JSON body as text', async () => {
    await expect(client().request('/v1/text')).resolves.toBe('plain words');
  });

  it('returns null for an empty body', async () => {
    await expect(client().request('/v1/empty')).resolves.toBeNull();
  });

  it('does not retry: a 500 is answered once and exactly one request is made', async () => {
    const error = await client()
      .request('/v1/fail')
      .catch((caught: unknown) => caught);
    expect(received).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
  });

  it('ApiError carries the status, the parsed JSON body and the URL', async () => {
    const error = await client()
      .request('/v1/fail', { query: { a: 1 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(500);
    expect(apiError.body).toEqual({ error: 'boom', code: 17 });
    expect(apiError.message).toBe(`API 500 for ${origin}/api/v1/fail?a=1`);
  });

  it('ApiError carries a text body when the answer is not JSON', async () => {
    const error = (await client()
      .request('/v1/missing')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.body).toBe('nothing here');
  });

  it('ApiError carries the raw text when a JSON content type holds no JSON', async () => {
    const error = (await client()
      .request('/v1/bad-json')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBe('<html>gateway</html>');
  });

  it('ApiError carries null for an empty error body', async () => {
    const error = (await client()
      .request('/v1/empty-error')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.body).toBeNull();
  });
});

describe('createApiClient: unreachable API', () => {
  it('gives a request 5000 ms by default and the timeout it is given otherwise', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await createApiClient({ baseUrl: `${origin}/api` }).request('/v1/json');
    await createApiClient({ baseUrl: `${origin}/api`, timeoutMs: 1234 }).request('/v1/json');
    expect(timeout.mock.calls).toEqual([[5000], [1234]]);
    timeout.mockRestore();
  });

  it('turns a timeout into ApiUnreachableError', async () => {
    // How long it takes is a timing (bench/, not a test): here, what the caller gets.
    const client = createApiClient({ baseUrl: `${origin}/api`, timeoutMs: 200 });
    const error = await client.request('/v1/hang').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as ApiUnreachableError).name).toBe('ApiUnreachableError');
    expect((error as ApiUnreachableError).message).toMatch(new RegExp(`^API unreachable at ${origin}: `));
    expect((error as ApiUnreachableError).cause).toBeDefined();
    expect(received).toHaveLength(1);
  });

  it('turns a refused connection into ApiUnreachableError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createApiClient({ baseUrl: `http://127.0.0.1:${port}` })
      .request('/x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as Error).message).toMatch(new RegExp(`^API unreachable at http://127.0.0.1:${port}: `));
  });

  it('turns an error of an injected fetch into ApiUnreachableError with the error as cause', async () => {
    const cause = new TypeError('fetch failed');
    const client = createApiClient({ baseUrl: 'https://api.example/', fetch: () => Promise.reject(cause) });
    const error = await client.request('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as Error).message).toBe('API unreachable at https://api.example: fetch failed');
    expect((error as Error).cause).toBe(cause);
  });
});

describe('resolveApiBaseUrl', () => {
  const config = { apiUrl: 'https://api.openpool.example', ruSiteHost: 'openpool.ru', ruApiUrl: 'https://api.openpool.ru' };

  it('switches to the Russian-domain API on the Russian-domain host', () => {
    expect(resolveApiBaseUrl('openpool.ru', config)).toBe('https://api.openpool.ru');
  });

  it('compares the host case-insensitively', () => {
    expect(resolveApiBaseUrl('OpenPool.RU', config)).toBe('https://api.openpool.ru');
  });

  it('keeps the configured API on other hosts and without a host', () => {
    expect(resolveApiBaseUrl('openpool.example', config)).toBe('https://api.openpool.example');
    expect(resolveApiBaseUrl('sub.openpool.ru', config)).toBe('https://api.openpool.example');
    expect(resolveApiBaseUrl(null, config)).toBe('https://api.openpool.example');
    expect(resolveApiBaseUrl('', config)).toBe('https://api.openpool.example');
  });

  it('keeps the configured API when the Russian-domain config is missing or partial', () => {
    expect(resolveApiBaseUrl('openpool.ru', { apiUrl: 'https://a.example' })).toBe('https://a.example');
    expect(resolveApiBaseUrl('openpool.ru', { apiUrl: 'https://a.example', ruSiteHost: 'openpool.ru' })).toBe(
      'https://a.example',
    );
    expect(resolveApiBaseUrl('openpool.ru', { apiUrl: 'https://a.example', ruApiUrl: 'https://r.example' })).toBe(
      'https://a.example',
    );
  });
});

describe('timeout while the body is read', () => {
  it('is an ApiUnreachableError, not a raw DOMException', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
    await expect(client.request('/x')).rejects.toBeInstanceOf(ApiUnreachableError);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
