/**
 * Serves `app/locales/{code}.json` as precompiled catalogues, so the browser ships no ICU
 * parser, cut in parts (app/i18n/message-parts.ts), each its own chunk loaded on demand:
 *   `virtual:openpool-catalogues` exports `catalogueLoaders[code][part]`, one dynamic import each;
 *   `virtual:openpool-catalogue/{code}/{part}` is one compiled part of one language.
 * Keys a locale lacks take the English text, so every chunk stands alone and a page never
 * shows a raw message id. Messages may use plain arguments and plurals only: that is what the
 * site's translator renders (app/i18n/translator.ts), and anything else fails here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { MESSAGE_PARTS, messagePart, type MessagePart } from '../app/i18n/message-parts.ts';

const INDEX_ID = 'virtual:openpool-catalogues';
const ONE_PREFIX = 'virtual:openpool-catalogue/';

type Compiled = ReturnType<typeof compileMessage>;

/** Throws on a format the translator does not render (select, number, date...). */
function assertRenderable(id: string, message: Compiled): void {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, format, cases] = token;
    if (format === undefined) continue;
    if (format !== 'plural' || typeof cases !== 'object' || cases === null) {
      throw new Error(`${id}: {${name}, ${String(format)}} is not supported; use plain arguments and plurals`);
    }
    for (const [key, choice] of Object.entries(cases)) {
      if (key === 'offset') {
        if (choice !== undefined) throw new Error(`${id}: plural offsets are not supported`);
        continue;
      }
      assertRenderable(id, choice as Compiled);
    }
  }
}

export function compileCatalogue(
  source: Record<string, string>,
  english: Record<string, string>,
  part: MessagePart | null = null,
) {
  const compiled: Record<string, unknown> = {};
  for (const [id, text] of Object.entries({ ...english, ...source })) {
    if (part !== null && messagePart(id) !== part) continue;
    const message = compileMessage(text);
    assertRenderable(id, message);
    compiled[id] = message;
  }
  return compiled;
}

/** The compiled part as the module the browser imports. */
export function catalogueModule(compiled: Record<string, unknown>): string {
  return `export default ${JSON.stringify(compiled)};`;
}

/** A file's name from its content: the same words keep their name (and the browser's cache). */
export function catalogueFileHash(source: string): string {
  return createHash('sha256').update(source).digest('base64url').slice(0, 6);
}

/**
 * The browser build's index: every part of every language is a file the plugin writes itself
 * (`assets/i18n-{code}-{part}-{hash}.js`), and the index holds only their hashes. One dynamic
 * import per file, as the bundler writes them, cost every page 1.6 KB gzipped for 135 file names
 * (decision 037's addendum); this is about 0.6 KB.
 */
export function browserIndex(hashes: Record<string, readonly string[]>): string {
  const files = Object.fromEntries(Object.entries(hashes).map(([code, list]) => [code, list.join(' ')]));
  return [
    `const FILES = ${JSON.stringify(files)};`,
    `const PARTS = ${JSON.stringify(MESSAGE_PARTS)};`,
    // Relative to the chunk that holds this code, which is in assets/ like the files.
    'const load = (code, part) => import(/* @vite-ignore */ `./i18n-${code}-${part}-${FILES[code].split(" ")[PARTS.indexOf(part)]}.js`);',
    'export const catalogueLoaders = Object.fromEntries(Object.keys(FILES).map((code) => [code, Object.fromEntries(PARTS.map((part) => [part, () => load(code, part)]))]));',
  ].join('\n');
}

export function compiledCatalogs(localesDir = join(import.meta.dirname, '..', 'app', 'locales')): Plugin {
  const readCatalogue = (code: string) =>
    JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;
  const codes = () =>
    readdirSync(localesDir)
      .filter((file) => /^[a-z-]+\.json$/.test(file))
      .map((file) => file.replace(/\.json$/, ''));
  let building = false;

  return {
    name: 'openpool:compiled-catalogs',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(ONE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      // The browser's build writes the parts as files of their own (browserIndex); the server's
      // build and the tests import them as modules.
      if (id === `\0${INDEX_ID}` && building && this.environment?.name === 'client') {
        const english = readCatalogue('en');
        const hashes: Record<string, string[]> = {};
        for (const code of codes()) {
          this.addWatchFile(join(localesDir, `${code}.json`));
          hashes[code] = MESSAGE_PARTS.map((part) => {
            const source = catalogueModule(compileCatalogue(readCatalogue(code), english, part));
            const hash = catalogueFileHash(source);
            this.emitFile({ type: 'asset', fileName: `assets/i18n-${code}-${part}-${hash}.js`, source });
            return hash;
          });
        }
        return browserIndex(hashes);
      }
      if (id === `\0${INDEX_ID}`) {
        const entries = codes().map((code) => {
          const parts = MESSAGE_PARTS.map((part) => `${part}: () => import(${JSON.stringify(`${ONE_PREFIX}${code}/${part}`)})`);
          return `  ${JSON.stringify(code)}: { ${parts.join(', ')} },`;
        });
        return `export const catalogueLoaders = {\n${entries.join('\n')}\n};`;
      }
      if (id.startsWith(`\0${ONE_PREFIX}`)) {
        const [code = '', part = ''] = id.slice(ONE_PREFIX.length + 1).split('/');
        if (!(MESSAGE_PARTS as readonly string[]).includes(part)) return null;
        this.addWatchFile(join(localesDir, `${code}.json`));
        this.addWatchFile(join(localesDir, 'en.json'));
        return catalogueModule(compileCatalogue(readCatalogue(code), readCatalogue('en'), part as MessagePart));
      }
      return null;
    },
  };
}
