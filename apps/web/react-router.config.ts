import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR: build elsewhere (e.g. `../web-copy/build`, a copy beside apps/web for
  // E2E_WEB_BUILD or BENCH_WEB_BUILD) so a build does not swap the assets of a site other work
  // in the same checkout is running from apps/web/build.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  // The whole route manifest as one hashed, cached asset instead of a partial manifest written
  // into every page: no route matching per path prefix per render (`getPartialManifest`, a
  // seventh of a render's allocations) and no `/__manifest` request before a
  // client-side navigation. Decision 015.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
