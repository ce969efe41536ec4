/**
 * Reading cookies, on the server (a Cookie header) and in the browser (`document.cookie`),
 * with the `cookie` package (it replaced three hand-written parsers). Its own module, so
 * pages that only write a cookie do not carry the parser.
 */
import { parseCookie } from 'cookie';

/** Percent-decoding that drops a malformed value instead of passing it on raw. */
function decodeStrict(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** No browser sends a Cookie header this long; the server ignores one (hostile input). */
export const MAX_COOKIE_HEADER = 8192;

/**
 * One cookie's value; a malformed value is nothing, not its raw text. The first of two cookies
 * of one name wins. `document.cookie` is the browser's own, so it passes no length limit.
 */
export function readCookie(header: string | null | undefined, name: string, maxLength = MAX_COOKIE_HEADER): string | null {
  if (!header || header.length > maxLength) return null;
  return parseCookie(header, { decode: decodeStrict })[name] ?? null;
}
