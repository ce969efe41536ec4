// @vitest-environment happy-dom
/**
 * `/{coin}/blocks` on the real coin layout and blocks route (route-kit.tsx): every block with its
 * chain, confirmations as the API gives them and status; filters and paging are links that keep
 * each other; a solo miner's "my blocks" names the miner; the list unavailable says so (200).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { captureWarnings, renderPage, route, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as localeRoute from '../locale';
import * as layoutRoute from './layout';
import * as blocksRoute from './blocks';

afterEach(unmountPage);

const coinRoutes = (lang = false) => [
  route(
    ':coin',
    layoutRoute,
    [route('blocks', blocksRoute, undefined, lang ? 'coin-blocks.lang' : 'coin-blocks')],
    lang ? 'coin.lang' : 'coin',
  ),
];
const routes = [...coinRoutes(), route(':lang', localeRoute, coinRoutes(true))];
const SOLO = 'ltc1qsolominer00000000000000000000000000abc';

function block(overrides: Record<string, unknown>) {
  return {
    date: 1_763_640_000,
    height: 3_000_000,
    hash: 'h',
    reward: '6.25',
    scheme: 'pps',
    effort: 0.8,
    status: 'pending',
    confirmations: 37,
    required_confirmations: 100,
    merged_from: null,
    coin: 'ltc',
    finder: 'ltc1qother',
    worker: null,
    ...overrides,
  };
}

const blocksApi = (
  total = 60,
  results = [
    block({ hash: 'a' }),
    block({
      hash: 'b',
      effort: 1.77,
      coin: 'doge',
      merged_from: 'ltc',
      height: 5_000_000,
      reward: '10000',
      status: 'confirmed',
      confirmations: 40,
      required_confirmations: 40,
    }),
  ],
) =>
  stubApi({
    [apiPaths.poolStats('ltc')]: createPoolStats('ltc'),
    [apiPaths.blocks('ltc')]: { page: 2, page_size: 25, total, results },
  });

describe('blocks route', () => {
  it("lists each block with its chain, the chain's confirmations and status", async () => {
    const api = blocksApi();
    const page = await renderPage(routes, '/ltc/blocks?page=2', { api, until: 'blocks-table' });
    expect(page.querySelector('h1')?.textContent).toBe('Litecoin blocks found');
    expect(document.title).toBe('Litecoin blocks found · OpenPool');
    const rows = [...page.querySelectorAll('[data-testid="block-row"]')];
    expect(rows.map((row) => row.querySelector('[data-testid="block-chain"]')?.textContent)).toEqual([
      'LTC',
      'DOGEmerge-mined with LTC',
    ]);
    expect(rows.map((row) => row.querySelector('[data-testid="block-confirmations"]')?.textContent)).toEqual([
      '37 / 100',
      '40 / 40',
    ]);
    // Efforts at one decimal each, a round one too.
    expect(rows.map((row) => row.querySelector('[data-testid="block-effort"]')?.textContent)).toEqual(['80.0%', '177.0%']);
    expect(api.paths).toContain(`${apiPaths.blocks('ltc')}?page=2&page_size=25&merged=true`);
  });

  it('says in words why an effort is not known, in the cell and under the table', async () => {
    const known = await renderPage(routes, '/ltc/blocks', { api: blocksApi(), until: 'blocks-table' });
    // Every effort known: no note.
    expect(known.querySelector('[data-testid="blocks-effort-note"]')).toBeNull();
    unmountPage();
    const api = blocksApi(2, [block({ hash: 'a' }), block({ hash: 'b', coin: 'doge', merged_from: 'ltc', effort: null })]);
    const page = await renderPage(routes, '/ltc/blocks', { api, until: 'blocks-table' });
    const [first, second] = [...page.querySelectorAll('[data-testid="block-row"]')];
    expect(first?.querySelector('[data-testid="block-effort"]')?.textContent).toBe('80.0%');
    const unknown = second?.querySelector('[data-testid="block-effort-unknown"]');
    const why =
      "Effort unknown: the pool's records begin after this block's round started, or hold no difficulty of its chain from before the block.";
    expect(unknown?.getAttribute('title')).toBe(why);
    // A screen reader hears the reason, not a dash.
    expect(unknown?.querySelector('.sr-only')?.textContent).toBe(why);
    expect(textOf(page, 'blocks-effort-note')).toBe(`—* ${why}`);
    unmountPage();
    const ru = await renderPage(routes, '/ru/ltc/blocks', { api, until: 'blocks-table' });
    expect(textOf(ru, 'blocks-effort-note')).toContain('Эффорт неизвестен');
  });

  it('pages both ways and keeps the filters in every link', async () => {
    const page = await renderPage(routes, '/ltc/blocks?page=2&status=pending&scheme=solo', {
      api: blocksApi(),
      until: 'blocks-paging',
    });
    expect(page.querySelector('[data-testid="blocks-paging"] a[rel="prev"]')?.getAttribute('href')).toBe(
      '/ltc/blocks?status=pending&scheme=solo',
    );
    expect(page.querySelector('[data-testid="blocks-paging"] a[rel="next"]')?.getAttribute('href')).toBe(
      '/ltc/blocks?status=pending&scheme=solo&page=3',
    );
    expect(textOf(page, 'blocks-page-of')).toBe('Page 2 of 3 · 60 blocks');
    const current = [...page.querySelectorAll('[data-testid="blocks-filters"] a[aria-current]')].map((a) => a.textContent);
    expect(current).toEqual(['Pending', 'SOLO']);
  });

  it("shows a solo miner's own blocks, and drops filter values that are none", async () => {
    const api = blocksApi();
    const page = await renderPage(routes, `/ltc/blocks?finder=${SOLO}&status=lost&page=-4`, { api, until: 'blocks-finder' });
    expect(textOf(page, 'blocks-finder')).toContain('Blocks found by');
    expect(api.paths).toContain(`${apiPaths.blocks('ltc')}?page=1&page_size=25&merged=true&finder=${SOLO}`);
  });

  it('says so when the list is unavailable, in Persian with the pair left to right', async () => {
    captureWarnings();
    const down = stubApi({ [apiPaths.poolStats('ltc')]: createPoolStats('ltc') });
    const page = await renderPage(routes, '/fa/ltc/blocks', { api: down, until: 'blocks-filters' });
    expect(page.querySelector('[data-testid="blocks-table"]')).toBeNull();
    const fa = await renderPage(routes, '/fa/ltc/blocks', { api: blocksApi(), until: 'blocks-table' });
    expect(fa.querySelector('[data-testid="block-confirmations"] bdi')?.getAttribute('dir')).toBe('ltr');
  });
});
