/**
 * Serves `app/locales/{code}.json` as precompiled catalogues, so the browser ships no ICU
 * parser, cut in parts (app/i18n/message-parts.ts), each its own chunk loaded on demand:
 *   `virtual:openpool-catalogues` exports `catalogueLoaders[code][part]`, one dynamic import each;
 *   `virtual:openpool-catalogue/{code}/{part}` is one compiled part of one language.
 * Keys a locale lacks take the English text, so every chunk stands alone and a page never
 * shows a raw message id. Messages may use plain arguments and plurals only: that is what the
 * site's translator renders (app/i18n/translator.ts), and anything else fails here.
 */
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

export function compiledCatalogs(localesDir = join(import.meta.dirname, '..', 'app', 'locales')): Plugin {
  const readCatalogue = (code: string) =>
    JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8')) as Record<string, string>;
  const codes = () =>
    readdirSync(localesDir)
      .filter((file) => /^[a-z-]+\.json$/.test(file))
      .map((file) => file.replace(/\.json$/, ''));

  return {
    name: 'openpool:compiled-catalogs',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(ONE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
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
        const compiled = compileCatalogue(readCatalogue(code), readCatalogue('en'), part as MessagePart);
        return `export default ${JSON.stringify(compiled)};`;
      }
      return null;
    },
  };
}
