import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'metrics-port',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-fail-on-console.ts'],
  },
});
