import { defineConfig } from 'vitest/config';

// The operator's side (decision 022): alert rules, a real Prometheus against the real processes,
// the dashboard's queries, rolling restarts. Run after `npm run build` (the web server is
// scraped too): `npm run test:ops`, and by `npm test` after the build.
export default defineConfig({
  test: {
    name: 'ops',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    setupFiles: ['../scripts/vitest-fail-on-console.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // Each file starts its own processes on fixed ports: one file at a time on two cores.
    fileParallelism: false,
  },
});
