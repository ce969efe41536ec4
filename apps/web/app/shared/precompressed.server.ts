/**
 * Serves the build's precompressed copies of hashed assets (vite-plugins/precompress.ts):
 * `file.js.br` to a browser that accepts Brotli, `file.js.gz` to one that accepts gzip, and
 * leaves everything else to the static handler after it (which serves the plain file).
 */
import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** The encodings a request accepts, by preference: Brotli, then gzip; `q=0` refuses one. */
export function acceptedEncodings(header: string | undefined): Array<'br' | 'gzip'> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const star = accepted.get('*');
  return (['br', 'gzip'] as const).filter((name) => (accepted.get(name) ?? star ?? 0) > 0);
}

export function precompressedAssets(dir: string, cacheControl: string) {
  const root = normalize(dir) + sep;
  // The build never changes while the server runs: remember which copies exist.
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let found = exists.get(file);
    if (found === undefined) {
      found = existsSync(file);
      exists.set(file, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path)];
    if (!type) return next();
    const file = normalize(join(root, decodeURIComponent(req.path)));
    if (!file.startsWith(root)) return next();
    res.vary('Accept-Encoding');
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((name) =>
      has(`${file}.${name === 'br' ? 'br' : 'gz'}`),
    );
    if (!encoding) return next();
    res.set({ 'Content-Type': type, 'Content-Encoding': encoding, 'Cache-Control': cacheControl });
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, { lastModified: true, etag: true }, (error) => {
      if (error) next(error);
    });
  };
}
