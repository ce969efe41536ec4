/**
 * Which compressed copy a request may get: the page cache (server/html-cache.server.ts), the
 * build's precompressed assets (server/precompressed.server.ts) and the sitemaps and robots.txt
 * of the document cache all answer from copies kept compressed, so all three read the header
 * the same way. Plain Node runs this file (server.ts): only package imports.
 */
import Negotiator from 'negotiator';

/** Negotiator 1.x takes a preferred order for ties; its DefinitelyTyped types (0.6) do not say so. */
interface PreferredEncodings {
  encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
}

/**
 * The encodings a request accepts, best first by its q-values, Brotli before gzip on a tie;
 * `q=0` refuses one (Negotiator, the parser Express's own `req.acceptsEncodings` uses).
 */
export function acceptedEncodings(header: string | undefined): Array<'br' | 'gzip'> {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as Negotiator & PreferredEncodings;
  return negotiator.encodings(['br', 'gzip'], { preferred: ['br', 'gzip'] }) as Array<'br' | 'gzip'>;
}
