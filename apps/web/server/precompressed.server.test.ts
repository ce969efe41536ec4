import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../vite-plugins/precompress';
import { precompressedAssets } from './precompressed.server';

describe('precompressed assets', () => {
  let parent: string;
  let dir: string;
  let base: string;
  let close: () => void;
  const script = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'op-precompressed-'));
    dir = join(parent, 'assets');
    mkdirSync(dir);
    // Files beside the served folder, with compressed copies, that no request may reach.
    writeFileSync(join(parent, 'secret.js'), 'secret');
    writeFileSync(join(parent, 'secret.js.gz'), gzipSync('secret'));
    writeFileSync(join(parent, 'secret.js.br'), brotliCompressSync('secret'));
    writeFileSync(join(dir, 'app-abc.js'), script);
    writeFileSync(join(dir, 'plain-abc.js'), script);
    writeFileSync(join(dir, 'font.woff2'), 'binary');
    expect(precompressFolder(dir)).toBe(2);
    rmSync(join(dir, 'plain-abc.js.br'));
    rmSync(join(dir, 'plain-abc.js.gz'));
    const app = express();
    app.use('/assets', precompressedAssets(dir, 'public, max-age=31536000, immutable'));
    app.use('/assets', express.static(dir));
    app.use((_req, res) => void res.status(404).end());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => {
    close();
    rmSync(parent, { recursive: true, force: true });
  });

  async function get(path: string, acceptEncoding: string) {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('sends the Brotli copy to a browser that takes it, with the type and a long cache', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip where Brotli is not accepted, and the plain file to a client that takes neither', async () => {
    const gz = await get('/assets/app-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves files without copies, other types, missing files and escapes to the handlers after it', async () => {
    const plain = await get('/assets/plain-abc.js', 'br');
    expect([plain.status, plain.headers['content-encoding'], plain.body.toString()]).toEqual([200, undefined, script]);
    expect((await get('/assets/font.woff2', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/missing.js', 'br')).status).toBe(404);
    for (const path of ['/assets/..%2Fsecret.js', '/assets/%2E%2E%2Fsecret.js', '/assets/..%5Csecret.js']) {
      const escape = await get(path, 'br, gzip');
      expect(escape.body.toString(), path).not.toContain('secret');
      expect(escape.headers['content-encoding'], path).toBeUndefined();
    }
    // A malformed escape is not a server error.
    expect((await get('/assets/%E0%A4%A.js', 'br')).status).toBeLessThan(500);
  });
});
