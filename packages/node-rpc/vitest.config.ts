import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'node-rpc',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
  },
});
