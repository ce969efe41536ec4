/**
 * The map of the web app's imports (decision 035): no folder mixes server code with UI. The lint
 * rules in eslint.config.js refuse a bad import as it is written; this reads the whole tree, so
 * a file in the wrong folder, or a rule silenced by a comment, fails here too.
 * - UI folders (shared/, platform/, i18n/, currency/) hold no `*.server.*` file, and none of
 *   their files imports a server module, data/ or a `node:` builtin;
 * - data/ (loader helpers, every file `*.server.ts`) and server/ (the Express process) hold
 *   server code only, and import no UI: nothing from shared/ or features/, no `.tsx`, no React.
 * Type-only imports are left out: they are erased, so a component may name a loader's payload.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = resolve(import.meta.dirname, '..');
const APP = join(WEB, 'app');
const UI_FOLDERS = ['shared', 'platform', 'i18n', 'currency'];
const SERVER_FOLDERS = ['app/data', 'server'];

function sources(folder: string): string[] {
  return readdirSync(join(WEB, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

/** The modules a file imports for their values (type-only imports and exports left out). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm;
  for (const [, , typeOnly, clause, target] of source.matchAll(statement)) {
    if (typeOnly || !target) continue;
    const names = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '')?.[1];
    const allTypes = names !== undefined && names.split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()));
    if (!allTypes) found.push(target);
  }
  for (const [, target] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) if (target) found.push(target);
  return found;
}

/** An import's target as a path from apps/web (`app/data/x.server.ts`), or the bare specifier. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('~/')) return join('app', specifier.slice(2));
  if (specifier.startsWith('.')) return relative(WEB, resolve(WEB, dirname(file), specifier));
  return specifier;
}

const isServerModule = (path: string) =>
  /\.server(\.tsx?)?$/.test(path) || path.startsWith('node:') || SERVER_FOLDERS.some((f) => path.startsWith(`${f}/`));
/** A path without its extension names a `.tsx` file as often as a `.ts` one: look. */
const isTsx = (path: string) => path.endsWith('.tsx') || (!/\.[a-z]+$/.test(path) && existsSync(join(WEB, `${path}.tsx`)));
const isUiModule = (path: string) =>
  isTsx(path) ||
  /^react(-dom)?(\/|$)/.test(path) ||
  ['app/shared/', 'app/features/', 'app/routes/'].some((folder) => path.startsWith(folder));

/** Each file of `folders` with the imports of the wrong kind, as `file -> target`. */
function crossings(folders: readonly string[], wrong: (path: string) => boolean): string[] {
  return folders.flatMap((folder) =>
    sources(folder).flatMap((file) =>
      valueImports(readFileSync(join(WEB, file), 'utf8'))
        .map((specifier) => target(file, specifier))
        .filter(wrong)
        .map((path) => `${file} -> ${path}`),
    ),
  );
}

describe('the import map of the web app', () => {
  it('reads value imports and leaves type-only ones out', () => {
    const source = [
      "import { lookup } from '~/data/api-lookup.server';",
      "import type { Lookup } from '~/data/api-lookup.server';",
      "import { type KeptDocument } from '~/data/document-cache.server';",
      "import { type A, b } from './b';",
      "export { Panel } from '~/shared/panel';",
      "export type { PageSeo } from '~/shared/page-seo';",
      "import './zod-jitless';",
      "void import('./telemetry/error-reporter');",
    ].join('\n');
    expect(valueImports(source)).toEqual([
      '~/data/api-lookup.server',
      './b',
      '~/shared/panel',
      './zod-jitless',
      './telemetry/error-reporter',
    ]);
  });

  it('finds a crossing where there is one (the check can fail)', () => {
    expect(isServerModule(target('app/shared/probe.tsx', '../../server/html-cache.server.ts'))).toBe(true);
    expect(isServerModule(target('app/shared/probe.tsx', '~/data/route-middleware.server'))).toBe(true);
    expect(isServerModule('node:fs')).toBe(true);
    expect(isUiModule(target('server/probe.server.ts', '../app/shared/panel.tsx'))).toBe(true);
    expect(isUiModule(target('app/data/probe.server.ts', '~/features/pool/pool-card'))).toBe(true);
    expect(isUiModule(target('server/probe.server.ts', '../app/platform/api-client.ts'))).toBe(false);
    expect(isUiModule(target('app/data/probe.server.ts', '~/platform/site-settings'))).toBe(true);
    expect(isUiModule(target('app/data/probe.server.ts', '~/platform/cookies'))).toBe(false);
  });

  it('keeps every file of shared/, platform/, i18n/ and currency/ UI or isomorphic', () => {
    const serverFiles = UI_FOLDERS.flatMap((folder) => sources(`app/${folder}`)).filter((file) => /\.server\./.test(file));
    expect(serverFiles).toEqual([]);
    expect(
      crossings(
        UI_FOLDERS.map((folder) => `app/${folder}`),
        isServerModule,
      ),
    ).toEqual([]);
  });

  it('keeps data/ and server/ server-only, importing no UI', () => {
    // In app/ the suffix is what keeps a module out of the browser's bundle (React Router
    // refuses a client import of a `.server` module); server/ never reaches the bundler.
    expect(sources('app/data').filter((file) => !/\.server\.ts$/.test(file))).toEqual([]);
    expect(sources('server').filter((file) => file.endsWith('.tsx'))).toEqual([]);
    expect(crossings(SERVER_FOLDERS, isUiModule)).toEqual([]);
  });

  it('finds the folders it checks (a renamed folder would check nothing)', () => {
    for (const folder of [...UI_FOLDERS.map((f) => `app/${f}`), ...SERVER_FOLDERS])
      expect(sources(folder).length).toBeGreaterThan(2);
    expect(APP.endsWith('app')).toBe(true);
  });
});
