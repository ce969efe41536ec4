import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
    // Every API test runs on a real PostgreSQL: on a busy 2-core machine (CI, a shared work
    // machine) a test that takes 1 s alone can take several. Time limits here catch hangs,
    // never slowness (timings belong in bench/).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
