import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest as one hashed, cached asset instead of a partial manifest written
  // into every page: no route matching per path prefix per render (`getPartialManifest`, a
  // seventh of a render's allocations) and no `/__manifest` request before a
  // client-side navigation. Decision 015.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
