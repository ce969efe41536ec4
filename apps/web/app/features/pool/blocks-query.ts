/**
 * The blocks page's query (decision 027), shared by its loader and its links: the API's own
 * parameters, read from the page's URL and written back into the links of filters and pages.
 */
import { isRewardScheme, isWellFormedAddress } from '@openpool/domain/address';

export const BLOCK_STATUSES = ['pending', 'confirmed', 'orphaned'] as const;
export const BLOCKS_PAGE_SIZE = 25;
const MAX_PAGE = 100_000;

export interface BlocksQuery {
  page: number;
  status: (typeof BLOCK_STATUSES)[number] | null;
  scheme: string | null;
  finder: string | null;
}

/** The page's query from its URL; a value that is none of the filter's is dropped, not an error. */
export function blocksQueryOf(url: URL): BlocksQuery {
  const page = Number(url.searchParams.get('page') ?? '1');
  const status = url.searchParams.get('status');
  const scheme = url.searchParams.get('scheme');
  const finder = url.searchParams.get('finder')?.trim() ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    status: BLOCK_STATUSES.find((known) => known === status) ?? null,
    scheme: scheme && isRewardScheme(scheme) ? scheme : null,
    finder: finder && isWellFormedAddress(finder) ? finder : null,
  };
}

/** `/{coin}/blocks` with a query: only the values that differ from the defaults. */
export function blocksHref(coin: string, query: Partial<BlocksQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.scheme) params.set('scheme', query.scheme);
  if (query.finder) params.set('finder', query.finder);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/${coin}/blocks${search ? `?${search}` : ''}`;
}
