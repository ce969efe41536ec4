// @vitest-environment happy-dom
/**
 * Route tests (style.md: the Epic Stack's way): the miner stats, worker and
 * settings routes' real loaders and components, under `createRoutesStub` with a stubbed API client in the
 * router context, for the three answers of `lookup()`: found, not found (404) and unavailable
 * (503). The status comes from the loader itself, as the server would send it.
 */
import type { MinerAlerts, MinerStats, workerRowSchema } from '@openpool/domain/api';
import type { z } from 'zod';
import { COINS } from '@openpool/domain/coins';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, RouterContextProvider, createRoutesStub, type LoaderFunction } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Translator } from '~/i18n/translator';
import { I18nProvider } from '~/i18n/use-t';
import { poolDefaults } from '~/features/pool/pool-stats';
import { ApiError, ApiUnreachableError, type ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import { NOW_S, createMinerPage, createMinerStats as createMinerStatsFor } from '~/testing/payloads';
import * as settingsRoute from './settings';
import * as statsRoute from './stats';
import * as workerRoute from './worker';

const COIN = 'ltc';
const ADDRESS = 'ltc1qroutetest';

type WorkerRow = z.infer<typeof workerRowSchema>;

const createMinerStats = (overrides: Partial<MinerStats> = {}) => createMinerStatsFor(COIN, ADDRESS, overrides);

const createWorker = (overrides: Partial<WorkerRow> = {}): WorkerRow => ({
  worker: 'rig01',
  scheme: 'pps',
  status: 'online',
  agent: 'cgminer/4.12',
  country: null,
  hashrate_10m: 2.5e9,
  avg_hashrate_30m: 2.5e9,
  avg_hashrate_3h: 2.4e9,
  avg_hashrate_24h: 2.3e9,
  valid: 900,
  stale: 5,
  invalid: 1,
  last_share: (NOW_S - 60) * 1000,
  first_share: (NOW_S - 86_400) * 1000,
  first_share_difficulty: 512,
  last_share_difficulty: 1024,
  hashrate_so_far: null,
  ...overrides,
});

const noAlerts: MinerAlerts = { email: null, telegram_chats: 0, telegram_bot: null, telegram_link: null };
// One point: the chart keeps its placeholder and loads no drawing library in the test.
const onePoint = { t: NOW_S - 600, hashrate: 2.5e9, valid: 10, stale: 0, invalid: 0 };

/** The pool API as a table of answers by path; a path it does not know is the API's 404. */
function stubApi(answers: Record<string, unknown>): ApiClient & { paths: string[] } {
  const paths: string[] = [];
  return {
    baseUrl: 'http://api.test',
    paths,
    async request<T>(path: string): Promise<T> {
      paths.push(path);
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new ApiError(404, { error: 'not_found' }, `http://api.test${path}`);
      return answer as T;
    },
  };
}

/** Every call times out, as when the API is down. */
const downApi: ApiClient = {
  baseUrl: 'http://api.test',
  request: () => Promise.reject(new ApiUnreachableError('API unreachable at http://api.test: timeout')),
};

// The stats page's one read (decision 034).
const foundMinerApi = () =>
  stubApi({
    [apiPaths.minerPage(COIN, ADDRESS)]: createMinerPage(COIN, ADDRESS, {
      stats: createMinerStats(),
      chart: { range: '24h', step: 600, points: [onePoint] },
      alerts: noAlerts,
    }),
  });

/** These loaders read only the API from the app context. */
function contextWith(api: ApiClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, { api } as Partial<AppContext> as AppContext);
  return context;
}

/** The coin layout hands its pages the coin through the Outlet (features/pool/coin-context). */
function CoinOutlet() {
  return <Outlet context={{ coin: COINS.ltc, pool: poolDefaults(COIN), info: null }} />;
}

let i18n: Translator;
let root: Root | undefined;
let host: HTMLElement;

beforeAll(async () => {
  i18n = await loadCatalogue('en');
  // The router settles on its own after the loaders answer; no act() to wrap it in.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
});

/** Renders `url` through the route's real loader and component; resolves once `testId` shows. */
async function render(
  route: { loader: unknown; default: unknown },
  pattern: string,
  url: string,
  api: ApiClient,
  testId: string,
): Promise<HTMLElement> {
  const Stub = createRoutesStub(
    [
      {
        path: '/:coin',
        Component: CoinOutlet,
        children: [{ path: pattern, loader: route.loader as LoaderFunction, Component: route.default as ComponentType }],
      },
    ],
    contextWith(api),
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nProvider>,
  );
  await vi.waitFor(() => expect(host.querySelector(`[data-testid="${testId}"]`)).not.toBeNull(), { timeout: 5000 });
  return host;
}

/** What the server would answer: the loader's own status (200 unless it says otherwise). */
async function statusOf(loader: unknown, url: string, params: Record<string, string>, api: ApiClient): Promise<number> {
  // As React Router calls a loader: the raw request, and `url`, the page's own URL.
  const result = await (loader as LoaderFunction)({
    request: new Request(`http://site.test${url}`),
    url: new URL(`http://site.test${url}`),
    params,
    context: contextWith(api),
    pattern: '',
  } as unknown as Parameters<LoaderFunction>[0]);
  return (result as { init?: { status?: number } } | null)?.init?.status ?? 200;
}

describe('miner stats route', () => {
  const url = `/${COIN}/miner/stats/${ADDRESS}`;
  const params = { coin: COIN, address: ADDRESS };
  const pattern = 'miner/stats/:address';

  it('found: the figures, the workers and status 200', async () => {
    const api = foundMinerApi();
    const page = await render(statsRoute, pattern, url, api, 'miner-workers');
    expect(page.querySelector('[data-testid="miner-address"]')?.textContent).toBe(ADDRESS);
    expect(page.querySelector('[data-testid="miner-hashrate-10m"]')?.textContent).toBe('2.50 GH/s');
    expect(page.querySelectorAll('[data-testid="worker-row"]')).toHaveLength(1);
    expect(page.querySelector('[data-testid="nothing-found"]')).toBeNull();
    expect(await statusOf(statsRoute.loader, url, params, foundMinerApi())).toBe(200);
  });

  it('not found: an address the pool never saw is Nothing found with status 404', async () => {
    const api = stubApi({}); // every call is the API's 404
    const page = await render(statsRoute, pattern, url, api, 'nothing-found');
    expect(page.textContent).toContain('Nothing found');
    expect(page.textContent).toContain('The pool has not received shares from this address.');
    expect(page.querySelector('[data-testid="miner-workers"]')).toBeNull();
    expect(await statusOf(statsRoute.loader, url, params, stubApi({}))).toBe(404);
  });

  it('unavailable: the API down keeps the address on the page, says so, and answers 503', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await render(statsRoute, pattern, url, downApi, 'miner-unavailable');
    expect(page.querySelector('[data-testid="miner-address"]')?.textContent).toBe(ADDRESS);
    expect(page.querySelector('[data-testid="miner-unavailable"]')?.textContent).toBe(
      'Miner statistics are unavailable right now. Please try again in a minute.',
    );
    expect(await statusOf(statsRoute.loader, url, params, downApi)).toBe(503);
    // Logged once per call with what was asked, never as an error page.
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^miner stats ltc: API unreachable/));
    warn.mockRestore();
  });

  it('treats a payload off its schema as unavailable, not as found', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = foundMinerApi();
    const broken = stubApi({ [apiPaths.minerPage(COIN, ADDRESS)]: { stats: { coin: COIN } } });
    expect(await statusOf(statsRoute.loader, url, params, { ...api, request: broken.request })).toBe(503);
    warn.mockRestore();
  });
});

describe('worker route', () => {
  const url = `/${COIN}/miner/stats/${ADDRESS}/rig01`;
  const params = { coin: COIN, address: ADDRESS, worker: 'rig01' };
  const pattern = 'miner/stats/:address/:worker/:scheme?';
  const foundWorkerApi = () =>
    stubApi({
      [apiPaths.minerWorker(COIN, ADDRESS, 'rig01')]: { worker: createWorker(), range: '24h', step: 600, points: [onePoint] },
    });

  it('found: the worker figures with its scheme and status 200', async () => {
    const page = await render(workerRoute, pattern, url, foundWorkerApi(), 'worker-figures');
    expect(page.querySelector('[data-testid="worker-status"]')?.textContent).toBe('Online');
    expect(page.querySelector('[data-testid="worker-scheme"]')?.textContent).toBe('PPS+');
    expect(page.querySelector('[data-testid="worker-agent"]')?.textContent).toBe('cgminer/4.12');
    expect(await statusOf(workerRoute.loader, url, params, foundWorkerApi())).toBe(200);
  });

  it('not found: a worker the miner does not have is Nothing found with status 404', async () => {
    const page = await render(workerRoute, pattern, url, stubApi({}), 'nothing-found');
    expect(page.textContent).toContain('Nothing found');
    expect(page.querySelector('[data-testid="worker-figures"]')).toBeNull();
    expect(await statusOf(workerRoute.loader, url, params, stubApi({}))).toBe(404);
  });

  it('unavailable: the API down keeps the way back to the miner, says so, and answers 503', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await render(workerRoute, pattern, url, downApi, 'worker-back');
    expect(page.textContent).toContain('Miner statistics are unavailable right now.');
    expect(page.querySelector('[data-testid="worker-back"]')?.getAttribute('href')).toBe(`/${COIN}/miner/stats/${ADDRESS}`);
    expect(page.querySelector('[data-testid="worker-figures"]')).toBeNull();
    expect(await statusOf(workerRoute.loader, url, params, downApi)).toBe(503);
    warn.mockRestore();
  });
});

describe('settings route', () => {
  const url = `/${COIN}/miner/settings/${ADDRESS}`;
  const params = { coin: COIN, address: ADDRESS };
  const pattern = 'miner/settings/:address?';
  const createSettings = (active: boolean) => ({
    payout_threshold: '0.1',
    min_payout: '0.01',
    email_set: false,
    notify_offline: false,
    notify_payouts: false,
    email_confirmed: false,
    offline_after_min: 10,
    hashrate_drop_pct: null,
    active,
  });
  const settingsApi = (active: boolean) => stubApi({ [apiPaths.minerSettings(COIN, ADDRESS)]: createSettings(active) });

  it('asks the settings endpoint alone whether the form is on', async () => {
    const api = settingsApi(true);
    const page = await render(settingsRoute, pattern, url, api, 'settings-form');
    expect(page.querySelector('[data-testid="settings-inactive"]')).toBeNull();
    expect(page.querySelector('[data-testid="settings-form"] fieldset')?.hasAttribute('disabled')).toBe(false);
    expect(api.paths).toEqual([apiPaths.minerSettings(COIN, ADDRESS)]);
    expect(await statusOf(settingsRoute.loader, url, params, settingsApi(true))).toBe(200);
  });

  it('an address that never sent a share gets the form, disabled, with the reason', async () => {
    const page = await render(settingsRoute, pattern, url, settingsApi(false), 'settings-inactive');
    expect(page.querySelector('[data-testid="settings-form"] fieldset')?.hasAttribute('disabled')).toBe(true);
  });

  // A threshold of -1 once read 'This field field must be 0.001 or more.'
  it('a threshold below the minimum says the minimum in plain words, and sends nothing', async () => {
    const api = settingsApi(true);
    const page = await render(settingsRoute, pattern, url, api, 'settings-form');
    const type = (name: string, value: string) => {
      const input = page.querySelector<HTMLInputElement>(`[data-testid="settings-form"] input[name="${name}"]`)!;
      // React tracks the value through the element's own setter: set it as a browser would.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('payout_threshold', '-1');
    type('ip', '192.0.2.1');
    page.querySelector<HTMLButtonElement>('[data-testid="settings-form"] button[type="submit"]')!.click();
    await vi.waitFor(() => expect(page.querySelector('[data-testid^="problem-"]')).not.toBeNull());
    const problems = [...page.querySelectorAll('[data-testid^="problem-"]')].map((p) => p.textContent);
    expect(problems).toEqual(['This field must be 0.01 or more.']);
    expect(api.paths).toEqual([apiPaths.minerSettings(COIN, ADDRESS)]);
  });

  it('a malformed address is Nothing found (404); the API down says so (503)', async () => {
    const malformed = stubApi({
      [apiPaths.minerSettings(COIN, ADDRESS)]: new ApiError(400, { error: 'bad_request' }, 'http://api.test/x'),
    });
    expect(await statusOf(settingsRoute.loader, url, params, malformed)).toBe(404);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await statusOf(settingsRoute.loader, url, params, downApi)).toBe(503);
    warn.mockRestore();
  });
});
