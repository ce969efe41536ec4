// @vitest-environment happy-dom
/**
 * Every page type's figures (decisions 002, addendum, and 020): the home, coin (with its
 * calculator), top miners, miner stats, worker, payouts and merge pages rendered through their
 * real loaders under `createRoutesStub`, with a stubbed API in context, in en and fa. On each:
 * every amount shows its coin's decimals (nexa 2, btc 8, others 6) grouped by narrow no-break
 * spaces, no figure is grouped by a comma or a plain space, no Persian digit appears, and in fa
 * every text with a digit is an isolated figure (a bdi, an element with `dir`, or a first-strong
 * isolate inside a sentence) unless it is a catalogue label as written.
 */
import { readFileSync } from 'node:fs';
import { URL as NodeUrl } from 'node:url';
import type { MergedList, MinerStats, PoolStats } from '@openpool/domain/api';
import type { MinerPage } from '@openpool/domain/miner-page';
import { amountDecimals, AUX_TICKERS, COIN_TICKERS } from '@openpool/domain/coins';
import { parseCoinContent } from '@openpool/domain/coin-content';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';
import { parseSiteConfig } from '@openpool/domain/site-config';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterContextProvider, createRoutesStub, type LoaderFunction } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Translator } from '~/i18n/translator';
import { I18nProvider } from '~/i18n/use-t';
import { ApiError, type ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { createMinerPage } from '~/testing/payloads';
import en from '~/locales/en.json';
import fa from '~/locales/fa.json';
import * as layoutRoute from './coin/layout';
import * as poolRoute from './coin/pool';
import * as topMinersRoute from './coin/top-miners';
import * as homeRoute from './home';
import * as mergeRoute from './merge';
import * as payoutsRoute from './miner/payouts';
import * as statsRoute from './miner/stats';
import * as workerRoute from './miner/worker';

// Node's URL: happy-dom replaces the global one, which the file system does not take.
const content = new NodeUrl('../../../../content/', import.meta.url);
const read = (path: string) => readFileSync(new NodeUrl(path, content), 'utf8');
const config = parseSiteConfig(read('site.json'));
const coinContent = parseCoinContent(JSON.parse(read('coins.json')));
const hardware = parseHardwareCatalogue(
  Object.fromEntries(HARDWARE_FILES.map((name) => [name, read(`hardware/${name}`)])) as unknown as HardwareFiles,
);

const NOW_S = Math.floor(Date.now() / 1000);
const LTC_MINER = 'ltc1qfigurestest0000000000000000000000000000';

// Realistic network figures, so that estimates come out in the thousands where a coin pays many units.
const NETWORK: Record<string, { difficulty: number; reward: string }> = {
  btc: { difficulty: 1.1e14, reward: '3.125' },
  ltc: { difficulty: 4.5e7, reward: '6.25' },
  nexa: { difficulty: 2.1e5, reward: '10000000' },
  xec: { difficulty: 3.2e11, reward: '1812500' },
};

function createPoolStats(ticker: string, overrides: Partial<PoolStats> = {}): PoolStats {
  const network = NETWORK[ticker] ?? { difficulty: 5e9, reward: '12.5' };
  return {
    ticker,
    name: ticker.toUpperCase(),
    algorithm: 'sha256d',
    fee: 0.02,
    fee_type: 'PPS+',
    fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
    schemes: ['pps', 'prop', 'solo'],
    hashrate: 2.88e18,
    hashrate_6h: 2.8e18,
    hashrate_24h: 2.7e18,
    hashrate_by_scheme: { pps: 2.88e18 },
    miners: 12_345,
    workers: 67_890,
    net_hashrate: 8.1e20,
    net_difficulty: network.difficulty,
    block_reward: network.reward,
    height: 2_845_123,
    directMining: false,
    effort: 0.326,
    blocks_24h: 1_234,
    last_blocks_found: [
      {
        date: NOW_S - 3_600,
        height: 2_845_120,
        hash: 'ab'.repeat(32),
        reward: '1812500.123456789',
        scheme: 'pps',
        effort: 1.2345,
        status: 'pending',
        confirmations: 12,
        required_confirmations: 100,
        merged_from: null,
      },
    ],
    merged: [],
    payout: { schedule: 'hourly', min: '0.01', default_threshold: '1234.5' },
    servers: { urls: [`${ticker}-eu.pool.test:3333`], ssl_urls: [`${ticker}-eu.pool.test:3334`] },
    updated_at: NOW_S,
    history_filling: false,
    ...overrides,
  };
}

function createMinerStats(overrides: Partial<MinerStats> = {}): MinerStats {
  return {
    coin: 'ltc',
    address: LTC_MINER,
    hashrate_10m: 2.5e12,
    hashrate_6h: 2.4e12,
    hashrate_24h: 2.3e12,
    shares_24h: { valid: 1_234_567, stale: 1_234, invalid: 12 },
    reward_7d: '7.123456789',
    reward_30d: '30.5',
    balance: '0.31541731',
    unconfirmed_balance: '0.01',
    total_paid: '55.50236712',
    payout_threshold: '1234.5',
    min_payout: '0.01',
    workers_online: 42,
    workers_offline: 3,
    schemes: ['pps', 'solo'],
    solo_effort: null,
    blocks: 2,
    first_seen: NOW_S - 86_400 * 40,
    last_share: NOW_S - 60,
    merged: [
      { coin: 'doge', balance: '10922.33793512', unconfirmed_balance: '1812500', total_paid: '250.5' },
      { coin: 'pep', balance: '0.5', unconfirmed_balance: '0', total_paid: '0' },
    ],
    ...overrides,
  };
}

const worker = {
  worker: 'rig01',
  scheme: 'pps',
  status: 'online' as const,
  agent: 'cgminer/4.12',
  country: null,
  hashrate_10m: 2.5e12,
  avg_hashrate_30m: 2.5e12,
  avg_hashrate_3h: 2.4e12,
  avg_hashrate_24h: 2.3e12,
  valid: 1_234_567,
  stale: 5,
  invalid: 1,
  last_share: (NOW_S - 60) * 1000,
  first_share: (NOW_S - 86_400) * 1000,
  first_share_difficulty: 512,
  last_share_difficulty: 1024,
  hashrate_so_far: null,
};

/** The miner stats page's one read (decision 034): the figures above, a day's rewards. */
const ltcMinerPage = (overrides: Partial<MinerPage> = {}) =>
  createMinerPage('ltc', LTC_MINER, {
    stats: createMinerStats(),
    chart: { range: '24h', step: 600, points: [] },
    workers: [worker],
    rewards: [{ date: NOW_S - 86_400, amount: '1234.56789012', blocks: 1 }],
    ...overrides,
  });

const merged: MergedList = {
  results: [
    ['doge', 'Dogecoin', 'ltc'],
    ['pep', 'Pepecoin', 'ltc'],
    ['bells', 'Bellscoin', 'ltc'],
    ['fb', 'Fractal Bitcoin', 'btc'],
  ].map(([ticker, name, parent], index) => ({
    ticker: ticker!,
    name: name!,
    parents: [parent!],
    fee: 0.01,
    min_payout: ticker === 'fb' ? '0.1' : '10',
    payout_schedule: 'daily' as const,
    blocks_24h: 1_440 + index,
    last_block_found: NOW_S - 60,
    net_hashrate: (index + 1) * 1.1e15,
    net_difficulty: 2e7,
    block_reward: '10000',
    height: 5_600_000,
    updated_at: NOW_S,
  })),
};

/** The pool API as a table of answers by path; a path it does not know is the API's 404. */
function stubApi(overrides: Record<string, unknown> = {}): ApiClient {
  const answers: Record<string, unknown> = {
    ...Object.fromEntries(config.enabled.map((ticker) => [apiPaths.poolStats(ticker), createPoolStats(ticker)])),
    // The coin page's recent blocks read the blocks page's list: the same blocks here.
    ...Object.fromEntries(
      config.enabled.map((ticker) => {
        const results = createPoolStats(ticker).last_blocks_found.map((block) => ({
          ...block,
          coin: ticker,
          finder: 'f',
          worker: null,
        }));
        return [apiPaths.blocks(ticker), { page: 1, page_size: 10, total: results.length, results }];
      }),
    ),
    [apiPaths.topMiners('ltc')]: {
      results: [{ rank: 1, address: LTC_MINER, hashrate: 2.3e12, share: 0.0427, workers: 42, first_seen: NOW_S - 86_400 }],
    },
    [apiPaths.minerPage('ltc', LTC_MINER)]: ltcMinerPage(),
    [apiPaths.minerWorker('ltc', LTC_MINER, 'rig01')]: { worker, range: '24h', step: 600, points: [] },
    [apiPaths.minerPayoutsAll('ltc', LTC_MINER)]: {
      coins: ['ltc', 'doge', 'pep', 'bells'],
      coin: null,
      totals: [
        { coin: 'ltc', total_paid: '55.50236712', payouts: 41 },
        { coin: 'doge', total_paid: '250.5', payouts: 2 },
        { coin: 'pep', total_paid: '0', payouts: 0 },
        { coin: 'bells', total_paid: '0', payouts: 0 },
      ],
      results: [
        {
          id: '45',
          coin: 'doge',
          date: NOW_S - 1_800,
          amount: '12.5',
          received: '12.5',
          status: 'Paid',
          txid: 'ab'.repeat(32),
          confirmations: 7,
        },
        {
          id: '44',
          coin: 'ltc',
          date: NOW_S - 3_600,
          amount: '0.31541731',
          received: '0.31541731',
          status: 'Paid',
          txid: 'cd'.repeat(32),
          confirmations: 3,
        },
        {
          id: '43',
          coin: 'ltc',
          date: NOW_S - 7_200,
          amount: '1234.5',
          received: '1234.5',
          status: 'Unpaid',
          txid: null,
          confirmations: null,
        },
      ],
      older: '43',
      newer: null,
    },
    [apiPaths.minerBalance('ltc', LTC_MINER)]: { balance: '0.31541731', unconfirmed_balance: '0', total_paid: '55.50236712' },
    [apiPaths.merged()]: merged,
    ...overrides,
  };
  return {
    baseUrl: 'http://api.test',
    async request<T>(path: string): Promise<T> {
      const answer = answers[path];
      if (answer === undefined) throw new ApiError(404, { error: 'not_found' }, `http://api.test${path}`);
      return answer as T;
    },
  };
}

function contextWith(api: ApiClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, { api, config, coinContent, hardware } as Partial<AppContext> as AppContext);
  return context;
}

type RouteModule = { loader: unknown; default: unknown };
const catalogues: Record<'en' | 'fa', Translator> = {} as never;
let root: Root | undefined;
let host: HTMLElement;

beforeAll(async () => {
  catalogues.en = await loadCatalogue('en');
  catalogues.fa = await loadCatalogue('fa');
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
});

const route = (path: string, module: RouteModule) => ({
  path,
  loader: module.loader as LoaderFunction,
  Component: module.default as ComponentType,
});

/** `path` of a page (no locale prefix) rendered in `locale` with the real loaders; resolves once `testId` shows. */
async function render(locale: 'en' | 'fa', path: string, testId: string, api = stubApi()): Promise<HTMLElement> {
  // The site's routes in the locale's prefix (routes.ts nests them under an optional locale).
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const Stub = createRoutesStub(
    [
      route(prefix || '/', homeRoute as RouteModule),
      route(`${prefix}/merge`, mergeRoute as RouteModule),
      {
        ...route(`${prefix}/:coin`, layoutRoute as RouteModule),
        children: [
          { index: true, ...route('', poolRoute as RouteModule) },
          route('top-miners', topMinersRoute as RouteModule),
          route('miner/stats/:address', statsRoute as RouteModule),
          route('miner/stats/:address/:worker/:scheme?', workerRoute as RouteModule),
          route('miner/payouts/:address?', payoutsRoute as RouteModule),
        ],
      },
    ],
    contextWith(api),
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <I18nProvider i18n={catalogues[locale]}>
      <Stub initialEntries={[locale === 'en' ? path : `/fa${path === '/' ? '' : path}`]} />
    </I18nProvider>,
  );
  await vi.waitFor(() => expect(host.querySelector(`[data-testid="${testId}"]`)).not.toBeNull(), { timeout: 10_000 });
  return host;
}

function textNodes(page: HTMLElement): Text[] {
  const walker = document.createTreeWalker(page, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

const TICKERS = [...COIN_TICKERS, ...AUX_TICKERS].map((ticker) => ticker.toUpperCase());
// A sentence's figure may sit in an isolate (fa): '\u206810 960.00\u2069 NEXA'.
const AMOUNT = new RegExp(`(-?[\\d\\u202F.,]*\\d)\\u2069?[\\u00A0 ](${TICKERS.join('|')})(?![A-Za-z])`, 'g');
const groupedWith = (decimals: number) =>
  new RegExp(`^-?\\d{1,3}(?:\\u202F\\d{3})*${decimals > 0 ? `\\.\\d{${decimals}}` : ''}$`);
const LABELS = new Set([...Object.values(en), ...Object.values(fa)]);
const FIGURE_WORD = /(?:^|\s|\()[-+−$€£₽¥]?\d/;

/** Every '<figure> <TICKER>' in the page, checked against the coin's decimals and the spec's grouping. */
function checkAmounts(page: HTMLElement): string[] {
  const found: string[] = [];
  for (const node of textNodes(page)) {
    for (const [, figure = '', ticker = ''] of node.data.matchAll(AMOUNT)) {
      expect(figure, `${figure} ${ticker}`).toMatch(groupedWith(amountDecimals(ticker.toLowerCase())));
      found.push(`${figure} ${ticker}`);
    }
  }
  return found;
}

/** No figure grouped by a comma or a plain space, and one digit system: Latin. */
function checkGroupingAndDigits(page: HTMLElement) {
  for (const node of textNodes(page)) {
    expect(node.data, 'a comma or a plain space groups thousands').not.toMatch(/\d[, ]\d{3}(?!\d)/);
    expect(node.data, 'a Persian or Arabic digit').not.toMatch(/[\u06F0-\u06F9\u0660-\u0669\u066B\u066C]/);
  }
}

/** In right-to-left text every figure sits in an isolate of its own (decision 002, addendum). */
function checkIsolated(page: HTMLElement) {
  const loose: string[] = [];
  for (const node of textNodes(page)) {
    const text = node.data.trim();
    // A figure is a word that starts with a digit (after a sign or a currency symbol): '2.88',
    // '4.27%', '$4 290.00'; names with digits in them ('sha256d', 'Antminer S21 Pro') are not.
    if (!FIGURE_WORD.test(text) || LABELS.has(text) || /[\u2066-\u2068]/.test(text)) continue;
    let isolated = false;
    for (let element = node.parentElement; element && element !== page; element = element.parentElement) {
      if (element.localName === 'bdi' || element.hasAttribute('dir')) isolated = true;
    }
    if (!isolated) loose.push(text);
  }
  expect(loose).toEqual([]);
}

function checkPage(page: HTMLElement, locale: 'en' | 'fa'): string[] {
  checkGroupingAndDigits(page);
  if (locale === 'fa') checkIsolated(page);
  return checkAmounts(page);
}

const n = (text: string) => text.replaceAll(' ', '\u202F');
const testIdText = (page: HTMLElement, testId: string) => page.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe.each(['en', 'fa'] as const)('figures of every page type (%s)', (locale) => {
  it('home: daily estimates with their coin decimals, grouped', async () => {
    const page = await render(locale, '/', 'coin-list');
    const amounts = checkPage(page, locale);
    expect(amounts.some((amount) => amount.endsWith(' NEXA'))).toBe(true);
    expect(amounts.some((amount) => amount.endsWith(' XEC'))).toBe(true);
    expect(testIdText(page, 'pool-card-ltc')).toContain(n('12 345'));
  });

  it('coin page: payout figures, blocks and the calculator', async () => {
    const page = await render(locale, '/xec', 'calc-results');
    const amounts = checkPage(page, locale);
    expect(amounts).toEqual(expect.arrayContaining([`0.010000 XEC`, `${n('1 234.500000')} XEC`, `${n('1 812 500.123457')} XEC`]));
    for (const cell of page.querySelectorAll('[data-testid="calc-coins"]'))
      expect(cell.textContent).toMatch(groupedWith(amountDecimals('xec')));
    expect(testIdText(page, 'stat-height')).toBe(n('2 845 123'));
    expect(testIdText(page, 'stat-effort')).toBe('32.6%');
  });

  it('top miners: workers counted as on the miner page', async () => {
    const page = await render(locale, '/ltc/top-miners', 'top-miners');
    checkPage(page, locale);
    const catalogue = locale === 'en' ? en : fa;
    expect(page.querySelector('[data-testid="top-miners"] thead')?.textContent).toContain(catalogue['miner.workersOnline']);
  });

  it('miner stats: balances, merge-mined balances and rewards with their coin decimals', async () => {
    const page = await render(locale, `/ltc/miner/stats/${LTC_MINER}`, 'miner-workers');
    const amounts = checkPage(page, locale);
    expect(amounts).toEqual(
      expect.arrayContaining(['0.315417 LTC', '55.502367 LTC', `${n('1 234.500000')} LTC`, `${n('1 234.567890')} LTC`]),
    );
    const doge = page.querySelectorAll('[data-testid="miner-merged-doge"] dd');
    expect([...doge].map((cell) => cell.textContent)).toEqual([n('10 922.337935'), n('1 812 500.000000'), n('250.500000')]);
    expect(testIdText(page, 'miner-shares-valid')).toBe(n('1 234 567'));
    expect(page.querySelector('[data-testid="miner-out-of-date"]')).toBeNull();
  });

  it('worker: counts grouped, isolated', async () => {
    const page = await render(locale, `/ltc/miner/stats/${LTC_MINER}/rig01/pps`, 'worker-figures');
    checkPage(page, locale);
    expect(testIdText(page, 'worker-valid')).toContain(n('1 234 567'));
  });

  it('payouts: each payout and the totals with the coin decimals, Unpaid where not sent', async () => {
    const page = await render(locale, `/ltc/miner/payouts/${LTC_MINER}`, 'payouts');
    const amounts = checkPage(page, locale);
    expect(amounts).toEqual(
      expect.arrayContaining([
        '0.315417 LTC',
        `${n('1 234.500000')} LTC`,
        '55.502367 LTC',
        `${n('12.500000')} DOGE`,
        `${n('250.500000')} DOGE`,
      ]),
    );
    const catalogue = locale === 'en' ? en : fa;
    expect(page.querySelector('[data-testid="payouts"]')?.textContent).toContain(catalogue['payouts.status.unpaid']);
    // Every coin's row with its coin, its tx linked to that coin's explorer, and a total per coin.
    const rows = [...page.querySelectorAll('[data-testid="payout-row"]')];
    expect(rows.map((row) => row.getAttribute('data-coin'))).toEqual(['doge', 'ltc', 'ltc']);
    expect(rows[0]!.querySelector('a[data-testid="payout-txid"]')?.getAttribute('href')).toBe(
      `https://blockchair.com/dogecoin/transaction/${'ab'.repeat(32)}`,
    );
    expect(rows[1]!.querySelector('a[data-testid="payout-txid"]')?.getAttribute('href')).toBe(
      `https://blockchair.com/litecoin/transaction/${'cd'.repeat(32)}`,
    );
    expect(testIdText(page, 'payouts-total-doge')).toContain(`${n('250.500000')} DOGE`);
    expect(page.querySelectorAll('[data-testid="payouts-filter"] a')).toHaveLength(5);
    expect(page.querySelector(`[data-testid="payouts-pager"] a[href$="?before=43"]`)).not.toBeNull();
  });

  it('merge: each merged coin with its own figures from the API', async () => {
    const page = await render(locale, '/merge', 'merge-table');
    checkPage(page, locale);
    expect(testIdText(page, 'merge-row-fb')).toContain('4.40 PH/s');
    expect(testIdText(page, 'merge-row-fb')).toContain(n('1 443'));
    expect(testIdText(page, 'merge-row-doge')).toContain('1.10 PH/s');
    expect(testIdText(page, 'merge-row-doge')).toContain('10.000000 DOGE');
    // Never the parent pool's figures under a merged coin.
    expect(testIdText(page, 'merge-table')).not.toContain('2.88 EH/s');
  });
});

describe('notices and labels', () => {
  it('a miner with no worker online is out of date and gets no threshold estimate at 0 H/s', async () => {
    const api = stubApi({
      [apiPaths.minerPage('ltc', LTC_MINER)]: ltcMinerPage({
        stats: createMinerStats({ hashrate_10m: 0, workers_online: 0, workers_offline: 3, last_share: NOW_S - 3 * 3_600 }),
      }),
    });
    const page = await render('en', `/ltc/miner/stats/${LTC_MINER}`, 'miner-workers', api);
    expect(testIdText(page, 'miner-out-of-date')).toContain('This miner is out of date');
    expect(testIdText(page, 'miner-out-of-date')).toContain('3 hours ago');
    expect(testIdText(page, 'miner-threshold-eta')).toBe('At 0 H/s there is no estimate of when the threshold is reached');
    expect(testIdText(page, 'miner-threshold-eta')).not.toMatch(/Threshold reached in about/);
  });

  it('says Not enough data for a chart and a figure without data', async () => {
    const api = stubApi({ [apiPaths.minerPage('ltc', LTC_MINER)]: ltcMinerPage({ rewards: [] }) });
    const page = await render('en', `/ltc/miner/stats/${LTC_MINER}`, 'miner-workers', api);
    expect(testIdText(page, 'reward-chart-empty')).toContain('Not enough data');
    expect(testIdText(page, 'chart-empty')).toBe('Not enough data');
    expect(testIdText(page, 'miner-solo-effort')).toBe('Not enough data');
  });

  it('the calculator answers an empty hashrate and "abc" with the spec’s messages, not figures', async () => {
    const page = await render('en', '/ltc', 'calc-results');
    const type = (testId: string, value: string) => {
      const input = page.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('calc-hashrate', '');
    await vi.waitFor(() => expect(testIdText(page, 'calc-hashrate-problem')).toBe('This field is required.'));
    expect(page.querySelector('[data-testid="calc-results"]')).toBeNull();
    type('calc-hashrate', 'abc');
    await vi.waitFor(() =>
      expect(testIdText(page, 'calc-hashrate-problem')).toBe('The Hashrate field must contain only decimal values'),
    );
    type('calc-hashrate', '-5');
    await vi.waitFor(() => expect(testIdText(page, 'calc-hashrate-problem')).toBe('This field must be 0 or more.'));
    type('calc-hashrate', '16');
    await vi.waitFor(() => expect(page.querySelector('[data-testid="calc-results"]')).not.toBeNull());
    expect(page.querySelector('[data-testid="calc-hashrate"]')?.getAttribute('aria-invalid')).toBeNull();
  });
});
