/**
 * Every path of the pool API the web app calls, in one place (decision 007): a route or a
 * component never spells an API path. The templates are the API's own (`@openpool/domain/paths`,
 * which Fastify registers), so a renamed endpoint is one edit for both apps. Coin, address and
 * worker are encoded: they come from the URL the visitor typed.
 */
import { apiPath } from '@openpool/domain/paths';

export const apiPaths = {
  pools: () => apiPath('pools', {}),
  merged: () => apiPath('merged', {}),
  rates: () => apiPath('rates', {}),
  limits: () => apiPath('limits', {}),
  watchTarget: (token: string) => apiPath('watchTarget', { token }),
  minerWatchers: (coin: string, address: string) => apiPath('minerWatchers', { coin, address }),
  referralTrack: () => apiPath('referralTrack', {}),
  profile: () => apiPath('profile', {}),
  // A mail's confirm and unsubscribe links (decision 012); the token goes in the query.
  notifyLink: (purpose: string) => apiPath('notifyState', { purpose }),
  notifyAction: (purpose: string) => apiPath('notifyAction', { purpose }),
  poolStats: (coin: string) => apiPath('poolStats', { coin }),
  poolChart: (coin: string) => apiPath('poolChart', { coin }),
  networkChart: (coin: string) => apiPath('networkChart', { coin }),
  topMiners: (coin: string) => apiPath('topMiners', { coin }),
  blocks: (coin: string) => apiPath('blocks', { coin }),
  minerStats: (coin: string, address: string) => apiPath('minerStats', { coin, address }),
  /** Everything the miner stats page shows, in one read (decision 034). */
  minerPage: (coin: string, address: string) => apiPath('minerPage', { coin, address }),
  minerChart: (coin: string, address: string) => apiPath('minerChart', { coin, address }),
  minerWorkers: (coin: string, address: string) => apiPath('minerWorkers', { coin, address }),
  minerRewards: (coin: string, address: string) => apiPath('minerRewards', { coin, address }),
  /** The coin's audit periods (decision 025). */
  audit: (coin: string) => apiPath('audit', { coin }),
  minerAlerts: (coin: string, address: string) => apiPath('minerAlerts', { coin, address }),
  minerPayouts: (coin: string, address: string) => apiPath('minerPayouts', { coin, address }),
  minerPayoutsAll: (coin: string, address: string) => apiPath('minerPayoutsAll', { coin, address }),
  minerBalance: (coin: string, address: string) => apiPath('minerBalance', { coin, address }),
  minerSettings: (coin: string, address: string) => apiPath('minerSettings', { coin, address }),
  minerExport: (coin: string, address: string) => apiPath('minerExport', { coin, address }),
  minerQuality: (coin: string, address: string) => apiPath('minerQuality', { coin, address }),
  minerBestShares: (coin: string, address: string) => apiPath('minerBestShares', { coin, address }),
  minerReported: (coin: string, address: string) => apiPath('minerReported', { coin, address }),
  minerWorker: (coin: string, address: string, worker: string) => apiPath('minerWorker', { coin, address, worker }),
} as const;

// The paths whose answer is the same for every visitor (no miner in them): the web server may
// reuse these for their max-age (api-reuse.server.ts). A path added above is not pool-wide until
// it is listed here, and `api-paths.test.ts` holds every builder to one side or the other.
const POOL_WIDE =
  /^(?:\/api\/v1\/(?:pools|merged|rates|limits)|\/[^/]+\/api\/v1\/(?:pool\/stats|pool\/chart|network\/chart|top-miners))$/;

export function isPoolWidePath(path: string): boolean {
  return POOL_WIDE.test(path);
}
