import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stratum',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
    // The regtest tests start real litecoind nodes; they need more than the default 5 s.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
