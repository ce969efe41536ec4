import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { articles } from './vite-plugins/articles.ts';
import { compiledCatalogs } from './vite-plugins/compiled-catalogs.ts';

export default defineConfig({
  plugins: [compiledCatalogs(), articles()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
    // Property tests and the lint probes run for seconds on a loaded 2-core machine (they
    // timed out at 5 s beside other work); their time is not what they test.
    testTimeout: 30_000,
  },
});
