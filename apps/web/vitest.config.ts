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
  },
});
