/**
 * The device pages' browser code takes only types from the domain's schema modules: importing a
 * value from one builds its zod schemas in the browser and puts zod (about 25 KB gzipped) into
 * every device page's first visit (decision 006's budget; decision 010 measured 173.7 -> 148.3 KB).
 * Names the browser needs live in zod-free modules such as `@openpool/domain/hardware-keys`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const domain = join(import.meta.dirname, '../../../../../packages/domain/src');
const withZod = readdirSync(domain)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .filter((name) => /from 'zod'/.test(readFileSync(join(domain, name), 'utf8')))
  .map((name) => name.replace(/\.ts$/, ''));

/** Value imports (not `import type`) of a domain module that builds zod schemas. */
function zodValueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+'@openpool\/domain\/([a-z-]+)'/gms)) {
    const [, names, module] = match;
    const values = names!
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    if (withZod.includes(module!) && values.length > 0) found.push(`${module}: ${values.join(', ')}`);
  }
  return found;
}

describe('the device pages in the browser', () => {
  it('import no value from a domain module that builds zod schemas', () => {
    expect(withZod).toContain('hardware');
    const dir = import.meta.dirname;
    const browserFiles = readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && !/\.(server|test)\.tsx?$/.test(name));
    const offending = browserFiles.flatMap((name) =>
      zodValueImports(readFileSync(join(dir, name), 'utf8')).map((hit) => `${name} -> ${hit}`),
    );
    expect(offending).toEqual([]);
  });

  it('would notice such an import', () => {
    expect(zodValueImports("import { deviceKey, type Device } from '@openpool/domain/hardware';")).toEqual([
      'hardware: deviceKey',
    ]);
    expect(zodValueImports("import type { Device } from '@openpool/domain/hardware';")).toEqual([]);
  });
});
