/**
 * The API test files' common setup: a fresh harness per test, closed after it, and the test
 * database server stopped once the file is done.
 */
import { afterAll, afterEach } from 'vitest';
import { stopTestServer } from './database.ts';
import { createHarness, type Harness } from './harness.ts';

/** Call at a file's top level; the function it returns opens the test's harness. */
export function harnessPerTest(): (...args: Parameters<typeof createHarness>) => Promise<Harness> {
  let current: Harness | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await stopTestServer();
  });
  return async (...args) => (current = await createHarness(...args));
}
