import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { articles } from './vite-plugins/articles.ts';
import { compiledCatalogs } from './vite-plugins/compiled-catalogs.ts';
import { precompress } from './vite-plugins/precompress.ts';

// Every page loads React, React Router and the site's frame; as two chunks instead of some thirty
// they compress better and cost fewer requests (decision record 006). Only modules a page
// imports statically ($initial) join them: lazy ones (the currency list, the mobile menu's
// dialog, the error page, the integrations) stay chunks of their own. The domain modules named
// here are the ones the frame and the home page use. The profile provider, the page error map
// and the telemetry loader were shared/ parts until decision 035 and stay in the frame.
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const FRAME = new RegExp(
  [
    String.raw`[\\/]apps[\\/]web[\\/]app[\\/](root\.tsx|features[\\/](layout|currency|i18n)[\\/]|shared[\\/]|platform[\\/](profile\.tsx|http-errors\.ts|telemetry[\\/]))`,
    String.raw`[\\/]packages[\\/]domain[\\/]src[\\/](coins|format|locales|api-constants|site-links|mining|referral)\.ts$`,
  ].join('|'),
);

export default defineConfig({
  plugins: [compiledCatalogs(), articles(), tailwindcss(), reactRouter(), precompress()],
  // `~/` (tsconfig.json's paths): the build's bundler reads tsconfig on its own, the dev server's
  // resolver only with this, so without it `npm run dev` failed on the first `~/` import.
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'vendor', test: VENDOR, tags: ['$initial'], priority: 2 },
                { name: 'frame', test: FRAME, tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
