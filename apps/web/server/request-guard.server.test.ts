/**
 * Decision 008: the web server once answered 500 with a stack and absolute paths for these
 * requests (Express ran in development mode and React Router's adapter threw on the URL).
 * Here the guard and the error handler run in a real Express server, spoken to in raw HTTP.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerErrorHandler, isValidHost, loadServerErrorPages, rejectMalformedRequests } from './request-guard.server';

let server: ReturnType<ReturnType<typeof express>['listen']>;
let port = 0;
const logged: string[] = [];

beforeAll(async () => {
  const app = express();
  app.set('env', 'production');
  app.set('trust proxy', 'loopback');
  app.use(rejectMalformedRequests());
  app.get('/boom', () => {
    throw new Error('a bug at /srv/openpool/apps/web/server.ts');
  });
  app.get('/fa/boom', () => {
    throw new Error('a bug');
  });
  app.use((_req, res) => void res.send('page'));
  const page = loadServerErrorPages(join(import.meta.dirname, '..', 'app', 'locales'), 'help@pool.test');
  app.use(createServerErrorHandler({ page, log: (line) => logged.push(line) }));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

async function raw(request: string): Promise<{ status: number; text: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.end(request);
  let text = '';
  for await (const chunk of socket) text += String(chunk);
  return { status: Number(text.split(' ')[1]), text };
}

const get = (target: string, headers: string) => raw(`GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);

describe('malformed requests', () => {
  it.each([
    ['a `*` target', () => get('*', 'Host: localhost\r\n'), 400],
    ['an absolute-form target', () => get('http://evil.example/', 'Host: localhost\r\n'), 400],
    ['TRACE', () => raw('TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 405],
    ['OPTIONS *', () => raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 405],
    ['Host `a b`', () => get('/', 'Host: a b\r\n'), 400],
    ['Host `[`', () => get('/', 'Host: [\r\n'), 400],
    ['Host `x:99999`', () => get('/', 'Host: x:99999\r\n'), 400],
    ['an empty Host', () => get('/', 'Host: \r\n'), 400],
    ['HTTP/1.0 without Host', () => raw('GET / HTTP/1.0\r\n\r\n'), 400],
    ['X-Forwarded-Host `[` from a trusted proxy', () => get('/', 'Host: localhost\r\nX-Forwarded-Host: [\r\n'), 400],
  ])('%s: answered %i, no stack, no path', async (_label, send, status) => {
    const { status: got, text } = await send();
    expect(got).toBe(status);
    expect(text).not.toMatch(/\n\s+at |\/srv\/|\/work\/|node:internal/);
  });

  it('lets good hosts through', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'openpool.example',
      '127.0.0.1:8080',
      '[::1]:3000',
      'xn--80ak6aa92e.com',
    ]) {
      expect(isValidHost(host), host).toBe(true);
      expect((await get('/', `Host: ${host}\r\n`)).status).toBe(200);
    }
  });
});

describe('unexpected errors', () => {
  it('get the site’s 500 page in the path’s language; the stack goes to the log only', async () => {
    const { status, text } = await get('/boom', 'Host: localhost\r\n');
    expect(status).toBe(500);
    expect(text).toContain('Unknown error occurred. If it persists, contact support');
    expect(text).toContain('mailto:help@pool.test');
    expect(text).toContain('href="/"');
    expect(text).not.toMatch(/\/srv\/|a bug/);
    expect(logged.at(-1)).toBe('web: GET /boom failed');
    const fa = await get('/fa/boom', 'Host: localhost\r\n');
    expect(fa.text).toContain('dir="rtl"');
    expect(fa.text).toContain('href="/fa"');
    expect(fa.text).not.toContain('Unknown error occurred');
  });
});
