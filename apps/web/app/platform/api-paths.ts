/**
 * Every path of the pool API the web app calls, in one place (decision 007): a route or a
 * component never spells an API path, so a renamed endpoint is one edit here. Coin, address
 * and worker are encoded: they come from the URL the visitor typed.
 */
const segment = encodeURIComponent;
const coinBase = (coin: string) => `/${segment(coin)}/api`;
const minerPath = (coin: string, version: 'v1' | 'v3', what: string, address: string) =>
  `${coinBase(coin)}/${version}/miner/${what}/${segment(address)}`;

export const apiPaths = {
  pools: () => '/api/v1/pools',
  merged: () => '/api/v1/merged',
  rates: () => '/api/v1/rates',
  limits: () => '/api/v1/limits',
  watchTarget: (token: string) => `/api/v1/watch/${segment(token)}`,
  minerWatchers: (coin: string, address: string) => minerPath(coin, 'v1', 'watchers', address),
  referralTrack: () => '/api/v1/referral/track',
  // A mail's confirm and unsubscribe links (decision 012); the token goes in the query.
  notifyLink: (purpose: string) => `/api/v1/notify/${segment(purpose)}/state`,
  notifyAction: (purpose: string) => `/api/v1/notify/${segment(purpose)}`,
  poolStats: (coin: string) => `${coinBase(coin)}/v1/pool/stats`,
  poolChart: (coin: string) => `${coinBase(coin)}/v1/pool/chart`,
  networkChart: (coin: string) => `${coinBase(coin)}/v1/network/chart`,
  topMiners: (coin: string) => `${coinBase(coin)}/v1/top-miners`,
  minerStats: (coin: string, address: string) => minerPath(coin, 'v1', 'stats', address),
  minerChart: (coin: string, address: string) => minerPath(coin, 'v1', 'chart', address),
  minerWorkers: (coin: string, address: string) => minerPath(coin, 'v3', 'workers', address),
  minerRewards: (coin: string, address: string) => minerPath(coin, 'v1', 'rewards', address),
  minerAlerts: (coin: string, address: string) => minerPath(coin, 'v1', 'alerts', address),
  minerPayouts: (coin: string, address: string) => minerPath(coin, 'v1', 'payouts', address),
  minerBalance: (coin: string, address: string) => minerPath(coin, 'v1', 'balance', address),
  minerSettings: (coin: string, address: string) => minerPath(coin, 'v1', 'settings', address),
  minerExport: (coin: string, address: string) => minerPath(coin, 'v1', 'export', address),
  minerQuality: (coin: string, address: string) => minerPath(coin, 'v1', 'quality', address),
  minerBestShares: (coin: string, address: string) => minerPath(coin, 'v1', 'best-shares', address),
  minerReported: (coin: string, address: string) => minerPath(coin, 'v1', 'reported', address),
  minerWorker: (coin: string, address: string, worker: string) =>
    `${minerPath(coin, 'v1', 'worker', address)}/${segment(worker)}`,
} as const;

// The paths whose answer is the same for every visitor (no miner in them): the web server may
// reuse these for their max-age (api-reuse.server.ts). A path added above is not pool-wide until
// it is listed here, and `api-paths.test.ts` holds every builder to one side or the other.
const POOL_WIDE =
  /^(?:\/api\/v1\/(?:pools|merged|rates|limits)|\/[^/]+\/api\/v1\/(?:pool\/stats|pool\/chart|network\/chart|top-miners))$/;

export function isPoolWidePath(path: string): boolean {
  return POOL_WIDE.test(path);
}
