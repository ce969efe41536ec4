/**
 * Zod probes for `new Function` the first time it parses an object, to compile a faster parser.
 * The site's CSP forbids eval, so in the browser the probe was reported as a policy violation on
 * every page that parses an answer (Lighthouse: 'Issues were logged in the Issues panel'; a CSP
 * report endpoint would get one per visit). Zod skips the probe when `jitless` is set; its global
 * configuration lives on `globalThis.__zod_globalConfig` so that every copy of zod shares it, and
 * setting it there before any schema module runs costs no import of zod on pages that never
 * parse. The root route imports this first. The server keeps the compiled parsers.
 */
const KEY = '__zod_globalConfig';

if (typeof document !== 'undefined') {
  const holder = globalThis as { [KEY]?: Record<string, unknown> };
  holder[KEY] = Object.assign(holder[KEY] ?? {}, { jitless: true });
}

export {};
