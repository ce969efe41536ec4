import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ApiUnreachableError, createApiClient } from '../app/platform/api-client';
import { createServerTransport } from './server-fetch.server';

/** The web server's transport behind the one API client: the same answers as with `fetch`. */
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/json')) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=10' });
        res.end(JSON.stringify({ text: 'هش‌ریت ₿', n: 1 }));
      } else if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end('{"error":"not found"}');
      } else if (req.url === '/stall') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"partial":');
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (timeoutMs = 5000) => createApiClient({ baseUrl: origin, fetch: createServerTransport(), timeoutMs });

describe('the server transport', () => {
  it('sends the query and headers and reads a UTF-8 JSON answer', async () => {
    const body = await client().request('/json', { query: { range: '24h', skip: undefined }, headers: { 'x-trace': 'a' } });
    expect(body).toEqual({ text: 'هش‌ریت ₿', n: 1 });
    const last = seen.at(-1)!;
    expect([last.method, last.url, last.headers.accept, last.headers['x-trace']]).toEqual([
      'GET',
      '/json?range=24h',
      'application/json',
      'a',
    ]);
  });

  it('gives an ApiError with status, parsed body and Retry-After', async () => {
    const error = (await client()
      .request('/missing')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.body, error.retryAfter]).toEqual([404, { error: 'not found' }, '7']);
  });

  it('reads an empty answer as null', async () => {
    expect(await client().request('/empty')).toBeNull();
  });

  it('turns a body that stalls past the timeout, and a refused connection, into ApiUnreachableError', async () => {
    await expect(client(200).request('/stall')).rejects.toBeInstanceOf(ApiUnreachableError);
    const refused = createApiClient({ baseUrl: 'http://127.0.0.1:1', fetch: createServerTransport() });
    await expect(refused.request('/json')).rejects.toBeInstanceOf(ApiUnreachableError);
  });

  it('sends a request with a body through fetch, unchanged', async () => {
    await client().request('/post', { method: 'POST', body: { email: 'a@b.example' } });
    const last = seen.at(-1)!;
    expect([last.method, last.body, last.headers['content-type']]).toEqual([
      'POST',
      '{"email":"a@b.example"}',
      'application/json',
    ]);
  });
});
