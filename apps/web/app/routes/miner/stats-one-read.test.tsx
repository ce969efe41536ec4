// @vitest-environment happy-dom
/**
 * The miner stats page in one read (decision 034), on the real coin layout, miner layout and
 * stats route (route-kit.tsx): the page's loader asks the API one path, whatever the range,
 * beside the coin header's pool stats, which the web server reuses (decision 015); on the web
 * server's own client a render after the first reaches the API once. Every part of the page
 * shows from that one answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiReuse } from '../../../server/api-reuse.server';
import { createApiClient, type ApiTransport } from '~/platform/api-client';
import { apiPaths, isPoolWidePath } from '~/platform/api-paths';
import { createMinerPage, createPoolStats } from '~/testing/payloads';
import { API_URL, layout, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as layoutRoute from '../coin/layout';
import * as minerLayoutRoute from './layout';
import * as statsRoute from './stats';

afterEach(unmountPage);

const noShares = { valid: 0, stale: 0, invalid: 0, stale_rate: null, invalid_rate: null };
const ADDRESS = 'ltc1qonereadtest000000000000000000000000read';
const URL_PATH = `/ltc/miner/stats/${ADDRESS}`;
const params = { coin: 'ltc', address: ADDRESS };
const chain = [layoutRoute, minerLayoutRoute, statsRoute];
const routes = [route(':coin', layoutRoute, [layout(minerLayoutRoute, [route('miner/stats/:address', statsRoute)])])];

const page = createMinerPage('ltc', ADDRESS, {
  quality: {
    pool: { '1h': noShares, '24h': noShares },
    miner: { '1h': noShares, '24h': noShares },
    stale_hint_workers: ['rig07'],
  },
  alerts: { email: null, telegram_chats: 2, telegram_bot: 'openpool_bot', telegram_link: 'https://t.me/openpool_bot?start=x' },
  best: {
    network_difficulty: 4.5e7,
    miner: { round: { difficulty: 2_000, at: 1_795_000_000 }, all_time: { difficulty: 9_000, at: 1_794_000_000 } },
  },
  reported: {
    miner: {
      '10m': { effective: 2.5e9, reported: 2.4e9, ratio: 2.5 / 2.4, workers_reporting: 1, workers_not_reporting: 0 },
      '24h': { effective: 2.3e9, reported: 2.4e9, ratio: 2.3 / 2.4, workers_reporting: 1, workers_not_reporting: 0 },
    },
  },
});
const answers = { [apiPaths.poolStats('ltc')]: createPoolStats('ltc'), [apiPaths.minerPage('ltc', ADDRESS)]: page };

describe('miner stats page, one read', () => {
  it('asks the API one path for the page, in either range, beside the header’s pool stats', async () => {
    for (const range of ['24h', '7d']) {
      const api = stubApi(answers);
      const answer = await serve(chain, `${URL_PATH}?range=${range}`, params, api);
      expect(answer.status).toBe(200);
      expect(api.paths).toEqual([apiPaths.poolStats('ltc'), `${apiPaths.minerPage('ltc', ADDRESS)}?range=${range}`]);
    }
  });

  it('on the web server’s client, each render after the first reaches the API once', async () => {
    const reached: string[] = [];
    // The API's own Cache-Control: pool-wide answers public for 10 s, the page revalidated each time.
    const transport: ApiTransport = async (url) => {
      reached.push(url.pathname + url.search);
      const body = answers[url.pathname];
      const cacheControl = isPoolWidePath(url.pathname) ? 'public, max-age=10' : 'private, no-cache';
      return {
        status: body ? 200 : 404,
        headers: new Headers({ 'content-type': 'application/json', 'cache-control': cacheControl }),
        text: async () => JSON.stringify(body ?? { error: 'not_found', message: 'Nothing found' }),
      };
    };
    const api = createApiClient({ baseUrl: API_URL, fetch: transport, reuse: createApiReuse({ maxSeconds: 5, now: () => 0 }) });
    expect((await serve(chain, URL_PATH, params, api)).status).toBe(200);
    expect(reached).toHaveLength(2);
    for (const range of ['24h', '7d', '24h']) {
      reached.length = 0;
      expect((await serve(chain, `${URL_PATH}?range=${range}`, params, api)).status).toBe(200);
      expect(reached).toEqual([`${apiPaths.minerPage('ltc', ADDRESS)}?range=${range}`]);
    }
  });

  it('shows every part of the page from that one answer', async () => {
    const api = stubApi(answers);
    const shown = await renderPage(routes, URL_PATH, { api, until: 'miner-workers' });
    expect(textOf(shown, 'miner-hashrate-10m')).toBe('2.50 GH/s');
    expect(shown.querySelectorAll('[data-testid="worker-row"]')).toHaveLength(1);
    expect(shown.querySelector('[data-testid="miner-rewards"]')).not.toBeNull();
    expect(shown.querySelector('[data-testid="miner-alerts-telegram"]')).not.toBeNull();
    expect(shown.querySelector('[data-testid="miner-quality-table"]')).not.toBeNull();
    expect(textOf(shown, 'miner-quality-hint')).toContain('rig07');
    expect(shown.querySelector('[data-testid="miner-best-shares"]')).not.toBeNull();
    expect(shown.querySelector('[data-testid="miner-reported-table"]')).not.toBeNull();
    expect(api.paths.filter((path) => !isPoolWidePath(path.split('?')[0]!))).toEqual([
      `${apiPaths.minerPage('ltc', ADDRESS)}?range=24h`,
    ]);
  });
});
