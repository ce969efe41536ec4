/**
 * Generated documents that are no pages (the sitemaps, robots.txt), built once and kept as
 * bytes with their gzip and Brotli copies and a strong ETag (decision 019). Rebuilding and
 * compressing the 5 MB device sitemap for each request had `/about` fall from 1,710 to 57 req/s
 * while a client fetched it in a loop; now a request costs a lookup and a write.
 *
 * A document is built from the content the server read at start-up (site config, hardware
 * catalogue) and what the build holds (articles), so it can only change with them: server.ts
 * creates one cache per process and server build (a new build in development, a restart in
 * production), and a document is built at its first request and kept as long as that cache.
 * The ETag is the content's hash, the same in every worker process and across restarts that
 * change nothing, so a crawler's `If-None-Match` gets a 304 from any of them.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
// Plain Node runs this file (server.ts): only relative `.ts` and package imports.
import { acceptedEncodings } from './accepted-encodings.server.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

export interface KeptDocument {
  contentType: string;
  /** The content's hash (SHA-256, base64url, 128 bits); each coding's ETag adds a suffix. */
  hash: string;
  /** The compressed copies, where they are smaller than the document. */
  gzip?: Buffer;
  br?: Buffer;
  /**
   * The document's own bytes, for a client that accepts neither coding. Every crawler asks for
   * gzip, so with a gzip copy they are not kept: the first such request inflates it once, and
   * the bytes are kept from then on (the sitemaps are 9.8 MB of XML, 0.1-0.2 MB compressed).
   */
  identity(): Promise<Buffer>;
}

export interface DocumentCache {
  /** The document kept as `name`, built by `build` and compressed at its first request only. */
  get(name: string, contentType: string, build: () => string): Promise<KeptDocument>;
  /** Documents built, documents kept, and the bytes they hold. */
  stats(): { builds: number; documents: number; bytes: number };
}

/**
 * Compressed once, on libuv's pool: gzip at level 9 and Brotli at quality 9 (the 5 MB device
 * sitemap: 48 KB in 60 ms and 20 KB in 110 ms; quality 11 saves 4 KB more for 2.6 s).
 */
async function keep(text: string, contentType: string, held: (bytes: number) => void): Promise<KeptDocument> {
  const document = Buffer.from(text);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(document, { level: 9 }),
    brotliAsync(document, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: document.length,
      },
    }),
  ]);
  const smaller = (copy: Buffer) => (copy.length < document.length ? copy : undefined);
  const [gzipCopy, brCopy] = [smaller(gzipped), smaller(brotli)];
  let identity = gzipCopy ? undefined : Promise.resolve(document);
  held((gzipCopy?.length ?? document.length) + (brCopy?.length ?? 0));
  return {
    contentType,
    hash: createHash('sha256').update(document).digest('base64url').slice(0, 22),
    gzip: gzipCopy,
    br: brCopy,
    identity: () =>
      (identity ??= gunzipAsync(gzipCopy!).then((bytes) => {
        held(bytes.length);
        return bytes;
      })),
  };
}

export function createDocumentCache(): DocumentCache {
  // The promise is kept, so requests arriving during the first build share it (one build).
  const documents = new Map<string, Promise<KeptDocument>>();
  let builds = 0;
  let bytes = 0;
  const held = (more: number) => {
    bytes += more;
  };
  return {
    get(name, contentType, build) {
      let document = documents.get(name);
      if (!document) {
        builds += 1;
        document = Promise.resolve().then(() => keep(build(), contentType, held));
        // A failed build is not kept: the next request tries again.
        document.catch(() => documents.delete(name));
        documents.set(name, document);
      }
      return document;
    },
    stats: () => ({ builds, documents: documents.size, bytes }),
  };
}

const etagOf = (document: KeptDocument, coding: 'identity' | 'gzip' | 'br') =>
  `"${document.hash}${coding === 'identity' ? '' : `-${coding === 'gzip' ? 'gz' : 'br'}`}"`;

/**
 * Whether `If-None-Match` names the document in any of its codings: they are one content, so a
 * copy a client holds from a gzip response is as current as the Brotli one (RFC 9110, 13.1.2:
 * weak comparison, so `W/` is ignored).
 */
function matches(ifNoneMatch: string | null, document: KeptDocument): boolean {
  if (!ifNoneMatch) return false;
  const ours = new Set((['identity', 'gzip', 'br'] as const).map((coding) => etagOf(document, coding)));
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || ours.has(trimmed.replace(/^W\//, ''));
  });
}

/**
 * The response to `request` for a kept document: the best coding it accepts (Brotli, then
 * gzip, by its q-values), or a 304 when it already holds the content. `no-transform` keeps the
 * compression middleware from compressing the identity copy again for a client that only
 * accepts deflate: every coding served is one kept here.
 */
export async function documentResponse(request: Request, document: KeptDocument, cacheControl: string): Promise<Response> {
  const coding = acceptedEncodings(request.headers.get('accept-encoding') ?? undefined).find((accepted) => document[accepted]);
  const headers = new Headers({
    'Content-Type': document.contentType,
    'Cache-Control': `${cacheControl}, no-transform`,
    ETag: etagOf(document, coding ?? 'identity'),
    Vary: 'Accept-Encoding',
  });
  if (matches(request.headers.get('if-none-match'), document)) return new Response(null, { status: 304, headers });
  const body = coding ? document[coding]! : await document.identity();
  if (coding) headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(body.length));
  return new Response(oneChunk(body), { status: 200, headers });
}

/** The kept bytes as a stream of one chunk: `new Response(bytes)` would copy them for every response. */
function oneChunk(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
