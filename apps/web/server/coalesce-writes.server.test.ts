import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesce-writes.server';

/** What reached the compressor: one entry per write. */
let written: number[] = [];
const app = express();
app.use(compression());
app.use((_req, res, next) => {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: Buffer, ...rest: unknown[]) => {
    written.push(chunk.length);
    return write(chunk, ...rest);
  }) as typeof res.write;
  next();
});
app.use(coalesceWrites(64 * 1024));
const flushOf = (res: express.Response) => (res as express.Response & { flush: () => void }).flush;
/** A page as React Router writes it: 2 KB chunks, each followed by a flush. */
app.get('/page', (_req, res) => {
  res.setHeader('content-type', 'text/html');
  for (let i = 0; i < 100; i += 1) {
    res.write(new TextEncoder().encode(`<p>${String(i).padStart(4, '0')}${'x'.repeat(2040)}</p>`));
    flushOf(res)();
  }
  res.end('</html>');
});
/** Streamed data: a first part now, the rest later. */
app.get('/stream', (_req, res) => {
  res.setHeader('content-type', 'text/html');
  res.write('<p>first</p>'.repeat(200));
  flushOf(res)();
  setTimeout(() => res.end('<p>later</p>'), 300);
});
const server = app.listen(0);
let port = 0;
beforeAll(() => {
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

function get(path: string): Promise<{ body: Buffer; firstAt: number; endAt: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstAt = 0;
    const chunks: Buffer[] = [];
    httpRequest({ port, path, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        firstAt ||= performance.now() - started;
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ body: gunzipSync(Buffer.concat(chunks)), firstAt, endAt: performance.now() - started }));
    })
      .on('error', reject)
      .end();
  });
}

describe('coalesceWrites', () => {
  it('hands the compressor a rendered page in a few large pieces, byte for byte', async () => {
    written = [];
    const { body } = await get('/page');
    const expected =
      Array.from({ length: 100 }, (_, i) => `<p>${String(i).padStart(4, '0')}${'x'.repeat(2040)}</p>`).join('') + '</html>';
    expect(body.toString()).toBe(expected);
    expect(written.length).toBeLessThanOrEqual(5);
    expect(written.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(expected));
  });

  it('still sends what was written before a pause without waiting for the end', async () => {
    const { body, firstAt, endAt } = await get('/stream');
    expect(body.toString()).toBe('<p>first</p>'.repeat(200) + '<p>later</p>');
    expect(endAt).toBeGreaterThanOrEqual(280);
    expect(firstAt).toBeLessThan(200);
  });
});
