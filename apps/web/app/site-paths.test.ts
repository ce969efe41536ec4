/**
 * Every site path builder (`sitePaths`, packages/domain/src/paths.ts) names a page the router
 * serves (decision 024): each builder's path, bare and under a locale prefix, matches a route of
 * routes.ts other than the catch-all, and the route it matches is the page it means. A renamed
 * route or a builder spelling a path no page has fails here, not in a miner's mail.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { localizePath, type LocaleCode } from '@openpool/domain/locales';
import { sitePaths } from '@openpool/domain/paths';
import routes from './routes';

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };

function toRouteObjects(entries: readonly Entry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : { id: entry.id, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined },
  );
}

const tree = toRouteObjects(routes as unknown as Entry[]);

/** The file of the deepest route a path matches (null: none, or only the catch-all). */
function pageOf(path: string): string | null {
  const matches = matchRoutes(tree, path);
  const last = matches?.at(-1)?.route.id;
  if (!last || last === 'not-found') return null;
  const find = (entries: readonly Entry[]): Entry | undefined => {
    for (const entry of entries) {
      if (entry.id === last) return entry;
      const inner = entry.children ? find(entry.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return find(routes as unknown as Entry[])?.file ?? null;
}

const ADDRESS = 'ltc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const TOKEN = 'w'.repeat(43);

/** Each builder with example arguments and the page file it must lead to. */
const CASES: [keyof typeof sitePaths, string, string][] = [
  ['home', sitePaths.home(), 'routes/home.tsx'],
  ['coin', sitePaths.coin('ltc'), 'routes/coin/pool.tsx'],
  ['miner', sitePaths.miner('ltc', 'stats', ADDRESS), 'routes/miner/stats.tsx'],
  ['miner', sitePaths.miner('ltc', 'payouts', ADDRESS), 'routes/miner/payouts.tsx'],
  ['miner', sitePaths.miner('ltc', 'settings', ADDRESS), 'routes/miner/settings.tsx'],
  ['worker', sitePaths.worker('ltc', ADDRESS, 'rig 01/a', 'pps'), 'routes/miner/worker.tsx'],
  ['article', sitePaths.article('what-is-pps'), 'routes/article.tsx'],
  ['supportArticle', sitePaths.supportArticle('ru'), 'routes/article.tsx'],
  ['deviceType', sitePaths.deviceType('asic'), 'routes/device-list.tsx'],
  ['deviceVendor', sitePaths.deviceVendor('bitmain'), 'routes/device-vendor.tsx'],
  ['deviceVendor', sitePaths.deviceVendor('bitmain', 'asic'), 'routes/device-vendor.tsx'],
  ['device', sitePaths.device({ type: 'asic', vendor: 'bitmain', slug: 'antminer-l9' }), 'routes/device.tsx'],
  ['notify', sitePaths.notify('confirm'), 'routes/notify.tsx'],
  ['watch', sitePaths.watch(TOKEN), 'routes/watch/stats.tsx'],
  ['watchPayouts', sitePaths.watchPayouts(TOKEN), 'routes/watch/payouts.tsx'],
  ['watchWorker', sitePaths.watchWorker(TOKEN, 'rig01', 'pps'), 'routes/watch/worker.tsx'],
];

describe('site path builders', () => {
  it('cover every builder', () => {
    const tested = new Set(CASES.map(([name]) => name));
    const missing = (Object.keys(sitePaths) as (keyof typeof sitePaths)[]).filter((name) => !tested.has(name));
    expect(missing, 'builders without a case here').toEqual([]);
  });

  it.each(CASES)('%s: %s is a page of the router, bare and under a locale', (_name, path, file) => {
    expect(pageOf(path)).toBe(file);
    for (const locale of ['ru', 'fa', 'zh-cn'] as const satisfies readonly LocaleCode[])
      expect(pageOf(localizePath(path, locale)), locale).toBe(file);
  });
});
