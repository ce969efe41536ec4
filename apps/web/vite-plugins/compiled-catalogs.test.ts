import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { isLocaleCode } from '@openpool/domain/locales';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_PARTS } from '../app/i18n/message-parts.ts';
import { catalogueFileHash, compileCatalogue, compiledCatalogs } from './compiled-catalogs';

describe('compileCatalogue', () => {
  it('takes the English text for keys the locale lacks', () => {
    expect(compileCatalogue({ greeting: 'Привет' }, { greeting: 'Hello', farewell: 'Goodbye' })).toEqual({
      greeting: ['Привет'],
      farewell: ['Goodbye'],
    });
  });

  it('compiles English alone when the locale is empty', () => {
    expect(compileCatalogue({}, { a: 'One', b: 'Two' })).toEqual({ a: ['One'], b: ['Two'] });
  });

  it('keeps English key order, translated keys in place', () => {
    expect(Object.keys(compileCatalogue({ c: 'C', a: 'A' }, { a: 'a', b: 'b', c: 'c' }))).toEqual(['a', 'b', 'c']);
  });

  it('compiles plain text to a one-string message', () => {
    expect(compileCatalogue({}, { plain: 'Just text' })).toEqual({ plain: ['Just text'] });
  });

  it('compiles a placeholder to an argument array', () => {
    expect(compileCatalogue({ title: 'Ошибка {status}' }, { title: 'Error {status}' })).toEqual({
      title: ['Ошибка ', ['status']],
    });
  });

  it('compiles a plural with its cases', () => {
    const compiled = compileCatalogue({}, { intro: 'We mine {count, plural, one {# coin} other {# coins}}.' });
    expect(compiled.intro).toEqual([
      'We mine ',
      ['count', 'plural', { offset: undefined, one: ['#', ' coin'], other: ['#', ' coins'] }],
      '.',
    ]);
  });

  it('keeps only the messages of the part asked for', () => {
    const english = { 'error.x': 'E', 'pool.card.x': 'C', 'pool.servers.x': 'S', 'settings.x': 'M', 'miner.x': 'W' };
    expect(Object.keys(compileCatalogue({}, english, 'site'))).toEqual(['error.x', 'pool.card.x']);
    expect(Object.keys(compileCatalogue({}, english, 'coin'))).toEqual(['pool.servers.x']);
    expect(Object.keys(compileCatalogue({}, english, 'miner'))).toEqual(['miner.x']);
    expect(Object.keys(compileCatalogue({}, english, 'account'))).toEqual(['settings.x']);
  });

  it('refuses formats the translator does not render', () => {
    expect(() => compileCatalogue({}, { a: '{kind, select, a {A} other {B}}' })).toThrow('a: {kind, select} is not supported');
    expect(() => compileCatalogue({}, { b: 'Paid {amount, number}' })).toThrow('b: {amount, number} is not supported');
    expect(() => compileCatalogue({}, { c: '{n, plural, offset:1 one {#} other {# more}}' })).toThrow('plural offsets');
    expect(() => compileCatalogue({}, { d: '{n, plural, one {{x, select, a {A} other {B}}} other {#}}' })).toThrow('d:');
  });

  it('unescapes ICU apostrophes', () => {
    expect(compileCatalogue({}, { page: "This page''s data" })).toEqual({ page: ["This page's data"] });
  });

  it('keeps a broken message as its raw text and reports it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(compileCatalogue({ bad: 'Broken {status' }, { bad: 'Fine {status}' })).toEqual({ bad: ['Broken {status'] });
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('Message: Broken {status');
  });
});

describe('compiledCatalogs plugin', () => {
  let dir: string;
  const watched: string[] = [];
  type Hooks = {
    resolveId(id: string): string | null;
    load(this: { addWatchFile(file: string): void }, id: string): string | null;
  };
  let plugin: Hooks;
  const context = { addWatchFile: (file: string) => void watched.push(file) };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'openpool-catalogs-'));
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ hello: 'Hello {name}', bye: 'Bye' }));
    writeFileSync(join(dir, 'ru.json'), JSON.stringify({ hello: 'Привет, {name}' }));
    writeFileSync(join(dir, 'zh-cn.json'), JSON.stringify({}));
    writeFileSync(join(dir, 'notes.txt'), 'not a catalogue');
    writeFileSync(join(dir, 'en_GB.json'), '{}');
    writeFileSync(join(dir, 'EN.json'), '{}');
    plugin = compiledCatalogs(dir) as unknown as Hooks;
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves its own virtual ids only', () => {
    expect(plugin.resolveId('virtual:openpool-catalogues')).toBe('\0virtual:openpool-catalogues');
    expect(plugin.resolveId('virtual:openpool-catalogue/ru/site')).toBe('\0virtual:openpool-catalogue/ru/site');
    expect(plugin.resolveId('virtual:other')).toBeNull();
    expect(plugin.resolveId('./en.json')).toBeNull();
  });

  it("writes the browser build's parts as files named by their content, the index holding only hashes", async () => {
    const build = compiledCatalogs(dir) as unknown as Hooks & { configResolved(config: { command: string }): void };
    build.configResolved({ command: 'build' });
    const emitted: Array<{ type: string; fileName: string; source: string }> = [];
    const client = {
      ...context,
      environment: { name: 'client' },
      emitFile: (file: (typeof emitted)[number]) => void emitted.push(file),
    };
    const source = build.load.call(client, '\0virtual:openpool-catalogues') ?? '';
    // Three languages, every part: one file each, the words compiled.
    expect(emitted).toHaveLength(3 * MESSAGE_PARTS.length);
    const ruSite = emitted.find((file) => file.fileName.startsWith('assets/i18n-ru-site-'))!;
    expect(ruSite.source).toContain('"hello":["Привет, ",["name"]]');
    expect(ruSite.fileName).toBe(`assets/i18n-ru-site-${catalogueFileHash(ruSite.source)}.js`);
    // One dynamic import in the index, not one per file.
    expect(source.match(/import\(/g)).toHaveLength(1);
    expect(source).toContain(catalogueFileHash(ruSite.source));
    // The index, run, loads a part from the file it names.
    const imported: string[] = [];
    const run = new Function(
      'fetchModule',
      source.replace(/import\(\/\* @vite-ignore \*\/ /, 'fetchModule(').replace('export const catalogueLoaders =', 'return'),
    );
    const loaders = run((url: string) => imported.push(url)) as Record<string, Record<string, () => void>>;
    loaders.ru!.site!();
    expect(imported).toEqual([`./${ruSite.fileName.slice('assets/'.length)}`]);
    // The server's build keeps one module per part.
    const ssr = { ...client, environment: { name: 'ssr' } };
    expect(build.load.call(ssr, '\0virtual:openpool-catalogues')).toContain('virtual:openpool-catalogue/ru/site');
  });

  it('loads an index with one dynamic import per catalogue file and part', () => {
    const source = plugin.load.call(context, '\0virtual:openpool-catalogues');
    expect(source).not.toBeNull();
    const lines = (source ?? '').split('\n');
    expect(lines[0]).toBe('export const catalogueLoaders = {');
    expect(lines.at(-1)).toBe('};');
    const parts = (code: string) =>
      `  "${code}": { site: () => import("virtual:openpool-catalogue/${code}/site"), ` +
      `pages: () => import("virtual:openpool-catalogue/${code}/pages"), ` +
      `hardware: () => import("virtual:openpool-catalogue/${code}/hardware"), ` +
      `device: () => import("virtual:openpool-catalogue/${code}/device"), ` +
      `calc: () => import("virtual:openpool-catalogue/${code}/calc"), ` +
      `layout: () => import("virtual:openpool-catalogue/${code}/layout"), ` +
      `coin: () => import("virtual:openpool-catalogue/${code}/coin"), ` +
      `miner: () => import("virtual:openpool-catalogue/${code}/miner"), ` +
      `extra: () => import("virtual:openpool-catalogue/${code}/extra"), ` +
      `account: () => import("virtual:openpool-catalogue/${code}/account"), ` +
      `guide: () => import("virtual:openpool-catalogue/${code}/guide"), ` +
      `panel: () => import("virtual:openpool-catalogue/${code}/panel"), ` +
      `head: () => import("virtual:openpool-catalogue/${code}/head") },`;
    expect(lines.slice(1, -1).sort()).toEqual([parts('en'), parts('ru'), parts('zh-cn')]);
  });

  it('loads one compiled catalogue with English filling the gaps, watching both files', () => {
    watched.length = 0;
    const source = plugin.load.call(context, '\0virtual:openpool-catalogue/ru/site') ?? '';
    expect(source).toMatch(/^export default \{.*\};$/s);
    expect(JSON.parse(source.replace(/^export default /, '').replace(/;$/, ''))).toEqual({
      hello: ['Привет, ', ['name']],
      bye: ['Bye'],
    });
    expect(watched.sort()).toEqual([join(dir, 'en.json'), join(dir, 'ru.json')]);
  });

  it('leaves other modules alone', () => {
    expect(plugin.load.call(context, 'virtual:openpool-catalogues')).toBeNull();
    expect(plugin.load.call(context, '/src/app.ts')).toBeNull();
    expect(plugin.load.call(context, '\0virtual:openpool-catalogue/ru/other')).toBeNull();
  });
});

// --- The real catalogues: guards against translators' mistakes. ---

const LOCALES_DIR = join(import.meta.dirname, '..', 'app', 'locales');

function readCatalogue(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')) as Record<string, unknown>;
}

/** Every argument a compiled message names, plural and select cases included. */
function argumentNames(message: CompiledMessage, names = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    names.add(name);
    if (format && typeof format === 'object') {
      for (const [key, choice] of Object.entries(format)) {
        if (key !== 'offset' && Array.isArray(choice)) argumentNames(choice as CompiledMessage, names);
      }
    }
  }
  return names;
}

/** What is wrong with a translation against English, one line per problem. */
function catalogueProblems(english: Record<string, unknown>, translation: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, text] of Object.entries(translation)) {
    if (!(key in english)) {
      problems.push(`${key}: not in en.json`);
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${key}: empty or not a string`);
      continue;
    }
    let compiled: CompiledMessage;
    try {
      compiled = compileMessageOrThrow(text);
    } catch (error) {
      problems.push(`${key}: does not compile (${(error as Error).message})`);
      continue;
    }
    const expected = [...argumentNames(compileMessageOrThrow(String(english[key])))].sort();
    const actual = [...argumentNames(compiled)].sort();
    if (expected.join() !== actual.join()) {
      problems.push(`${key}: placeholders {${actual.join(', ')}} instead of {${expected.join(', ')}}`);
    }
  }
  return problems;
}

describe('catalogue checks', () => {
  const english = {
    'a.title': 'Error {status}',
    'a.count': '{count, plural, one {# coin} other {# coins}} of {total}',
    'a.plain': 'Plain',
  };

  it('accept a faithful translation', () => {
    expect(
      catalogueProblems(english, {
        'a.title': 'Ошибка {status}',
        'a.count': '{count, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}} из {total}',
        'a.plain': 'Просто',
      }),
    ).toEqual([]);
  });

  it('catch unknown keys, broken ICU, empty text and changed placeholders', () => {
    expect(
      catalogueProblems(english, {
        'a.extra': 'Extra',
        'a.title': 'Ошибка {statut}',
        'a.count': '{count, plural, one {# монета} other {# монет}',
        'a.plain': ' ',
      }),
    ).toEqual([
      'a.extra: not in en.json',
      'a.title: placeholders {statut} instead of {status}',
      expect.stringMatching(/^a\.count: does not compile \(/),
      'a.plain: empty or not a string',
    ]);
  });

  it('catch a placeholder dropped from a plural or one added', () => {
    expect(catalogueProblems(english, { 'a.count': '{count, plural, other {# монет}}' })).toEqual([
      'a.count: placeholders {count} instead of {count, total}',
    ]);
    expect(catalogueProblems(english, { 'a.plain': 'Просто {name}' })).toEqual(['a.plain: placeholders {name} instead of {}']);
  });
});

describe('the locale catalogues in app/locales', () => {
  const english = readCatalogue('en.json');
  const files = readdirSync(LOCALES_DIR).filter((file) => file.endsWith('.json'));

  it('include en.json, whose every message is a non-empty string that compiles', () => {
    expect(files).toContain('en.json');
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const [key, text] of Object.entries(english)) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      expect(() => compileMessageOrThrow(String(text)), key).not.toThrow();
    }
  });

  it('have only keys of en.json, messages that compile, and the English placeholders', () => {
    const problems = files
      .filter((file) => file !== 'en.json')
      .flatMap((file) => catalogueProblems(english, readCatalogue(file)).map((problem) => `${file} ${problem}`));
    expect(problems).toEqual([]);
  });

  it('are named by locale codes, in the form the plugin serves', () => {
    for (const file of files) {
      expect(file).toMatch(/^[a-z-]+\.json$/);
      expect(isLocaleCode(file.replace(/\.json$/, '')), file).toBe(true);
    }
  });
});
