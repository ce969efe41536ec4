/**
 * `virtual:openpool-articles`: every article compiled at build time (article-compiler.ts).
 * Imported only by server modules (features/articles/*.server.ts), so no article text reaches
 * the browser's JavaScript; a page's HTML carries its own article only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type { FigureSources } from '@openpool/domain/article-figures';
import { parseCoinContent } from '@openpool/domain/coin-content';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { compileArticles, readArticleFiles } from './article-compiler.ts';

const ID = 'virtual:openpool-articles';

export function figureSources(contentDir: string): FigureSources {
  const read = (file: string) => readFileSync(join(contentDir, file), 'utf8');
  return {
    pool: parsePoolConfig(JSON.parse(read('pools.json'))),
    coinContent: parseCoinContent(JSON.parse(read('coins.json'))),
    supportEmail: parseSiteConfig(read('site.json')).support_email,
  };
}

export function articles(contentDir = join(import.meta.dirname, '..', '..', '..', 'content')): Plugin {
  const articlesDir = join(contentDir, 'articles');
  return {
    name: 'openpool:articles',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    load(id) {
      if (id !== `\0${ID}`) return null;
      const files = readArticleFiles(articlesDir);
      for (const file of files) this.addWatchFile(file.file);
      for (const file of ['pools.json', 'coins.json', 'site.json']) this.addWatchFile(join(contentDir, file));
      const compiled = compileArticles(files, figureSources(contentDir));
      return `export const articles = ${JSON.stringify(compiled)};`;
    },
  };
}
