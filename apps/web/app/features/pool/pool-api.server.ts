/**
 * The pool calls of the coin pages and the home page (decision 007): each one parses its
 * answer with the API's own schema and throws on any failure; the loader decides, through
 * `lookup()`, what a failure means for its page.
 */
import { blocksPageSchema, poolStatsSchema, topMinersSchema, type PoolStats } from '@openpool/domain/api';
import type { ApiClient } from '~/platform/api-client';
import { lookup } from '~/data/api-lookup.server';
import { BLOCKS_PAGE_SIZE, type BlocksQuery } from './blocks-query';
import { apiPaths } from '~/platform/api-paths';
import { parsePoolStats, poolDefaults, type PoolSummary } from './pool-stats';

/** `GET /{coin}/api/v1/pool/stats`, read leniently where the spec says so (`parsePoolStats`). */
export async function fetchPoolStats(api: ApiClient, coin: string): Promise<PoolStats> {
  return parsePoolStats(await api.request(apiPaths.poolStats(coin)));
}

/** `GET /{coin}/api/v1/pool/stats` exactly as the schema has it (the comparison table). */
export async function fetchStrictPoolStats(api: ApiClient, coin: string): Promise<PoolStats> {
  return poolStatsSchema.parse(await api.request(apiPaths.poolStats(coin)));
}

/**
 * A coin's summary for a card or the coin header: one coin's outage never breaks a page, so
 * anything but found gives the defaults (the page then says its figures are unavailable).
 */
export async function fetchPoolSummary(api: ApiClient, ticker: string): Promise<PoolSummary> {
  const result = await lookup(`pool stats ${ticker}`, () => fetchPoolStats(api, ticker), { missing: 'unavailable' });
  if (result.kind !== 'found') return poolDefaults(ticker);
  return { ticker, name: result.value.name || ticker.toUpperCase(), stats: result.value };
}

/** `GET /{coin}/api/v1/top-miners`: the pool's biggest miners by hashrate. */
export async function fetchTopMiners(api: ApiClient, coin: string) {
  return topMinersSchema.parse(await api.request(apiPaths.topMiners(coin))).results;
}

/** The newest blocks the coin page's card shows: the first rows of the blocks page. */
export const RECENT_BLOCKS = 10;

/**
 * `GET /{coin}/api/v1/blocks`, with the merge-mined coins' blocks. The blocks page and the coin
 * page's recent-blocks card both read it, so the card never says "no blocks" beside a blocks
 * page that lists merge-mined ones (the pool stats' own list has the pool's chain only).
 */
export async function fetchBlocks(api: ApiClient, coin: string, query: BlocksQuery, pageSize: number = BLOCKS_PAGE_SIZE) {
  const params: Record<string, string> = { page: String(query.page), page_size: String(pageSize), merged: 'true' };
  if (query.status) params.status = query.status;
  if (query.scheme) params.scheme = query.scheme;
  if (query.finder) params.finder = query.finder;
  return blocksPageSchema.parse(await api.request(apiPaths.blocks(coin), { query: params }));
}
