/**
 * Serves `app/locales/{code}.json` as precompiled Lingui catalogues, so the browser ships no
 * ICU parser, and each locale is its own chunk loaded on demand:
 *   `virtual:openpool-catalogues` exports `catalogueLoaders`, one dynamic import per locale;
 *   `virtual:openpool-catalogue/{code}` is one compiled catalogue.
 * Keys a locale lacks take the English text, so every chunk stands alone and a page never
 * shows a raw message id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const INDEX_ID = 'virtual:openpool-catalogues';
const ONE_PREFIX = 'virtual:openpool-catalogue/';

export function compileCatalogue(source: Record<string, string>, english: Record<string, string>) {
  const compiled: Record<string, unknown> = {};
  for (const [id, text] of Object.entries({ ...english, ...source })) compiled[id] = compileMessage(text);
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
        const entries = codes().map((code) => `  ${JSON.stringify(code)}: () => import(${JSON.stringify(ONE_PREFIX + code)}),`);
        return `export const catalogueLoaders = {\n${entries.join('\n')}\n};`;
      }
      if (id.startsWith(`\0${ONE_PREFIX}`)) {
        const code = id.slice(ONE_PREFIX.length + 1);
        this.addWatchFile(join(localesDir, `${code}.json`));
        this.addWatchFile(join(localesDir, 'en.json'));
        return `export default ${JSON.stringify(compileCatalogue(readCatalogue(code), readCatalogue('en')))};`;
      }
      return null;
    },
  };
}
