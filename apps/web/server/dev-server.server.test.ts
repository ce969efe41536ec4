/**
 * `npm run dev` (NODE_ENV=development): the web server reads the app through Vite's dev server.
 * Its resolver must follow tsconfig's `~/` paths like the build's bundler does; without that,
 * the first page failed on `~/platform/context` while every production test stayed green.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevServer } from './web-server.server';

describe('the development server', () => {
  it('loads the server build from the sources, `~/` imports and every route module included', async () => {
    // No hot reload: its WebSocket's fixed port, held by another run, would fail this test.
    const dev = await startDevServer(join(import.meta.dirname, '..'), { hot: false });
    try {
      const build = await dev.devBuild();
      expect(Object.keys(build.routes)).toContain('home');
      // A route module is only imported when a request reaches it: import one that uses `~/`.
      const home = build.routes.home;
      expect(typeof (await Promise.resolve(home?.module))?.loader).toBe('function');
    } finally {
      await dev.close();
    }
  }, 60_000);
});
