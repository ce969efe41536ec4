/**
 * What a payouts page loads, the miner's own page and a watcher link's alike: one page of the
 * miner's payouts in every coin it is paid in, and the explorer of each of those coins.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { CoinContent, CoinExplorer } from '@openpool/domain/coin-content';
import type { ApiClient } from '~/platform/api-client';
import { lookup } from '~/data/api-lookup.server';
import { fetchMinerPayouts } from './miner-api.server';
import type { Explorers } from './payouts-table';
import { parsePayoutsQuery } from './payouts-view';

/** Rows per page; the API's cursors page on from either end of it. */
export const PAYOUTS_PAGE_SIZE = 20;

export async function loadPayouts(api: ApiClient, content: CoinContent, coin: CoinTicker, address: string, url: URL) {
  const coins = [coin, ...(COINS[coin]?.mergedCoins ?? [])];
  const query = parsePayoutsQuery(url, coins);
  const explorers: Record<string, CoinExplorer> = {};
  for (const ticker of coins) {
    const explorer = content.coins[ticker]?.explorer;
    if (explorer) explorers[ticker] = explorer;
  }
  const page = await lookup(`payouts ${coin}`, () =>
    fetchMinerPayouts(api, coin, address, { ...query, limit: PAYOUTS_PAGE_SIZE }),
  );
  return { page, explorers: explorers satisfies Explorers };
}
