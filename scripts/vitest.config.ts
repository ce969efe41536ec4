import { defineConfig } from 'vitest/config';

// Checks of the whole repository that belong to no one package (the root vitest.config.ts
// runs this project with the others, so `npm test` and `npm run test:unit` run them).
export default defineConfig({
  test: {
    name: 'repo',
    include: ['*.test.ts'],
    setupFiles: ['./vitest-fail-on-console.ts'],
    // Parsing every tracked source file takes seconds on a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
