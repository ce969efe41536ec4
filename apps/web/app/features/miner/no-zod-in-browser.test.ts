/**
 * The miner stats, worker and payouts pages take only types from the domain's schema modules in
 * the browser: one value imported from such a module builds its zod schemas there and put zod
 * (24.7 KB gzipped) into each of those pages' first visit (miner stats 191 KB, against decision
 * 006's budget). The loaders validate on the server; the browser gets checked data. Functions the
 * pages need live in zod-free modules (`@openpool/domain/export-days`, `reported-ratio`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = resolve(import.meta.dirname, '../..');
const domain = resolve(APP, '../../../packages/domain/src');
const withZod = readdirSync(domain)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .filter((name) => /from 'zod'/.test(readFileSync(join(domain, name), 'utf8')))
  .map((name) => name.replace(/\.ts$/, ''));

/** Value imports (not `import type`) of a domain module that builds zod schemas. */
function zodValueImports(source: string): string[] {
  const found: string[] = [];
  for (const [, names = '', module = ''] of source.matchAll(
    /^import\s+(?!type\b)([^;]*?)\s+from\s+'@openpool\/domain\/([a-z-]+)'/gms,
  )) {
    const values = names
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    if (withZod.includes(module) && values.length > 0) found.push(`${module}: ${values.join(', ')}`);
  }
  return found;
}

/** The app files a browser module imports statically (`~/` and relative; not `import type`). */
function appImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, spec = ''] of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    if (!spec.startsWith('~/') && !spec.startsWith('.')) continue;
    const base = spec.startsWith('~/') ? join(APP, spec.slice(2)) : resolve(dirname(file), spec);
    const candidate = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((path) => {
        try {
          return statSync(path).isFile() && /\.tsx?$/.test(path);
        } catch {
          return false;
        }
      });
    if (candidate) found.push(candidate);
  }
  return found;
}

describe('the miner pages in the browser', () => {
  it('import no value from a domain module that builds zod schemas', () => {
    expect(withZod).toEqual(expect.arrayContaining(['miner-export', 'best-reported', 'share-quality']));
    const seen = new Set<string>();
    const queue = ['stats', 'worker', 'payouts', 'layout'].map((name) => join(APP, 'routes/miner', `${name}.tsx`));
    const offending: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file) || /\.(test|server)\.tsx?$/.test(file)) continue;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      // A route module's loader runs on the server only (the build drops it from the browser's chunk).
      const browserPart = file.includes('/routes/') ? source.replace(/export async function loader[\s\S]*?\n}\n/g, '') : source;
      offending.push(...zodValueImports(browserPart).map((hit) => `${file.slice(APP.length + 1)} -> ${hit}`));
      queue.push(...appImports(file));
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(offending).toEqual([]);
  });

  it('would notice such an import', () => {
    expect(zodValueImports("import { ratioVerdict, type X } from '@openpool/domain/best-reported';")).toEqual([
      'best-reported: ratioVerdict',
    ]);
    expect(zodValueImports("import type { BestShares } from '@openpool/domain/best-reported';")).toEqual([]);
  });
});
