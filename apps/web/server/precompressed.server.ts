/**
 * Serves the build's precompressed copies of hashed assets (vite-plugins/precompress.ts):
 * `file.js.br` to a browser that accepts Brotli, `file.js.gz` to one that accepts gzip, and
 * leaves everything else to the static handler after it (which serves the plain file).
 */
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncodings } from '../app/data/accepted-encodings.server.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** The file suffix of each encoding's copy. */
const SUFFIX = { br: 'br', gzip: 'gz' } as const;

export function precompressedAssets(dir: string, cacheControl: string) {
  // The build never changes while the server runs: the copies are listed once, and a request
  // can only ever name one of them (the folder is flat), so no path leaves the folder.
  const copies = new Set(existsSync(dir) ? readdirSync(dir).filter((name) => /\.(br|gz)$/.test(name)) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path)];
    if (!type) return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next(); // A malformed escape: the static handler answers it.
    }
    res.vary('Accept-Encoding');
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((accepted) =>
      copies.has(`${name}.${SUFFIX[accepted]}`),
    );
    if (!encoding) return next();
    res.set({ 'Content-Type': type, 'Content-Encoding': encoding, 'Cache-Control': cacheControl });
    res.sendFile(join(dir, `${name}.${SUFFIX[encoding]}`), { lastModified: true, etag: true }, (error) => {
      if (error) next(error);
    });
  };
}
