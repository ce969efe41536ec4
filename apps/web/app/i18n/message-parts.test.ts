import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagePart, partsForPath } from './message-parts';

describe('messagePart', () => {
  it('keeps the home page cards in the site part and the rest of the pool words with the coin', () => {
    expect(messagePart('pool.card.hashrate')).toBe('site');
    expect(messagePart('pool.label.new')).toBe('site');
    expect(messagePart('pool.scheme.pps')).toBe('site');
    expect(messagePart('pool.servers.title')).toBe('coin');
    expect(messagePart('pool.header.fee')).toBe('layout');
    expect(messagePart('tabs.topMiners')).toBe('layout');
    expect(messagePart('chart.range.7d')).toBe('layout');
    expect(messagePart('watcher.lead')).toBe('account');
    expect(messagePart('watcher.banner')).toBe('miner');
    expect(messagePart('chart.range.day')).toBe('layout');
    expect(messagePart('chart.series.difficulty')).toBe('coin');
    expect(messagePart('settings.threshold')).toBe('account');
    // The verification page's lead, also its description in the head (loaded for a navigation).
    expect(messagePart('verify.intro')).toBe('account');
    expect(messagePart('meta.miner.title')).toBe('head');
    expect(messagePart('meta.description')).toBe('site');
    expect(messagePart('page.coin.title')).toBe('head');
    expect(messagePart('page.coin.topMiners')).toBe('coin');
    // The calculator on coin and device pages shows the form rules' messages.
    expect(messagePart('validation.required')).toBe('site');
    expect(messagePart('header.products')).toBe('site');
    expect(messagePart('page.about.title')).toBe('site');
  });
});

describe('partsForPath', () => {
  it('gives site pages the site and pages parts, coin pages the coin part too, miner pages no pages part', () => {
    expect(partsForPath('/')).toEqual(['site', 'pages']);
    expect(partsForPath('/ru')).toEqual(['site', 'pages']);
    expect(partsForPath('/fa/about')).toEqual(['site', 'pages']);
    expect(partsForPath('/device/asic/bitmain')).toEqual(['site', 'hardware']);
    expect(partsForPath('/fa/device/asic')).toEqual(['site', 'hardware']);
    expect(partsForPath('/fa/device/asic/bitmain/antminer-s21')).toEqual(['site', 'hardware', 'device']);
    expect(partsForPath('/device/bitmain/antminer-s21')).toEqual(['site', 'hardware', 'device']);
    expect(partsForPath('/device/bitmain')).toEqual(['site', 'hardware']);
    expect(partsForPath('/articles/how-to-start-mining')).toEqual(['site', 'pages']);
    expect(partsForPath('/btc')).toEqual(['site', 'layout', 'coin']);
    expect(partsForPath('/zh-cn/ltc/difficulty')).toEqual(['site', 'pages', 'layout', 'coin']);
    expect(partsForPath('/btc/miner/stats/bc1q')).toEqual(['site', 'layout', 'miner']);
    // A worker's page has the panels as islands too, which bring the panel part.
    expect(partsForPath('/btc/miner/stats/bc1q/rig1')).toEqual(['site', 'layout', 'miner']);
    expect(partsForPath('/fa/ltc/miner/stats/Lx/rig1/pps')).toEqual(['site', 'layout', 'miner']);
    expect(partsForPath('/watch/token/rig1/pps')).toEqual(['site', 'layout', 'miner']);
    expect(partsForPath('/watch/token/payouts')).toEqual(['site', 'layout', 'miner']);
    expect(partsForPath('/ru/kas/miner/settings')).toEqual(['site', 'layout', 'miner', 'account']);
    expect(partsForPath('/ltc/miner/email')).toEqual(['site', 'layout', 'miner', 'account']);
    expect(partsForPath('/fa/ltc/miner/verify/Lx')).toEqual(['site', 'layout', 'miner', 'account']);
    expect(partsForPath('/ltc/miner/payouts/Lx')).toEqual(['site', 'layout', 'miner']);
  });
  it('gives the API, connection test and merged-mining pages the extra part, the pool page the guides', () => {
    expect(partsForPath('/api')).toEqual(['site', 'pages', 'extra']);
    expect(partsForPath('/fa/test')).toEqual(['site', 'pages', 'extra']);
    expect(partsForPath('/merge')).toEqual(['site', 'pages', 'extra']);
    expect(partsForPath('/ltc')).toEqual(['site', 'layout', 'coin']);
    expect(messagePart('guide.tcp')).toBe('guide');
    // The pool page's panel around the guides names them before the island is in.
    expect(messagePart('guide.title')).toBe('coin');
    expect(messagePart('connTest.status.waiting')).toBe('extra');
    // What every page's head may name stays in the site part.
    expect(messagePart('apiPage.title')).toBe('site');
    expect(messagePart('connTest.lead')).toBe('extra');
  });
  it('keeps the hardware, article and notification words out of the miner pages', () => {
    expect(messagePart('hw.col.profit')).toBe('hardware');
    expect(messagePart('calc.title')).toBe('calc');
    expect(messagePart('kb.search')).toBe('pages');
    expect(messagePart('watchlist.hashrate24h')).toBe('pages');
    expect(messagePart('watchlist.watching')).toBe('site');
  });
});

// --- Guard: code the browser renders outside a coin page uses only site messages. ---

const APP = resolve(import.meta.dirname, '..');

/**
 * Files a module imports from the app (`~/` and relative), resolved to their .ts/.tsx path;
 * `loadedLater` keeps the dynamic imports too (code a page downloads when it needs it).
 */
function appImports(file: string, loadedLater = true): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = loadedLater ? /(?:from|import)\s*\(?\s*'([^']+)'/g : /(?:from|^import)\s*'([^']+)'/gm;
  for (const [, spec = ''] of source.matchAll(pattern)) {
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

/**
 * The route table of titles writes only the head: on the server, or in the browser once the
 * root's client loader has loaded the head part and the next page's parts for it (head-seo.ts);
 * its own test checks it has its words then.
 */
const HEAD_ONLY = /[\\/]shared[\\/]route-seo\.ts$/;

function reachable(entries: string[], loadedLater = true): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.(test|server)\.tsx?$/.test(file) || HEAD_ONLY.test(file)) continue;
    seen.add(file);
    queue.push(...appImports(file, loadedLater));
  }
  return seen;
}

/** The pages outside a coin that load the extra part too (partsForPath). */
const EXTRA_ROUTES = ['api-docs.tsx', 'merge.tsx', 'test.tsx'];
/** The device pages, which load the hardware part instead of the pages part (partsForPath). */
const DEVICE_ROUTES = ['device-list.tsx', 'device-vendor.tsx', 'device.tsx'];

describe('the site part', () => {
  it('holds every message that the frame and the pages outside a coin can show (with the pages part)', () => {
    const siteRoutes = readdirSync(join(APP, 'routes'))
      .filter((name) => /\.tsx$/.test(name) && !EXTRA_ROUTES.includes(name) && !DEVICE_ROUTES.includes(name))
      .map((name) => join(APP, 'routes', name));
    const files = reachable([join(APP, 'root.tsx'), ...siteRoutes]);
    expect(files.size).toBeGreaterThan(20);
    const english = Object.keys(JSON.parse(readFileSync(join(APP, 'locales/en.json'), 'utf8')) as object);
    const wrong: string[] = [];
    // message-parts.ts names the prefixes themselves.
    for (const file of [...files].filter((path) => !path.endsWith('message-parts.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const id of english) {
        if (!['site', 'pages'].includes(messagePart(id)) && source.includes(`'${id}'`))
          wrong.push(`${file.slice(APP.length + 1)}: ${id}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the pages part', () => {
  it('holds no message that the frame or a miner page can show', () => {
    const minerRoutes = ['miner', 'watch'].flatMap((folder) =>
      readdirSync(join(APP, 'routes', folder))
        .filter((name) => /\.tsx$/.test(name))
        .map((name) => join(APP, 'routes', folder, name)),
    );
    const files = reachable([join(APP, 'root.tsx'), ...minerRoutes]);
    expect(files.size).toBeGreaterThan(20);
    const english = Object.keys(JSON.parse(readFileSync(join(APP, 'locales/en.json'), 'utf8')) as object);
    const pages = english.filter((id) => messagePart(id) === 'pages');
    const prefixes = [...new Set(pages.map((id) => `${id.split('.')[0]}.`))].filter((prefix) =>
      english.filter((id) => id.startsWith(prefix)).every((id) => messagePart(id) === 'pages'),
    );
    expect(prefixes).toEqual(expect.arrayContaining(['kb.', 'comparePools.']));
    const wrong: string[] = [];
    // message-parts.ts names the prefixes themselves.
    for (const file of [...files].filter((path) => !path.endsWith('message-parts.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const id of pages) if (source.includes(`'${id}'`)) wrong.push(`${file.slice(APP.length + 1)}: ${id}`);
      // By prefix, so that a key built from parts (`hw.col.${name}`) is caught too.
      for (const prefix of prefixes)
        if (source.includes(`'${prefix}`) || source.includes(`\`${prefix}`))
          wrong.push(`${file.slice(APP.length + 1)}: ${prefix}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the extra and guide parts', () => {
  it('holds no message that the frame, the home page or a miner page can show', () => {
    const minerRoutes = ['miner', 'watch'].flatMap((folder) =>
      readdirSync(join(APP, 'routes', folder))
        .filter((name) => /\.tsx$/.test(name))
        .map((name) => join(APP, 'routes', folder, name)),
    );
    const files = reachable([join(APP, 'root.tsx'), join(APP, 'routes/home.tsx'), ...minerRoutes]);
    expect(files.size).toBeGreaterThan(20);
    const english = Object.keys(JSON.parse(readFileSync(join(APP, 'locales/en.json'), 'utf8')) as object);
    const onlySome = (id: string) => ['extra', 'guide'].includes(messagePart(id));
    const extra = english.filter(onlySome);
    expect(extra.length).toBeGreaterThan(20);
    // A prefix all of whose messages are in these parts is checked as a prefix too (a key built from parts).
    const prefixes = [...new Set(extra.map((id) => `${id.split('.')[0]}.`))].filter((prefix) =>
      english.filter((id) => id.startsWith(prefix)).every(onlySome),
    );
    expect(extra.filter((id) => id.startsWith('guide.')).length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const file of [...files].filter((path) => !path.endsWith('message-parts.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const id of extra) if (source.includes(`'${id}'`)) wrong.push(`${file.slice(APP.length + 1)}: ${id}`);
      for (const prefix of prefixes)
        if (source.includes(`'${prefix}`) || source.includes(`\`${prefix}`))
          wrong.push(`${file.slice(APP.length + 1)}: ${prefix}`);
      // The guides' words but their panel's title, also as a key built from parts.
      if (/['`]guide\.(?!title')/.test(source)) wrong.push(`${file.slice(APP.length + 1)}: guide.`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the account part', () => {
  it('holds no message that the frame or the stats, worker, payouts and watcher pages can show', () => {
    const routes = [
      ...['stats.tsx', 'worker.tsx', 'payouts.tsx', 'layout.tsx'].map((name) => join(APP, 'routes/miner', name)),
      ...readdirSync(join(APP, 'routes/watch'))
        .filter((name) => /\.tsx$/.test(name))
        .map((name) => join(APP, 'routes/watch', name)),
    ];
    const files = reachable([join(APP, 'root.tsx'), join(APP, 'routes/coin/layout.tsx'), ...routes]);
    expect(files.size).toBeGreaterThan(20);
    const english = Object.keys(JSON.parse(readFileSync(join(APP, 'locales/en.json'), 'utf8')) as object);
    const account = english.filter((id) => messagePart(id) === 'account');
    const prefixes = [...new Set(account.map((id) => `${id.split('.')[0]}.`))].filter((prefix) =>
      english.filter((id) => id.startsWith(prefix)).every((id) => messagePart(id) === 'account'),
    );
    expect(prefixes).toEqual(expect.arrayContaining(['settings.', 'email.']));
    const wrong: string[] = [];
    for (const file of [...files].filter((path) => !path.endsWith('message-parts.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const id of account) if (source.includes(`'${id}'`)) wrong.push(`${file.slice(APP.length + 1)}: ${id}`);
      for (const prefix of prefixes)
        if (source.includes(`'${prefix}`) || source.includes(`\`${prefix}`))
          wrong.push(`${file.slice(APP.length + 1)}: ${prefix}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Where `files` use a message of the given parts: by id, and by every prefix (of `depth` id
 * segments, or all but the last) whose messages are all in those parts, so that a key built
 * from parts (`hw.col.${name}`) is caught too. message-parts.ts names the prefixes themselves.
 */
function usesOf(files: Iterable<string>, parts: readonly string[], depth?: number) {
  const english = Object.keys(JSON.parse(readFileSync(join(APP, 'locales/en.json'), 'utf8')) as object);
  const ids = english.filter((id) => parts.includes(messagePart(id)));
  const prefixes = [
    ...new Set(
      ids.map(
        (id) =>
          `${id
            .split('.')
            .slice(0, depth ?? -1)
            .join('.')}.`,
      ),
    ),
  ].filter(
    (prefix) => prefix !== '.' && english.filter((id) => id.startsWith(prefix)).every((id) => parts.includes(messagePart(id))),
  );
  const wrong: string[] = [];
  for (const file of [...files].filter((path) => !path.endsWith('message-parts.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const id of ids) if (source.includes(`'${id}'`)) wrong.push(`${file.slice(APP.length + 1)}: ${id}`);
    for (const prefix of prefixes)
      if (source.includes(`'${prefix}`) || source.includes(`\`${prefix}`)) wrong.push(`${file.slice(APP.length + 1)}: ${prefix}`);
  }
  return { ids, prefixes, wrong };
}

describe('the pool page', () => {
  it('uses no hardware or guide word before its islands are in (they load those parts themselves)', () => {
    // What the pool page hydrates with: the frame, the coin layout and the page, without the
    // code its islands download later (decision 037).
    const files = reachable(
      [join(APP, 'root.tsx'), join(APP, 'routes/coin/layout.tsx'), join(APP, 'routes/coin/pool.tsx')],
      false,
    );
    expect(files.size).toBeGreaterThan(20);
    expect([...files].some((file) => file.endsWith('coin-calculator.tsx'))).toBe(false);
    const { prefixes, wrong } = usesOf(files, ['pages', 'hardware', 'device', 'calc', 'guide'], 1);
    expect(prefixes).toEqual(expect.arrayContaining(['hw.', 'calc.']));
    expect(wrong).toEqual([]);
  });

  it('loads those parts with the islands that show them', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(join(APP, 'features/hardware/islands.ts'), 'utf8')).toMatch(/parts: \['hardware', 'calc'\]/);
    expect(await readFile(join(APP, 'features/pool/islands.ts'), 'utf8')).toMatch(/parts: \['guide'\]/);
  });
});

describe('the panel part', () => {
  it('is in no module the miner and worker pages hydrate with, only in their islands', () => {
    const entries = [
      'root.tsx',
      'routes/coin/layout.tsx',
      ...['layout', 'stats', 'worker', 'payouts'].map((name) => `routes/miner/${name}.tsx`),
      ...['layout', 'stats', 'worker', 'payouts'].map((name) => `routes/watch/${name}.tsx`),
    ].map((path) => join(APP, path));
    const files = reachable(entries, false);
    expect([...files].some((file) => file.endsWith('workers-table.tsx'))).toBe(false);
    const { ids, wrong } = usesOf(files, ['panel']);
    expect(ids.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    // Every island of those pages brings the part, but the export dialog (the payouts page shows
    // it at once, so its words are the miner part's).
    const islands = readFileSync(join(APP, 'features/miner/islands.ts'), 'utf8');
    expect(islands.match(/panel[,)]/g)?.length).toBe(7);
  });
});

describe('the coin part', () => {
  it('holds no message that a miner or watcher page can show (they load the layout part instead)', () => {
    const minerRoutes = ['miner', 'watch'].flatMap((folder) =>
      readdirSync(join(APP, 'routes', folder))
        .filter((name) => /\.tsx$/.test(name) && !name.includes('.test.'))
        .map((name) => join(APP, 'routes', folder, name)),
    );
    // With the code their islands download later: a miner page never loads the coin part.
    const files = reachable([join(APP, 'root.tsx'), join(APP, 'routes/coin/layout.tsx'), ...minerRoutes]);
    expect(files.size).toBeGreaterThan(20);
    const { ids, wrong } = usesOf(files, ['coin'], 2);
    expect(ids.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});

describe('the hardware part', () => {
  it('holds every word the device pages show but the site part’s, and none the frame, home or miner pages show', () => {
    const devicePages = reachable([join(APP, 'root.tsx'), ...DEVICE_ROUTES.map((name) => join(APP, 'routes', name))]);
    expect([...devicePages].some((file) => file.endsWith('device-rows.tsx'))).toBe(true);
    const others = usesOf(devicePages, ['pages', 'layout', 'coin', 'miner', 'extra', 'account', 'guide', 'panel']);
    expect(others.wrong).toEqual([]);
    // A list and a manufacturer's page show no word of a device page's own part (their islands none either).
    const lists = reachable(['root.tsx', 'routes/device-list.tsx', 'routes/device-vendor.tsx'].map((path) => join(APP, path)));
    expect([...lists].some((file) => file.endsWith('device-filters.tsx'))).toBe(true);
    const own = usesOf(lists, ['device']);
    expect(own.ids.length).toBeGreaterThan(30);
    expect(own.wrong).toEqual([]);
    const elsewhere = reachable(
      [
        'root.tsx',
        'routes/home.tsx',
        'routes/articles.tsx',
        'routes/about.tsx',
        'routes/coin/layout.tsx',
        ...['layout', 'stats', 'worker', 'payouts'].map((name) => `routes/miner/${name}.tsx`),
      ].map((path) => join(APP, path)),
    );
    const { prefixes, wrong } = usesOf(elsewhere, ['hardware', 'device', 'calc'], 1);
    expect(prefixes).toEqual(expect.arrayContaining(['hw.', 'calc.']));
    expect(wrong).toEqual([]);
  });
});

describe('the calc part', () => {
  it('is in no module the device pages hydrate with, only in the calculators’ islands', () => {
    const devicePages = reachable([join(APP, 'root.tsx'), ...DEVICE_ROUTES.map((name) => join(APP, 'routes', name))], false);
    expect([...devicePages].some((file) => file.endsWith('calculator.tsx'))).toBe(false);
    const { ids, wrong } = usesOf(devicePages, ['calc']);
    expect(ids.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
    const islands = ['islands.ts', 'device-islands.ts']
      .map((name) => readFileSync(join(APP, 'features/hardware', name), 'utf8'))
      .join('\n');
    expect(islands.match(/'calc'\]/g)).toHaveLength(2);
  });
});
