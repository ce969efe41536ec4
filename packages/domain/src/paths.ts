/**
 * Every path the two apps share, once (decision 021): the API's route templates, which Fastify
 * registers and the web app fills, and the site's page paths, which the web app links and the
 * API's mails and redirects name. A renamed endpoint or page is one edit here, and neither app
 * can spell a path the other does not serve. Site paths carry no locale prefix: `localizePath`
 * adds the visitor's (or the subscriber's) language.
 */

/** The public API's routes, in Fastify's `:param` form. */
export const API_ROUTES = {
  pools: '/api/v1/pools',
  merged: '/api/v1/merged',
  rates: '/api/v1/rates',
  limits: '/api/v1/limits',
  profile: '/api/v2/profile',
  dailyRevenue: '/api/v2/daily-revenue/:coin',
  watchTarget: '/api/v1/watch/:token',
  referralTrack: '/api/v1/referral/track',
  notifyAction: '/api/v1/notify/:purpose',
  notifyState: '/api/v1/notify/:purpose/state',
  hardwareList: '/api/v1/hardware/:type',
  hardwareVendor: '/api/v1/hardware/vendors/:vendor',
  hardwareDevice: '/api/v1/hardware/:type/:vendor/:slug',
  poolStats: '/:coin/api/v1/pool/stats',
  poolChart: '/:coin/api/v1/pool/chart',
  networkChart: '/:coin/api/v1/network/chart',
  blocks: '/:coin/api/v1/blocks',
  topMiners: '/:coin/api/v1/top-miners',
  minerStats: '/:coin/api/v1/miner/stats/:address',
  // Everything the miner stats page shows, in one read (decision 034).
  minerPage: '/:coin/api/v1/miner/page/:address',
  minerChart: '/:coin/api/v1/miner/chart/:address',
  minerWorkers: '/:coin/api/v3/miner/workers/:address',
  minerWorker: '/:coin/api/v1/miner/worker/:address/:worker',
  minerPayouts: '/:coin/api/v1/miner/payouts/:address',
  minerPayoutsAll: '/:coin/api/v2/miner/payouts/:address',
  minerBalance: '/:coin/api/v1/miner/balance/:address',
  minerRewards: '/:coin/api/v1/miner/rewards/:address',
  minerAlerts: '/:coin/api/v1/miner/alerts/:address',
  minerSettings: '/:coin/api/v1/miner/settings/:address',
  minerExport: '/:coin/api/v1/miner/export/:address',
  minerQuality: '/:coin/api/v1/miner/quality/:address',
  minerBestShares: '/:coin/api/v1/miner/best-shares/:address',
  minerReported: '/:coin/api/v1/miner/reported/:address',
  minerWatchers: '/:coin/api/v1/miner/watchers/:address',
  minerWatchersList: '/:coin/api/v1/miner/watchers/:address/list',
  minerWatchersRevoke: '/:coin/api/v1/miner/watchers/:address/revoke',
  audit: '/:coin/api/v1/audit',
  auditPeriod: '/:coin/api/v1/audit/:period',
  auditProof: '/:coin/api/v1/audit/:period/proof/:address',
  ingest: '/internal/v1/events',
} as const;

export type ApiRoute = keyof typeof API_ROUTES;

/** The `:param` names of a template: `'/:coin/api/v1/miner/stats/:address'` -> `'coin' | 'address'`. */
export type RouteParams<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path with its parameters filled, each encoded (they come from what a visitor typed). */
export function apiPath<R extends ApiRoute>(route: R, params: Record<RouteParams<(typeof API_ROUTES)[R]>, string>): string {
  const values = params as Record<string, string>;
  return API_ROUTES[route].replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

export type MinerPage = 'stats' | 'payouts' | 'settings' | 'verify';
export type NotifyPurpose = 'confirm' | 'unsubscribe';

const segment = encodeURIComponent;

/** The site's pages, without a locale prefix. */
export const sitePaths = {
  home: () => '/',
  coin: (coin: string) => `/${coin}`,
  miner: (coin: string, page: MinerPage, address: string) => `/${coin}/miner/${page}/${segment(address)}`,
  worker: (coin: string, address: string, worker: string, scheme: string) =>
    `/${coin}/miner/stats/${segment(address)}/${segment(worker)}/${segment(scheme)}`,
  article: (slug: string) => `/articles/${slug}`,
  supportArticle: (language: string) => `/articles/get-support-${language}`,
  deviceType: (type: string) => `/device/${type}`,
  /** `/device/{vendor}`, or `/device/{type}/{vendor}` with a type. */
  deviceVendor: (vendor: string, type?: string | null) => (type ? `/device/${type}/${vendor}` : `/device/${vendor}`),
  device: (device: { type: string; vendor: string; slug: string }) => `/device/${device.type}/${device.vendor}/${device.slug}`,
  notify: (purpose: NotifyPurpose) => `/notify/${purpose}`,
  /** A watcher link's pages (decision 023). */
  watch: (token: string) => `/watch/${segment(token)}`,
  watchPayouts: (token: string) => `/watch/${segment(token)}/payouts`,
  watchWorker: (token: string, worker: string, scheme: string) =>
    `/watch/${segment(token)}/${segment(worker)}/${segment(scheme)}`,
} as const;
