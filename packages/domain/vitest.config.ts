import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
    // Property tests and the lint probes run for seconds on a loaded 2-core machine (they
    // timed out at 5 s beside other work); their time is not what they test.
    testTimeout: 30_000,
  },
});
