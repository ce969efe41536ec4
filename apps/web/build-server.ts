/**
 * `npm run build`'s last step: server.ts and the workspace code it imports as one plain
 * JavaScript file, build/server.js, which production runs (`npm start`, the benches, the browser
 * tests). Node could run server.ts as it is, but stripping TypeScript loads Node's type
 * stripper, a WebAssembly build of SWC, into the server for its whole life: about 20 MB of RSS
 * at start and 30-40 MB under load for code that ran once (decision 015).
 * Packages stay imports (node_modules is there in production); `@openpool/*` is TypeScript
 * source, so it is bundled in.
 */
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const here = import.meta.dirname;

const bundle = await rolldown({
  input: join(here, 'server.ts'),
  platform: 'node',
  // Only Node's modules and npm packages stay imports; anything else (a relative file, the
  // workspace's TypeScript, an alias the bundler cannot resolve) is bundled or fails here, at
  // build time, not when the server starts.
  external: (id) => /^(node:|[a-z]|@(?!openpool\/))/.test(id),
  logLevel: 'warn',
});
// WEB_BUILD_DIR: the same folder react-router.config.ts builds into.
await bundle.write({ file: join(here, process.env.WEB_BUILD_DIR ?? 'build', 'server.js'), format: 'esm' });
await bundle.close();
console.log(`web: ${join(process.env.WEB_BUILD_DIR ?? 'build', 'server.js')} written`);
