/**
 * A title and description for every page whose loader gives none (page-seo.ts): what the page
 * is and whose, from the route and its parameters, in the page's language. One table instead
 * of a catalogue load in thirty loaders; it runs in the root layout on the server and in the
 * browser alike, so a client-side navigation changes the tab's title too.
 */
import { COINS, isCoinTicker, type Coin } from '@openpool/domain/coins';
import { truncateMiddle } from '@openpool/domain/format';
import type { MessageId, MessageValues } from '~/i18n/use-t';
import type { PageSeo } from './page-seo';

type T = (id: MessageId, values?: MessageValues) => string;

const CHART_TITLES = {
  'coin-difficulty': 'page.coin.difficulty',
  'coin-hashrate': 'page.coin.hashrate',
  'coin-pool-hashrate': 'page.coin.poolHashrate',
} as const satisfies Record<string, MessageId>;

export interface RouteMatchLike {
  id: string;
  params: Readonly<Record<string, string | undefined>>;
  loaderData?: unknown;
}

/** A miner's address as a title shows it: its ends, which are what a miner recognises. */
export function shortAddress(address: string): string {
  return truncateMiddle(address, 6, 6);
}

/**
 * An address or worker name inside a right-to-left title: first-strong isolates keep it
 * whole and in its own order (a title cannot hold <bdi>). Invisible in left-to-right pages,
 * which get none.
 */
function isolate(text: string, rtl: boolean): string {
  return rtl ? `\u2068${text}\u2069` : text;
}

function coinOf(matches: readonly RouteMatchLike[]): Coin | null {
  for (const match of matches) {
    const ticker = match.params.coin;
    if (ticker && isCoinTicker(ticker)) return COINS[ticker];
    // A watcher link's layout knows the coin from its token (routes/watch/layout.tsx).
    const data = match.loaderData as { coin?: Coin; watcher?: { address?: string } } | null | undefined;
    if (data && typeof data === 'object' && data.watcher && data.coin) return data.coin;
  }
  return null;
}

function watchedAddress(matches: readonly RouteMatchLike[]): string | undefined {
  for (const match of matches) {
    const data = match.loaderData as { watcher?: { address?: string } } | null | undefined;
    if (data && typeof data === 'object' && data.watcher?.address) return data.watcher.address;
  }
  return undefined;
}

/** The deepest match's page, or null for the pages that keep the site's own title (home). */
export function routeSeo(matches: readonly RouteMatchLike[], t: T, rtl: boolean): PageSeo | null {
  const leaf = matches.at(-1);
  if (!leaf) return null;
  const page = leaf.id.replace(/\.lang$/, '');
  const coin = coinOf(matches);
  const name = coin?.name ?? '';
  const ticker = coin?.ticker.toUpperCase() ?? '';
  const rawAddress = leaf.params.address ?? watchedAddress(matches);
  const address = rawAddress ? isolate(shortAddress(rawAddress), rtl) : '';
  const worker = leaf.params.worker ? isolate(leaf.params.worker, rtl) : '';
  const simple = (title: MessageId, description: MessageId): PageSeo => ({ title: t(title), description: t(description) });
  switch (page) {
    case 'about':
      return simple('page.about.title', 'meta.about.description');
    case 'api':
      return simple('apiPage.title', 'apiPage.lead');
    case 'watchlist':
      return simple('watchlist.title', 'watchlist.lead');
    case 'merge':
      return simple('page.merge.title', 'mergePage.lead');
    case 'test':
      return simple('meta.test.title', 'connTest.lead');
    case 'coin-pool':
      return { title: t('page.coin.title', { name }), description: t('meta.coin.description', { name, ticker }) };
    case 'coin-about':
      return { title: t('page.coin.aboutCoin', { name }), description: t('meta.coinAbout.description', { name, ticker }) };
    case 'coin-difficulty':
    case 'coin-hashrate':
    case 'coin-pool-hashrate': {
      const title = t(CHART_TITLES[page], { name });
      return { title, description: t('meta.chart.description', { title, name }) };
    }
    case 'coin-top-miners':
      return { title: t('page.coin.topMiners', { name }), description: t('meta.topMiners.description', { name }) };
    case 'coin-blocks':
      return { title: t('page.coin.blocks', { name }), description: t('meta.blocks.description', { name }) };
    case 'miner-stats':
    case 'watch-stats':
      return { title: t('meta.miner.title', { name, address }), description: t('meta.miner.description', { name, address }) };
    case 'miner-worker':
    case 'watch-worker':
      return {
        title: t('meta.worker.title', { name, address, worker }),
        description: t('meta.worker.description', { name, address, worker }),
      };
    case 'miner-payouts':
    case 'watch-payouts':
      return address
        ? { title: t('meta.payouts.title', { name, address }), description: t('meta.payouts.description', { name, address }) }
        : { title: `${t('page.miner.payouts')} · ${name}`, description: t('page.miner.lookUp') };
    case 'miner-settings':
      return address
        ? { title: t('meta.settings.title', { name, address }), description: t('meta.settings.description', { name, address }) }
        : { title: `${t('page.miner.settings')} · ${name}`, description: t('page.miner.lookUp') };
    case 'miner-verify':
      return { title: `${t('page.miner.verify')} · ${name} · ${address}`, description: t('verify.intro') };
    case 'miner-email':
      return { title: `${t('page.miner.email')} · ${name}`, description: t('meta.coin.description', { name, ticker }) };
    default:
      return null;
  }
}
