// @vitest-environment happy-dom
/**
 * A coin's start page (`/{coin}`) on the real coin layout and pool route (route-kit.tsx): the
 * pool's figures, servers, payout rules, schemes, recent blocks (the blocks page's newest) with
 * their explorer links and the calculator on the coin's reference device; without the coin's
 * stats, one line says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { NOW_S, createPoolStats } from '~/testing/payloads';
import { captureWarnings, content, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as layoutRoute from './layout';
import * as poolRoute from './pool';

afterEach(unmountPage);

const routes = [route(':coin', layoutRoute, [route(undefined, poolRoute, undefined, 'coin-pool')], 'coin')];
/** A block as the blocks API gives it; the stats' own list is the pool's chain only. */
const listed = (overrides: Record<string, unknown> = {}) => ({
  ...createPoolStats('ltc').last_blocks_found[0]!,
  coin: 'ltc',
  finder: 'ltc1qfinder',
  worker: null,
  ...overrides,
});
const ltcApi = (overrides = {}, blocks: unknown[] = [listed()]) =>
  stubApi({
    [apiPaths.poolStats('ltc')]: createPoolStats('ltc', overrides),
    [apiPaths.blocks('ltc')]: { page: 1, page_size: 10, total: blocks.length, results: blocks },
  });
const panel = (page: HTMLElement, title: string) =>
  [...page.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent === title);

describe('coin pool route', () => {
  it('shows the pool’s live figures', async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi(), until: 'pool-stats' });
    const figures = Object.fromEntries(
      [...page.querySelectorAll('[data-testid="pool-stats"] dd[data-testid]')].map((dd) => [
        dd.getAttribute('data-testid'),
        dd.textContent,
      ]),
    );
    expect(figures).toMatchObject({
      'stat-hashrate': '2.88 PH/s',
      'stat-miners': '1\u202F234',
      'stat-workers': '5\u202F678',
      'stat-blocks24h': '42',
      'stat-last-block': '1 hour ago',
      'stat-effort': '32.6%',
      'stat-net-hashrate': '1.60 EH/s',
      'stat-height': '2\u202F845\u202F123',
    });
  });

  it("links the connection guide to /test, its arrow held to the link's last word", async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi(), until: 'guide-test-link' });
    const link = page.querySelector('[data-testid="guide-test-link"] a');
    expect(link?.getAttribute('href')).toMatch(/^\/test\?coin=ltc/);
    expect(link?.textContent).toMatch(/arrive\u00A0→$/);
  });

  it('gives the current effort at one decimal, a round one too (decision 024)', async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi({ effort: 0.77 }), until: 'pool-stats' });
    expect(page.querySelector('[data-testid="stat-effort"]')?.textContent).toBe('77.0%');
  });

  it('gives the stratum servers, the payout rules and each scheme with its fee', async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi(), until: 'servers' });
    expect(textOf(page, 'servers')).toContain('ltc-eu.pool.test:3333');
    expect(textOf(page, 'servers')).toContain('ltc-eu.pool.test:3334');
    const payouts = panel(page, 'Payouts')!;
    expect([...payouts.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual([
      'Minimum payout0.010000 LTC',
      'Default threshold0.100000 LTC',
      'ScheduleHourly',
    ]);
    expect(payouts.textContent).toContain('Merge-mined DOGE, PEP, BELLS are paid once a day.');
    const schemes = [...page.querySelectorAll('[data-testid="schemes"] li')].map((li) => li.querySelector('p')?.textContent);
    expect(schemes).toEqual(['PPS+Fee 2%', 'PROPFee 1%', 'SOLOFee 1.5%']);
  });

  it('lists recent blocks with a link to each in the coin’s explorer', async () => {
    const hash = 'cd'.repeat(32);
    const block = listed({ hash, height: 2_845_000, date: NOW_S - 7_200 });
    const api = ltcApi({ last_blocks_found: [] }, [block]);
    const page = await renderPage(routes, '/ltc', { api, until: 'blocks-table' });
    const link = page.querySelector('[data-testid="blocks-table"] a');
    expect(link?.getAttribute('href')).toBe(`https://blockchair.com/litecoin/block/${hash}`);
    expect(link?.getAttribute('aria-label')).toBe('View block 2\u202F845\u202F000 in the explorer');
    expect(textOf(page, 'blocks-table')).toContain('6.250000 LTC');
    expect(textOf(page, 'blocks-table')).toContain('2 hours ago');
    // The blocks page's source and its first rows, merge-mined ones included.
    expect(api.paths).toContain(`${apiPaths.blocks('ltc')}?page=1&page_size=10&merged=true`);
  });

  it('lists the merge-mined blocks the blocks page lists while the pool’s chain has none yet', async () => {
    const doge = listed({ hash: 'ef'.repeat(32), coin: 'doge', merged_from: 'ltc', height: 5_000_000, reward: '10000' });
    const page = await renderPage(routes, '/ltc', { api: ltcApi({ last_blocks_found: [] }, [doge]), until: 'blocks-table' });
    expect(page.querySelector('[data-testid="blocks-none"]')).toBeNull();
    expect(textOf(page, 'block-chain')).toBe('DOGEmerge-mined with LTC');
    expect(textOf(page, 'blocks-table')).toContain('10\u202F000.000000 DOGE');
  });

  it("gives a merge-mined block's effort as the parent's, and says why when one is unknown", async () => {
    const merged = (hash: string, effort: number | null) =>
      listed({ hash, coin: 'doge', merged_from: 'ltc', height: 5_000_000, reward: '10000', effort });
    const known = await renderPage(routes, '/ltc', {
      api: ltcApi({ last_blocks_found: [] }, [listed({ effort: 0.913 }), merged('ef'.repeat(32), 2.8791)]),
      until: 'blocks-table',
    });
    expect([...known.querySelectorAll('[data-testid="block-effort"]')].map((cell) => cell.textContent)).toEqual([
      '91.3%',
      '287.9%',
    ]);
    expect(known.querySelector('[data-testid="blocks-effort-note"]')).toBeNull();
    unmountPage();
    const page = await renderPage(routes, '/ltc', {
      api: ltcApi({ last_blocks_found: [] }, [merged('ef'.repeat(32), null)]),
      until: 'blocks-table',
    });
    // The cell itself carries the reason (title and screen-reader words), not a bare dash.
    expect(textOf(page, 'block-effort')).toContain('—*Effort unknown');
    expect(textOf(page, 'blocks-effort-note')).toContain("Effort unknown: the pool's records begin after");
  });

  it('says no block was found yet on a pool without blocks', async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi({ last_blocks_found: [] }, []), until: 'blocks-none' });
    expect(page.querySelector('[data-testid="blocks-table"]')).toBeNull();
    expect(panel(page, 'Recent blocks')?.textContent).toContain('No blocks found yet.');
    expect(textOf(page, 'stat-last-block')).toBe('—');
  });

  it('starts the calculator on the coin’s reference device, linked to its page', async () => {
    const page = await renderPage(routes, '/ltc', { api: ltcApi(), until: 'calc-results' });
    expect(page.querySelector<HTMLInputElement>('[data-testid="calc-hashrate"]')?.value).toBe('16');
    expect(page.querySelector<HTMLSelectElement>('[data-testid="calc-unit"]')?.selectedOptions[0]?.textContent).toBe('GH/s');
    expect(page.querySelector<HTMLInputElement>('[data-testid="calc-power"]')?.value).toBe('3360');
    const device = page.querySelector('[data-testid="reference-device"]');
    expect([device?.textContent, device?.getAttribute('href')]).toEqual(['Antminer L9', '/device/asic/bitmain/antminer-l9']);
    expect(textOf(page, 'calc-row-1')).toMatch(/\d\.\d{6}/);
  });

  it('leaves out the device link when the catalogue lacks the reference device', async () => {
    const hardware = { ...content.hardware, devices: [] };
    const answer = await serve([layoutRoute, poolRoute], '/ltc', { coin: 'ltc' }, ltcApi(), {}, { hardware });
    expect(answer.data).toMatchObject({ merged: [], reference: null });
    const page = await renderPage(routes, '/ltc', { api: ltcApi(), until: 'calc-results', context: { hardware } });
    expect(page.querySelector('[data-testid="reference-device"]')).toBeNull();
    expect(page.querySelector<HTMLInputElement>('[data-testid="calc-power"]')?.value).toBe('0');
  });

  it('says the pool’s statistics are unavailable when the API is down, with nothing to misread', async () => {
    captureWarnings();
    const page = await renderPage(routes, '/ltc', { api: downApi, until: 'pool-unavailable' });
    expect(textOf(page, 'pool-unavailable')).toBe('Pool statistics are unavailable right now. Please try again in a minute.');
    for (const part of ['pool-stats', 'servers', 'calculator', 'blocks-table'])
      expect(page.querySelector(`[data-testid="${part}"]`), part).toBeNull();
    expect((await serve([layoutRoute, poolRoute], '/ltc', { coin: 'ltc' }, downApi)).status).toBe(200);
  });

  it('has its own title, naming the coin', async () => {
    await renderPage(routes, '/ltc', { api: ltcApi(), until: 'pool-stats' });
    expect(document.title).toBe('Litecoin mining pool · OpenPool');
  });
});
