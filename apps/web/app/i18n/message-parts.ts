/**
 * The catalogue of each language is cut in thirteen parts, so a first visit downloads only the
 * messages its pages can show:
 *   site:  the frame, the home page and every page outside a coin;
 *   pages: what only the home, coin and outside-a-coin pages show, not the miner pages:
 *          articles, the pool comparison, about, notifications, the watch list (two thirds of
 *          the site part's bytes, which every miner page downloaded);
 *   hardware: the device lists and manufacturer pages, and what a device page shares with
 *          them (the power cost, the columns both show); no other page before an island needs it;
 *   device: what only a device page shows (specifications, profit per coin, sellers), so a
 *          list does not download it (decision 038);
 *   calc:  the revenue calculators, islands on the pool page and the device page (decision 038),
 *          loaded with their code;
 *   layout: what every coin and miner page shows around its content (pool header, tabs, the
 *          charts' range links);
 *   coin:  the coin pages (pool, charts, top miners, about the coin, blocks);
 *   miner: the miner pages (stats, workers, payouts);
 *   account: the miner's settings, e-mail account and verification pages, which the stats,
 *          worker and payouts pages do not show (decision 036);
 *   extra: the words of the API page, the connection test and the merged-mining page, which no
 *          coin, miner or home page shows (1.2-1.5 KB gzipped that every page downloaded in the
 *          site part; decision 036);
 *   guide: the pool page's connection guides (0.8 KB that every miner page downloaded in the
 *          coin part), loaded with the guides' island;
 *   panel: the miner and worker pages' panels below the first screen (workers, balance,
 *          rewards, reported hashrate, best shares, share quality), loaded with their islands;
 *   head:  the titles and descriptions only a page's head shows (shared/route-seo.ts): the
 *          server writes the first page's head, and the browser loads them for its first
 *          client-side navigation (shared/head-seo.ts, decision 038), not for a first visit;
 * The pool page's calculator and guides are islands (decision 037): their parts (hardware, guide)
 * come with their code, not before the page hydrates.
 * A message belongs to a part by its id's prefix; a page needs the parts of its path. Shared by
 * the build (which writes one chunk per language and part) and the browser (which loads the
 * parts of the next page before it renders). Pure, so both sides agree.
 */
import { splitLocalePath } from '@openpool/domain/locales';
import { DEVICE_TYPES } from '@openpool/domain/routes';

export const MESSAGE_PARTS = [
  'site',
  'pages',
  'hardware',
  'device',
  'calc',
  'layout',
  'coin',
  'miner',
  'extra',
  'account',
  'guide',
  'panel',
  'head',
] as const;
export type MessagePart = (typeof MESSAGE_PARTS)[number];

// Checked in order: the first prefix that matches decides. The home page's pool cards use the
// card, label and scheme words, so those stay in the site part, as does the notice that the
// first start's history is still filling (home and coin pages). The form rules' messages
// ('validation.') are the site's too: the calculator on coin and device pages shows them.
const PREFIXES: ReadonlyArray<readonly [string, MessagePart]> = [
  // What only a page's head shows (shared/route-seo.ts); the site's own description stays with
  // the frame, and the coin pages' titles, which their headings show too, with the coin part.
  ['meta.description', 'site'],
  ['meta.', 'head'],
  ['page.coin.title', 'head'],
  ['page.coin.', 'coin'],
  ['page.miner.lookUp', 'head'],
  ['pool.card.', 'site'],
  ['pool.historyFilling', 'site'],
  ['pool.label.', 'site'],
  ['pool.scheme.', 'site'],
  // The home page has the address search too (decision 027).
  ['pool.search.', 'site'],
  // What every coin page and miner page shows around its content (the pool header, the tabs,
  // the charts' range links and loading words): the layout part, so a miner page does not
  // download the pool page's, the blocks page's or the charts' own words.
  ['pool.header.', 'layout'],
  ['tabs.', 'layout'],
  ['chart.loading', 'layout'],
  ['chart.range', 'layout'],
  ['chart.series.time', 'layout'],
  ['chart.summary', 'layout'],
  ['pool.', 'coin'],
  // The pool page names the guides' panel; the guides themselves are an island (decision 037).
  ['guide.title', 'coin'],
  ['guide.', 'guide'],
  ['chart.', 'coin'],
  ['topMiners.', 'coin'],
  ['about.', 'coin'],
  // The miner stats page's panels below a phone's first screen are islands that bring these
  // words with their code (decision 037); the panels' titles show before, and stay.
  ['miner.workers.title', 'miner'],
  // A worker's own figures name its status and last share as the workers table does.
  ['miner.workers.status', 'miner'],
  ['miner.workers.online', 'miner'],
  ['miner.workers.offline', 'miner'],
  ['miner.workers.lastShare', 'miner'],
  ['miner.workers.', 'panel'],
  ['miner.dailyRewards.title', 'miner'],
  ['miner.dailyRewards.', 'panel'],
  ['miner.balance', 'panel'],
  ['miner.merged.title', 'panel'],
  ['miner.reward7d', 'panel'],
  ['miner.reward30d', 'panel'],
  ['miner.solo.', 'panel'],
  ['miner.threshold', 'panel'],
  ['miner.totalPaid', 'panel'],
  ['miner.unconfirmed', 'panel'],
  ['miner.', 'miner'],
  ['settings.', 'account'],
  ['payouts.', 'miner'],
  ['worker.', 'miner'],
  ['email.', 'account'],
  ['verify.', 'account'],
  // Decision 023's miner panels: share quality, reported hashrate, best shares, watcher links.
  ['quality.title', 'miner'],
  ['quality.workersHint', 'miner'],
  ['quality.', 'panel'],
  ['reported.title', 'miner'],
  ['reported.', 'panel'],
  ['best.title', 'miner'],
  ['best.', 'panel'],
  // A watcher's pages show the banner; the links' list and form are the settings page's.
  ['watcher.banner', 'miner'],
  ['watcher.pages', 'miner'],
  ['watcher.readOnly', 'miner'],
  ['watcher.', 'account'],
  // Not on miner pages (message-parts.test.ts checks what the frame and miner pages use).
  // The watch list's page is outside a coin; its title names it in the footer, and the miner
  // pages' watch button shows two of its words.
  ['watchlist.title', 'site'],
  ['watchlist.watch', 'site'],
  ['watchlist.', 'pages'],
  // A device page's own words; the rest of hw. is the lists' and shared with them. Plain
  // tuples: a call here would keep this build-time table in the browser's frame.
  ['hw.spec', 'device'],
  ['hw.priceBasis.', 'device'],
  ['hw.notMined.', 'device'],
  ['hw.stock.', 'device'],
  ['hw.sellers', 'device'],
  ['hw.noSellers', 'device'],
  ['hw.exclusive', 'device'],
  ['hw.figures', 'device'],
  ['hw.col.source', 'device'],
  ['hw.col.paybackToday', 'device'],
  ['hw.col.coin', 'device'],
  ['hw.col.electricity', 'device'],
  ['hw.col.paybackTrend', 'device'],
  ['hw.trend', 'device'],
  ['hw.noPrice', 'device'],
  ['hw.inputs', 'device'],
  ['hw.breakEven', 'device'],
  ['hw.mergedNote', 'device'],
  ['hw.paybackNote', 'device'],
  ['hw.profitability', 'device'],
  ['hw.best', 'device'],
  ['hw.startMining', 'device'],
  ['hw.noFigures', 'device'],
  ['hw.assumptions', 'device'],
  ['hw.pricesAt', 'device'],
  ['hw.yourPrice', 'device'],
  ['hw.priceInvalid', 'device'],
  ['hw.', 'hardware'],
  ['calc.', 'calc'],
  ['comparePools.', 'pages'],
  ['notify.', 'pages'],
  ['aboutPool.', 'pages'],
  ['kb.', 'pages'],
  // The titles the footer names stay in the site part; the rest of these pages' words (their
  // leads, which are also their descriptions in the head) only they load.
  ['apiPage.title', 'site'],
  ['apiPage.', 'extra'],
  ['mergePage.', 'extra'],
  ['connTest.', 'extra'],
];

export function messagePart(id: string): MessagePart {
  return PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'site';
}

/** First path segments of the pages outside a coin (apps/web/app/routes.ts); any other is a coin. */
/** The miner's pages that show the account part's words (`/{coin}/miner/{page}`). */
const ACCOUNT_PAGES = new Set(['settings', 'email', 'verify']);

/** Pages outside a coin that show the extra part's words. */
const EXTRA_SEGMENTS = new Set(['api', 'merge', 'test']);

const SITE_SEGMENTS = new Set([
  'about',
  'api',
  'articles',
  'compare-mining-pools',
  'merge',
  'test',
  'device',
  'watchlist',
  'notify',
]);

/** The parts a page needs. A path that is no page (a 404) may load a part it does not use: harmless. */
export function partsForPath(pathname: string): MessagePart[] {
  const [first, second, third, fourth] = splitLocalePath(pathname).rest.split('/').filter(Boolean);
  if (first !== undefined && EXTRA_SEGMENTS.has(first)) return ['site', 'pages', 'extra'];
  if (first === 'device') {
    // A device page is `/device/{type}/{vendor}/{slug}` or `/device/{vendor}/{slug}` (routes.ts);
    // by the segments alone, since parseDeviceRoute's checks would join every page's frame.
    const devicePage =
      fourth !== undefined || (third !== undefined && !(DEVICE_TYPES as readonly string[]).includes(second ?? ''));
    return devicePage ? ['site', 'hardware', 'device'] : ['site', 'hardware'];
  }
  if (first === undefined || SITE_SEGMENTS.has(first)) return ['site', 'pages'];
  // A watcher link (`/watch/{token}`) opens a miner's pages outside a coin's path.
  if (first === 'watch') return ['site', 'layout', 'miner'];
  if (second === 'miner')
    return third !== undefined && ACCOUNT_PAGES.has(third) ? ['site', 'layout', 'miner', 'account'] : ['site', 'layout', 'miner'];
  // The coin's pool page has the hardware calculator and the connection guides, islands that
  // load their words (hardware, guide) with their code (decision 037).
  return second === undefined ? ['site', 'layout', 'coin'] : ['site', 'pages', 'layout', 'coin'];
}
